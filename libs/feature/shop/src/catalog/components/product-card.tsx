import { mediaUrl } from '@sojourn/api-client';
import { Badge, EmptyState, ErrorState, LoadMore, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { ShoppingBag } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '../api';
import { productHref, storeHref } from '../paths';
import { Price, Stars, VerifiedBadge } from './bits';
import { SaveButton } from '../../wishlist/save-button';

/** A product in a grid or a row: photo, title, seller, price (from the cheapest variant), rating, badges. */
export function ProductTile({ p, className, showStore = true }: { p: ProductCard; className?: string; showStore?: boolean }) {
  const src = mediaUrl(p.thumb_url || p.cover_url);
  return (
    <article className={cn('group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow hover:shadow-md', className)}>
      <div className="relative aspect-square bg-muted">
        {src ? <img src={src} alt="" className="size-full object-cover" loading="lazy" /> : <ShoppingBag className="absolute inset-0 m-auto size-10 text-muted-foreground" aria-hidden />}
        <div className="absolute left-2 top-2 flex flex-wrap gap-1">
          {p.luxury && <VerifiedBadge />}
          {!p.in_stock && !p.price_on_request && <Badge variant="secondary">Sold out</Badge>}
        </div>
        <div className="absolute right-2 top-2 z-10">
          <SaveButton productId={p.id} title={p.title} size="icon" hideSignedOut />
        </div>
      </div>
      <div className="grid flex-1 content-start gap-1 p-3">
        {p.brand && <p className="truncate text-xs uppercase tracking-wide text-muted-foreground">{p.brand}</p>}
        <h3 className="line-clamp-2 text-sm font-medium leading-snug">
          <Link to={productHref(p.id)} className="after:absolute after:inset-0 focus-visible:outline-none group-hover:underline [&:focus-visible]:after:rounded-xl [&:focus-visible]:after:outline-2 [&:focus-visible]:after:outline-ring">
            {p.title}
          </Link>
        </h3>
        <Price amount={p.price.amount} compareAt={p.compare_at?.amount} currency={p.price.currency} onRequest={p.price_on_request} from={p.max_price.amount > p.price.amount} className="text-sm" />
        <Stars rating={p.rating} count={p.rating_count} />
        {showStore && (
          <Link to={storeHref(p.store.id)} className="relative z-10 w-fit truncate text-xs text-muted-foreground hover:text-foreground hover:underline">
            {p.store.name}
          </Link>
        )}
      </div>
    </article>
  );
}

/** A grid of products with its loading, error and empty states and the keyset "Load more". */
export function ProductGrid({
  products,
  loading,
  error,
  onRetry,
  empty,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  className,
  showStore = true,
}: {
  products: ProductCard[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: { title: string; description?: string; action?: React.ReactNode };
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  className?: string;
  /** Off on a store's own page. */
  showStore?: boolean;
}) {
  const grid = cn('grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4', className);
  if (loading && !products)
    return (
      <div className={grid} aria-busy="true" aria-label="Loading products">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/4]" />
        ))}
      </div>
    );
  if (error && !products?.length) return <ErrorState title="The products could not be loaded" error={error} onRetry={onRetry} />;
  if (!products?.length) return <EmptyState title={empty.title} description={empty.description} action={empty.action} icon={<ShoppingBag className="size-6" />} />;
  return (
    <div className="grid gap-6">
      <ul className={grid}>
        {products.map((p) => (
          <li key={p.id} className="flex">
            <ProductTile p={p} className="w-full" showStore={showStore} />
          </li>
        ))}
      </ul>
      {onLoadMore && <LoadMore shown={products.length} hasMore={hasMore} loading={loadingMore} failed={Boolean(error)} onLoadMore={onLoadMore} noun={['product', 'products']} />}
    </div>
  );
}

/** A horizontal row of products (the home page's shelves): scrolls sideways on a phone. */
export function ProductRow({ products, loading }: { products: ProductCard[] | undefined; loading: boolean }) {
  if (loading && !products)
    return (
      <div className="flex gap-3 overflow-hidden" aria-hidden>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/4] w-40 shrink-0 sm:w-48" />
        ))}
      </div>
    );
  return (
    <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
      {products?.map((p) => (
        <li key={p.id} className="flex w-40 shrink-0 snap-start sm:w-48">
          <ProductTile p={p} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
