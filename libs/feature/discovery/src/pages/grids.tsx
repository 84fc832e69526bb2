import { Button, EmptyState, ErrorState, Input, Label, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Check, LayoutGrid, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { KINDS, discoveryApi, discoveryKeys, filtersFromParams, type Kind } from '../api';
import { GridCard } from '../components';

export const PAGE_SIZE = 12;

function CityInput({ value, onCommit }: { value: string; onCommit: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="grid-city">Where</Label>
      <Input
        id="grid-city"
        value={text}
        maxLength={80}
        placeholder="City, e.g. Lagos"
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text.trim() !== value && onCommit(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text.trim());
        }}
      />
    </div>
  );
}

/** `/grids`: one grid across tours, rental cars, cars for sale and practitioners, filtered by kind, place and dates. */
export default function GridsPage() {
  const [params, setParams] = useSearchParams();
  const { filters, problem } = useMemo(() => filtersFromParams(params), [params]);
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  const toggle = (kind: Kind) => {
    const next = filters.kinds.includes(kind) ? filters.kinds.filter((k) => k !== kind) : [...filters.kinds, kind];
    set({ kind: next.length && next.length < KINDS.length ? KINDS.map((k) => k.id).filter((k) => next.includes(k)).join(',') : null });
  };
  const q = useInfiniteQuery({
    queryKey: discoveryKeys.grid(filters),
    queryFn: ({ pageParam }) => discoveryApi.page(filters, pageParam, PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const items = useMemo(() => q.data?.pages.flatMap((p) => p.data) ?? [], [q.data]);
  const filtered = ['kind', 'city', 'from', 'to'].some((k) => params.get(k));
  const clear = () => setParams({}, { replace: true });
  const all = filters.kinds.length === 0;
  const chip = (pressed: boolean) =>
    cn(
      'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      pressed ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
    );

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Discover"
        description="Hotels, tours, cars to rent or buy, therapists and life coaches in one place. Pick what you are after, where and when."
      />
      <section aria-label="Filters" className="grid gap-4 rounded-xl border bg-card p-4">
        <div role="group" aria-label="What to show" className="flex flex-wrap gap-2">
          <button type="button" className={chip(all)} aria-pressed={all} onClick={() => set({ kind: null })}>
            {all && <Check className="size-4" aria-hidden />}
            Everything
          </button>
          {KINDS.map((k) => {
            const on = filters.kinds.includes(k.id);
            return (
              <button key={k.id} type="button" className={chip(on)} aria-pressed={on} onClick={() => toggle(k.id)}>
                {on && <Check className="size-4" aria-hidden />}
                {k.label}
              </button>
            );
          })}
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <CityInput value={params.get('city') ?? ''} onCommit={(v) => set({ city: v || null })} />
          <div className="grid gap-1.5">
            <Label htmlFor="grid-from">From</Label>
            <Input
              id="grid-from"
              type="date"
              value={params.get('from') ?? ''}
              onChange={(e) => {
                const v = e.target.value;
                const to = params.get('to');
                set({ from: v || null, to: v && (!to || to < v) ? v : v ? to : null });
              }}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="grid-to">To</Label>
            <Input id="grid-to" type="date" min={params.get('from') ?? undefined} value={params.get('to') ?? ''} onChange={(e) => set({ to: e.target.value || null })} />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className={cn('text-xs', problem ? 'text-destructive' : 'text-muted-foreground')} role={problem ? 'alert' : undefined}>
            {problem ?? 'Hotels show once you choose a place, priced for your dates (else a night two weeks ahead). Dates keep rental cars free on those days and tours leaving on the first day; cars for sale and practitioners are shown whatever the dates.'}
          </p>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={clear}>
              <X aria-hidden /> Clear
            </Button>
          )}
        </div>
      </section>

      <section aria-label="Results" aria-busy={q.isFetching || undefined} className="grid gap-4">
        {problem ? null : q.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Loading">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-72 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        ) : q.isError && items.length === 0 ? (
          <ErrorState title="We could not load the grid" error={q.error} onRetry={() => void q.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<LayoutGrid className="size-6" />}
            title={filtered ? 'Nothing matches these filters' : 'Nothing is listed yet'}
            description={filtered ? 'Try another city, other dates or more kinds.' : 'Guides, rental companies, dealers and practitioners are joining; please come back soon.'}
            action={
              filtered ? (
                <Button variant="outline" onClick={clear}>
                  Clear the filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', q.isPlaceholderData && 'opacity-60')}>
              {items.map((it) => (
                <GridCard key={`${it.kind}/${it.id}`} item={it} />
              ))}
            </ul>
            <LoadMore
              shown={items.length}
              hasMore={q.hasNextPage}
              loading={q.isFetchingNextPage}
              failed={q.isFetchNextPageError}
              onLoadMore={() => void q.fetchNextPage()}
              noun={['result', 'results']}
            />
          </>
        )}
      </section>
    </div>
  );
}
