import { CursorList, cursorQuery, Input, Label } from '@sojourn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type BlogPostSummary, type StatusFilter } from '../api';
import { STATUS_LABEL } from '../logic';
import { StatusBadge } from './bits';

const FILTERS: StatusFilter[] = ['all', 'draft', 'in_review', 'scheduled', 'published', 'unpublished'];

/** A keyset list of posts with status filters and a title search ("Load more"). */
export function PostList({
  queryKey,
  fetchPage,
  href,
  empty,
  showAuthor = false,
  search = true,
}: {
  queryKey: (s: StatusFilter, q: string) => readonly unknown[];
  fetchPage: (cursor: string | undefined, s: StatusFilter, q: string) => Promise<{ data: BlogPostSummary[]; meta: { next_cursor?: string | null } }>;
  href: (id: string) => string;
  empty: { title: string; description: string; action?: ReactNode };
  showAuthor?: boolean;
  search?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const status = (FILTERS as string[]).includes(params.get('status') ?? '') ? (params.get('status') as StatusFilter) : 'all';
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const query = useInfiniteQuery(cursorQuery(queryKey(status, q), (cursor) => fetchPage(cursor, status, q)));
  const set = (s: StatusFilter, text: string) => setParams({ ...(s !== 'all' ? { status: s } : {}), ...(text ? { q: text } : {}) }, { replace: true });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Posts to show">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={status === f}
            onClick={() => set(f, q)}
            className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {f === 'all' ? 'All' : STATUS_LABEL[f]}
          </button>
        ))}
      </div>
      {search && (
        <form
          role="search"
          className="flex max-w-md items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            set(status, draft.trim());
          }}
        >
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="post-search">Search titles</Label>
            <Input id="post-search" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={200} />
          </div>
        </form>
      )}
      <CursorList
        query={query}
        rowKey={(p) => p.id}
        noun={['post', 'posts']}
        empty={{ icon: <FileText className="size-6" />, ...empty }}
      >
        {(p) => (
          <div className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid min-w-0 gap-1">
              <Link to={href(p.id)} className="truncate font-medium underline-offset-4 hover:underline">
                {p.title}
              </Link>
              <span className="text-xs text-muted-foreground">
                {showAuthor && <>{p.author.name} · </>}
                Revision {p.version} · updated {new Date(p.updated_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                {p.publish_at && <> · publishes {new Date(p.publish_at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</>}
                {p.live_revision != null && p.status !== 'published' && <> · live at revision {p.live_revision}</>}
                {p.views > 0 && <> · {p.views.toLocaleString('en-GB')} views</>}
              </span>
            </div>
            <StatusBadge status={p.status} className="self-start sm:self-center" />
          </div>
        )}
      </CursorList>
    </div>
  );
}
