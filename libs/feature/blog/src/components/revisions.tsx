import { Button, Card, CardContent, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { blogApi, blogKeys, type BlogPost } from '../api';
import { textDiff } from '../logic';

/** The post's history: pick a revision to see what changed since it (word diff against the latest) and restore it. */
export function RevisionsPanel({ post, version, onRestored }: { post: BlogPost; version: number; onRestored: (p: BlogPost) => void }) {
  const list = useQuery({ queryKey: blogKeys.revisions(post.id), queryFn: () => blogApi.revisions(post.id) });
  const [picked, setPicked] = useState<number | null>(null);
  const [error, setError] = useState('');
  const older = useQuery({ queryKey: blogKeys.revision(post.id, picked ?? 0), queryFn: () => blogApi.revision(post.id, picked ?? 0), enabled: picked != null });
  const latest = useQuery({ queryKey: blogKeys.revision(post.id, version), queryFn: () => blogApi.revision(post.id, version), enabled: picked != null });
  const restore = async () => {
    if (picked == null) return;
    setError('');
    try {
      onRestored(await blogApi.restore(post.id, picked, version));
      setPicked(null);
      void list.refetch();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not restore.');
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          History
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isPending ? (
          <Skeleton className="h-24" />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <ol className="grid max-h-64 gap-1 overflow-auto text-sm">
            {list.data.map((r) => (
              <li key={r.number}>
                <button
                  type="button"
                  aria-pressed={picked === r.number}
                  onClick={() => setPicked(r.number)}
                  className="w-full rounded-md px-2 py-1.5 text-left hover:bg-accent aria-pressed:bg-accent"
                >
                  <span className="font-medium">Revision {r.number}</span> · {r.note}
                  {r.live && ' · live'} · {r.author.name} · {new Date(r.created_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                </button>
              </li>
            ))}
          </ol>
        )}
        {picked != null && (
          <div className="grid gap-3">
            <h3 className="text-sm font-semibold">
              Changes from revision {picked} to revision {version}
            </h3>
            {older.isPending || latest.isPending ? (
              <Skeleton className="h-24" />
            ) : older.isError || latest.isError ? (
              <ErrorState error={older.error ?? latest.error} />
            ) : (
              <p className="whitespace-pre-wrap rounded-md border p-3 text-sm leading-6" data-testid="revision-diff">
                {textDiff(`${older.data.title}\n\n${older.data.text}`, `${latest.data.title}\n\n${latest.data.text}`).map((p, i) =>
                  p.kind === 'same' ? (
                    <span key={i}>{p.text}</span>
                  ) : p.kind === 'added' ? (
                    <ins key={i} className="bg-emerald-100 text-emerald-950 no-underline dark:bg-emerald-900 dark:text-emerald-50">
                      {p.text}
                    </ins>
                  ) : (
                    <del key={i} className="bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50">
                      {p.text}
                    </del>
                  ),
                )}
              </p>
            )}
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <Button variant="outline" className="justify-self-start" onClick={() => void restore()} disabled={picked === version}>
              Restore revision {picked}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
