import { EmptyState, ErrorState, Input, Label, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { MapPin, Store as StoreIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { catalogApi, catalogKeys, type Store } from '../api';
import { Stars, StoreLogo } from '../components/bits';
import { SELL_PATH, storeHref } from '../paths';

function StoreCard({ s }: { s: Store }) {
  return (
    <article className="group relative grid h-full content-start gap-3 rounded-xl border bg-card p-4 shadow-xs transition-shadow hover:shadow-md">
      <div className="flex items-center gap-3">
        <StoreLogo url={s.logo_url} name={s.name} />
        <div className="grid min-w-0">
          <h2 className="truncate font-semibold">
            <Link to={storeHref(s.id)} className="after:absolute after:inset-0 group-hover:underline focus-visible:outline-none [&:focus-visible]:after:rounded-xl [&:focus-visible]:after:outline-2 [&:focus-visible]:after:outline-ring">
              {s.name}
            </Link>
          </h2>
          {(s.city || s.country) && (
            <p className="flex items-center gap-1 truncate text-sm text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden /> {[s.city, s.country].filter(Boolean).join(', ')}
            </p>
          )}
        </div>
      </div>
      {s.about && <p className="line-clamp-2 text-sm text-muted-foreground">{s.about}</p>}
      <p className="flex flex-wrap items-center gap-x-3 text-sm">
        <span>
          {s.product_count.toLocaleString()} {s.product_count === 1 ? 'product' : 'products'}
        </span>
        <Stars rating={s.rating} count={s.rating_count} />
      </p>
    </article>
  );
}

/** Browse the shop by seller: every open store, by name, with a search; "Load more" over the cursor. */
export default function SellersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.slice(0, 100) ?? '';
  const [text, setText] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== q) setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(t);
    // Only typing starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const list = useInfiniteQuery({
    queryKey: catalogKeys.stores(q),
    queryFn: ({ pageParam }) => catalogApi.stores(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const stores = list.data?.pages.flatMap((p) => p.data);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader title="Shop by seller" description="Independent sellers on Sojourn, each with their own storefront, delivery options and return policy." />
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor="sellers-q">Find a seller</Label>
        <Input id="sellers-q" type="search" maxLength={100} placeholder="Shop name" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {list.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading sellers">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : list.error && !stores?.length ? (
        <ErrorState title="The sellers could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : !stores?.length ? (
        <EmptyState
          title={q ? `No seller is called “${q}”` : 'No sellers yet'}
          description={q ? 'Check the spelling, or search products instead.' : 'Shops appear here as soon as they open.'}
          icon={<StoreIcon className="size-6" />}
          action={
            <Link to={SELL_PATH} className="text-sm font-medium text-primary underline">
              Sell on Sojourn
            </Link>
          }
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {stores.map((s) => (
              <li key={s.id}>
                <StoreCard s={s} />
              </li>
            ))}
          </ul>
          <LoadMore shown={stores.length} hasMore={list.hasNextPage} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['seller', 'sellers']} />
        </>
      )}
    </div>
  );
}
