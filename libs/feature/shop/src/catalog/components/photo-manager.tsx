import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Button, FormAlert, Label } from '@sojourn/ui';
import { ChevronLeft, ChevronRight, ImagePlus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { vendorCatalogApi, type Product } from '../api';

const vendorPhotos = { add: vendorCatalogApi.addPhoto, remove: vendorCatalogApi.deletePhoto, order: vendorCatalogApi.orderPhotos };

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const MAX_BYTES = 5 * 1024 * 1024;
const MAX_PHOTOS = 10;

/** The product's photos: add several at once (each checked and re-encoded by the API), move one earlier or later, remove one. The first is the cover. */
export function PhotoManager({
  product,
  onChange,
  calls = vendorPhotos,
}: {
  product: Product;
  onChange: (p: Product) => void;
  /** The upload routes: the vendor's own (add and remove), or the admin's (add only). */
  calls?: {
    add: (id: string, f: File) => Promise<Product>;
    remove?: ((id: string, photoId: string) => Promise<Product>) | undefined;
    order?: ((id: string, photoIds: string[]) => Promise<Product>) | undefined;
  };
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(null);
    let current = product;
    const problems: string[] = [];
    for (const f of [...files].slice(0, Math.max(0, MAX_PHOTOS - product.photos.length))) {
      if (!PHOTO_TYPES.includes(f.type)) {
        problems.push(`${f.name}: choose a JPEG, PNG, WebP or GIF image.`);
        continue;
      }
      if (f.size > MAX_BYTES) {
        problems.push(`${f.name}: the limit is 5 MB.`);
        continue;
      }
      setBusy(`Uploading ${f.name}…`);
      try {
        current = await calls.add(product.id, f);
        onChange(current);
      } catch (e) {
        problems.push(`${f.name}: ${errorMessage(e)}`);
      }
    }
    setBusy(null);
    if (files.length > MAX_PHOTOS - product.photos.length) problems.push(`A product has at most ${MAX_PHOTOS} photos.`);
    if (problems.length) setError(problems.join(' '));
    if (input.current) input.current.value = '';
  };
  const remove = async (photoId: string) => {
    setError(null);
    setBusy('Removing the photo…');
    try {
      if (calls.remove) onChange(await calls.remove(product.id, photoId));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const move = async (from: number, to: number) => {
    if (!calls.order || to < 0 || to >= product.photos.length) return;
    const ids = product.photos.map((p) => p.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    setError(null);
    setBusy('Moving the photo…');
    try {
      onChange(await calls.order(product.id, ids));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="grid gap-3">
      {product.photos.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label="Photos">
          {product.photos.map((p, i) => (
            <li key={p.id} className="grid w-32 gap-1">
              <img src={mediaUrl(p.thumb_url || p.url) ?? ''} alt={`View ${i + 1}${i === 0 ? ' (cover)' : ''}`} className="aspect-square w-32 rounded-md border object-cover" />
              <span className="flex flex-wrap items-center justify-between gap-x-1 text-xs text-muted-foreground">
                {i === 0 ? 'Cover' : `Photo ${i + 1}`}
                {calls.order && product.photos.length > 1 && (
                  <span className="flex">
                    <Button variant="ghost" size="sm" className="h-7 px-1" aria-label={`Move view ${i + 1} earlier`} disabled={Boolean(busy) || i === 0} onClick={() => void move(i, i - 1)}>
                      <ChevronLeft aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-1"
                      aria-label={`Move view ${i + 1} later`}
                      disabled={Boolean(busy) || i === product.photos.length - 1}
                      onClick={() => void move(i, i + 1)}
                    >
                      <ChevronRight aria-hidden />
                    </Button>
                  </span>
                )}
                {calls.remove && (
                  <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={`Remove view ${i + 1}`} disabled={Boolean(busy)} onClick={() => void remove(p.id)}>
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No photos yet. Products with clear photos on a plain background sell best; the first photo is the cover.</p>
      )}
      {product.photos.length < MAX_PHOTOS && (
        <div className="flex flex-wrap items-center gap-3">
          <Label htmlFor="photo-files" className="sr-only">
            Add photos
          </Label>
          <input ref={input} id="photo-files" type="file" multiple accept={PHOTO_TYPES.join(',')} className="sr-only" onChange={(e) => void add(e.target.files)} />
          <Button variant="outline" loading={Boolean(busy)} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden /> Add photos
          </Button>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {busy ?? `JPEG, PNG, WebP or GIF, up to 5 MB each; ${MAX_PHOTOS - product.photos.length} more allowed.`}
          </span>
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </div>
  );
}
