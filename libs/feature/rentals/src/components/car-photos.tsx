import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Button, FileUpload, FormAlert } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { companyApi, rentalKeys, type RentalCar } from '../api';

const ACCEPT = ['image/jpeg', 'image/png', 'image/webp'];

/** The car's photos: upload one at a time (image guard: 8 MB), remove any. */
export function CarPhotos({ car }: { car: RentalCar }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const done = (next: RentalCar) => {
    qc.setQueryData(rentalKeys.fleetCar(car.id), next);
    void qc.invalidateQueries({ queryKey: rentalKeys.fleet });
  };
  const upload = async () => {
    if (!file) return;
    setBusy('upload');
    setProblem(null);
    try {
      done(await companyApi.addPhoto(car.id, file));
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (i: number) => {
    setBusy(`rm-${i}`);
    setProblem(null);
    try {
      done(await companyApi.removePhoto(car.id, i));
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="grid gap-4">
      {car.photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">No photos yet. Renters book cars with photos far more often: add the outside, the inside and the boot.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos">
          {car.photos.map((p, i) => (
            <li key={p} className="grid gap-1">
              <img src={mediaUrl(p) ?? undefined} alt={`${car.make} ${car.model}, view ${i + 1}`} className="aspect-[4/3] w-full rounded-md object-cover" />
              <Button variant="ghost" size="sm" onClick={() => void remove(i)} loading={busy === `rm-${i}`} aria-label={`Remove photo ${i + 1}`}>
                <Trash2 aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 sm:max-w-sm">
        <FileUpload key={inputKey} label="Add a photo" accept={ACCEPT} maxBytes={8 * 1024 * 1024} onFileChange={setFile} />
        <Button onClick={() => void upload()} disabled={!file} loading={busy === 'upload'} className="w-fit">
          Upload the photo
        </Button>
      </div>
      <FormAlert>{problem}</FormAlert>
    </div>
  );
}
