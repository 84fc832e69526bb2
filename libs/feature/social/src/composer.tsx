import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, FormAlert, Label, Textarea } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { socialApi, socialKeys, type Audience } from './api';

const MAX_BODY = 2000;
const MAX_PHOTOS = 4;
const MAX_BYTES = 8 << 20;

/** The composer: text (up to 2,000 characters), its audience and up to 4 photos (each checked by the server's image guard). */
export function Composer({
  onPosted,
  label = 'Share something with your friends',
  defaultAudience,
}: {
  onPosted?: () => void;
  label?: string;
  /** The audience shown first (else the author's posts_audience setting). */
  defaultAudience?: Audience;
}) {
  const qc = useQueryClient();
  const privacy = useQuery({ queryKey: socialKeys.privacy, queryFn: socialApi.privacy });
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<Audience | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);
  const chosen = audience || defaultAudience || privacy.data?.posts_audience || 'friends';

  const post = useMutation({
    mutationFn: async () => {
      const p = await socialApi.createPost(body.trim(), chosen);
      const failed: string[] = [];
      for (const f of files) {
        try {
          await socialApi.addPhoto(p.id, f);
        } catch (e) {
          failed.push(`${f.name}: ${errorMessage(e)}`);
        }
      }
      return failed;
    },
    onSuccess: (failed) => {
      setBody('');
      setFiles([]);
      setError(failed.length ? `Posted, but some photos were refused. ${failed.join(' ')}` : null);
      void qc.invalidateQueries({ queryKey: socialKeys.feed });
      onPosted?.();
    },
    onError: (e) => setError(errorMessage(e)),
  });

  const addFiles = (list: FileList | null) => {
    if (!list) return;
    const next = [...files];
    for (const f of Array.from(list)) {
      if (next.length >= MAX_PHOTOS) {
        setError('A post has at most 4 photos.');
        break;
      }
      if (f.size > MAX_BYTES) {
        setError(`${f.name} is larger than 8 MB.`);
        continue;
      }
      next.push(f);
    }
    setFiles(next);
  };

  return (
    <Card>
      <CardContent className="pt-5">
        <form
          className="grid gap-3"
          aria-label="New post"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (!body.trim()) {
              setError('Write something to post.');
              return;
            }
            post.mutate();
          }}
        >
          <Label htmlFor="post-body">{label}</Label>
          <Textarea id="post-body" rows={3} maxLength={MAX_BODY} value={body} onChange={(e) => setBody(e.target.value)} placeholder="Where are you off to next?" />
          {previews.length > 0 && (
            <ul className="grid grid-cols-4 gap-2" aria-label="Photos to post">
              {previews.map((u, i) => (
                <li key={u} className="relative">
                  <img src={u} alt={files[i]?.name ?? `Upload ${i + 1}`} className="aspect-square w-full rounded-md object-cover" />
                  <button
                    type="button"
                    className="absolute right-1 top-1 rounded-full bg-background/90 p-1 shadow"
                    aria-label={`Remove photo ${i + 1}`}
                    onClick={() => setFiles(files.filter((_, j) => j !== i))}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {error && <FormAlert>{error}</FormAlert>}
          <div className="flex flex-wrap items-center gap-2">
            <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/gif,image/webp" multiple className="sr-only" id="post-photos" aria-label="Add photos to the post" tabIndex={-1} onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }} />
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={files.length >= MAX_PHOTOS}>
              <ImagePlus className="size-4" aria-hidden /> Photos ({files.length}/{MAX_PHOTOS})
            </Button>
            <label htmlFor="post-audience" className="sr-only">
              Who can see this post
            </label>
            <select
              id="post-audience"
              value={chosen}
              onChange={(e) => setAudience(e.target.value as Audience)}
              className="h-8 rounded-md border border-input bg-card px-2 text-sm"
            >
              <option value="public">Everyone</option>
              <option value="friends">Friends</option>
              <option value="only_me">Only me</option>
            </select>
            <span className="ml-auto text-xs text-muted-foreground" aria-live="polite">
              {body.length}/{MAX_BODY}
            </span>
            <Button type="submit" size="sm" loading={post.isPending}>
              Post
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
