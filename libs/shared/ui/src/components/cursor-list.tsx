import type * as React from 'react';
import { Skeleton } from './card';
import { LoadMore } from './pagination';
import { EmptyState, ErrorState } from './states';
import { PageHeader } from '../layouts/profile-layout';

/** One page of a keyset list as the API answers it: `{data, meta: {next_cursor}}`. */
export interface CursorPage<T> {
  data: T[];
  meta: { next_cursor?: string | null };
}

/**
 * The options of a react-query infinite query over a keyset list: pass them to `useInfiniteQuery` as they are.
 * `fetchPage(cursor)` asks for the page after `cursor` (undefined for the first).
 */
export function cursorQuery<T>(queryKey: readonly unknown[], fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>) {
  return {
    queryKey,
    queryFn: ({ pageParam }: { pageParam: string | undefined }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CursorPage<T>) => last.meta.next_cursor ?? undefined,
  };
}

/** What a list needs of a react-query infinite query (so this library does not depend on react-query). */
export interface CursorQueryState<T> {
  data?: { pages: CursorPage<T>[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

export interface CursorListProps<T> {
  query: CursorQueryState<T>;
  /** A row's React key. */
  rowKey: (row: T) => string;
  /** One row, rendered inside an `<li>`. */
  children: (row: T) => React.ReactNode;
  empty: { icon?: React.ReactNode; title: string; description?: string; action?: React.ReactNode };
  /** The "Load more" button's nouns: one and many. */
  noun: [string, string];
}

/** A keyset list's states in one place: loading, error with retry, empty, the rows and "Load more". */
export function CursorList<T>({ query: q, rowKey, children, empty, noun }: CursorListProps<T>) {
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isPending) return <Skeleton className="h-40" />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (rows.length === 0) return <EmptyState icon={empty.icon} title={empty.title} description={empty.description} action={empty.action} />;
  return (
    <>
      <ul className="grid gap-3">
        {rows.map((r) => (
          <li key={rowKey(r)}>{children(r)}</li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={noun} />
    </>
  );
}

/** A page that is one keyset list under a header: the traveller's flights, stays and rentals are each one. */
export function CursorListPage<T>({ title, description, actions, ...list }: CursorListProps<T> & { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title={title} description={description} actions={actions} />
      <CursorList {...list} />
    </div>
  );
}
