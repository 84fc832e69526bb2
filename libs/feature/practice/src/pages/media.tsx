import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, FileUpload, FormAlert, Input, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImageIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type PracticeProfile } from '../api';
import type { PracticeContext } from '../context';
import { profileDefaults, toProfileBody } from './edit-profile';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const PHOTO_MAX = 8 * 1024 * 1024;
const PHOTOS_MAX = 12;

function Photos({ ctx, profile }: { ctx: PracticeContext; profile: PracticeProfile }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const refresh = () => void qc.invalidateQueries({ queryKey: practiceKeys.profile(ctx.kind) });
  const upload = useMutation({
    mutationFn: (f: File) => practiceApi.addPhoto(ctx.kind, f),
    onSuccess: () => {
      toast.success('Photo added to your profile.');
      setFile(null);
      setResetKey((k) => k + 1);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => practiceApi.removePhoto(id),
    onSuccess: () => {
      toast.success('Photo removed.');
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const full = profile.media.length >= PHOTOS_MAX;
  return (
    <div className="grid gap-5">
      {profile.media.length === 0 ? (
        <EmptyState title="No photos yet" description="Profiles with photos of you and your practice room get more bookings." icon={<ImageIcon className="size-6" />} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Your photos">
          {profile.media.map((m, i) => (
            <li key={m.id} className="grid gap-2">
              <img src={mediaUrl(m.url) ?? ''} alt={`Your practice, ${i + 1} of ${profile.media.length}`} className="aspect-[4/3] w-full rounded-lg border object-cover" loading="lazy" />
              <Button size="sm" variant="outline" loading={remove.isPending && remove.variables === m.id} onClick={() => remove.mutate(m.id)} aria-label={`Remove practice photo ${i + 1}`}>
                <Trash2 className="size-4" aria-hidden /> Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-muted-foreground">You have the maximum of {PHOTOS_MAX} photos. Remove one to add another.</p>
      ) : (
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (file) upload.mutate(file);
          }}
        >
          <FileUpload key={resetKey} label="Add a photo" accept={PHOTO_TYPES} maxBytes={PHOTO_MAX} onFileChange={setFile} error={upload.error ? errorMessage(upload.error) : null} />
          <p className="text-xs text-muted-foreground">JPEG, PNG, GIF or WebP up to 8 MB. Photos are checked and their hidden data (such as location) removed.</p>
          <div>
            <Button type="submit" disabled={!file} loading={upload.isPending}>
              Upload photo
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function IntroVideo({ ctx, profile }: { ctx: PracticeContext; profile: PracticeProfile }) {
  const qc = useQueryClient();
  const [url, setUrl] = useState(profile.intro_video_url);
  const trimmed = url.trim();
  const invalid = trimmed !== '' && (!/^https:\/\/\S+$/.test(trimmed) || trimmed.length > 500);
  const save = useMutation({
    mutationFn: () => practiceApi.saveProfile(ctx.kind, toProfileBody({ ...profileDefaults(profile), intro_video_url: trimmed }, profile, ctx.kind)),
    onSuccess: (p) => {
      qc.setQueryData(practiceKeys.profile(ctx.kind), p);
      toast.success(trimmed ? 'Intro video saved.' : 'Intro video removed.');
    },
  });
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) save.mutate();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="intro-video">Intro video address</Label>
        <Input id="intro-video" type="url" maxLength={500} placeholder="https://…" value={url} onChange={(e) => setUrl(e.target.value)} aria-invalid={invalid || undefined} aria-describedby="intro-video-hint" />
        <p id="intro-video-hint" className={invalid ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
          {invalid ? 'Use an https:// address.' : 'A link to a short video of you on YouTube, Vimeo or similar. Leave empty for none.'}
        </p>
      </div>
      {save.error && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      <div>
        <Button type="submit" variant="outline" disabled={invalid || trimmed === profile.intro_video_url} loading={save.isPending}>
          Save video link
        </Button>
      </div>
    </form>
  );
}

/** Practice photos (through the upload guard) and the intro video link. */
export default function MediaPage({ ctx }: { ctx: PracticeContext }) {
  const profile = useQuery({ queryKey: practiceKeys.profile(ctx.kind), queryFn: () => practiceApi.profile(ctx.kind) });
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Photos and video"
        description="Pictures of you and where you work, and a short intro video, shown on your public profile."
        actions={
          <Button asChild variant="outline">
            <Link to={ctx.paths.publicProfile}>Preview your profile</Link>
          </Button>
        }
      />
      {profile.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : profile.error ? (
        <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Photos</CardTitle>
              <CardDescription>
                {profile.data.media.length} of {PHOTOS_MAX}. Your round profile picture is your account photo, changed from the account menu.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Photos ctx={ctx} profile={profile.data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Intro video</CardTitle>
            </CardHeader>
            <CardContent>
              <IntroVideo key={profile.data.intro_video_url} ctx={ctx} profile={profile.data} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
