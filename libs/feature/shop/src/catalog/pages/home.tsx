import { mediaUrl } from '@sojourn/api-client';
import { Button, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { ArrowRight, Gem, ShoppingBag, Store as StoreIcon } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { Price } from '../components/bits';
import { ProductRow } from '../components/product-card';
import { ShopSearchBox } from '../components/search-box';
import { diversify, listingHref } from '../filters';
import { suggestItems, useCategories, useProductSearch } from '../hooks';
import { productHref, SELL_PATH, SHOP_LUXURY_PATH, SHOP_SELLERS_PATH } from '../paths';
import { useRecentlyViewed } from '../recent';

function Shelf({ id, title, more, children }: { id: string; title: string; more?: { to: string; label: string }; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
            {more.label} <ArrowRight className="size-4" aria-hidden />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

const NEWEST = { sort: 'newest' } as const;
const BEST = { sort: 'rating', in_stock: true } as const;
const LUXURY = { luxury: true } as const;
const GIFTS = { max_price: 10_000, in_stock: true, sort: 'price_desc' } as const;

function Categories() {
  const cats = useCategories();
  if (cats.error) return <ErrorState title="The categories could not be loaded" error={cats.error} onRetry={() => void cats.refetch()} />;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {cats.isPending
        ? Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-20" />
            </li>
          ))
        : [...(cats.data ?? [])]
            .sort((a, b) => a.position - b.position)
            .map((c) => (
              <li key={c.id}>
                <Link to={listingHref({ category: c.id })} className="grid h-full content-between gap-2 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                  <span className="font-medium leading-tight">{c.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {c.product_count.toLocaleString()} {c.product_count === 1 ? 'product' : 'products'}
                  </span>
                </Link>
              </li>
            ))}
    </ul>
  );
}

function Recent() {
  const items = useRecentlyViewed((s) => s.items);
  const clear = useRecentlyViewed((s) => s.clear);
  if (!items.length) return null;
  return (
    <section aria-labelledby="recent" className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent" className="text-xl font-semibold">
          Recently viewed
        </h2>
        <Button variant="link" size="sm" onClick={clear}>
          Clear
        </Button>
      </div>
      <ul className="-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-2">
        {items.map((p) => (
          <li key={p.id} className="w-32 shrink-0 snap-start sm:w-40">
            <Link to={productHref(p.id)} className="group grid gap-1.5 rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
              <span className="block aspect-square overflow-hidden rounded-lg border bg-muted">
                {p.photoUrl ? <img src={mediaUrl(p.photoUrl) ?? ''} alt="" className="size-full object-cover" loading="lazy" /> : <ShoppingBag className="m-auto mt-[35%] size-8 text-muted-foreground" aria-hidden />}
              </span>
              <span className="line-clamp-2 text-sm group-hover:underline">{p.title}</span>
              <Price amount={p.price} currency={p.currency} onRequest={p.price === null} className="text-sm" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The shop's home: search, categories, what is new, the best rated, the luxury row and what this browser viewed last. */
export default function ShopHomePage() {
  // The newest and the gift ideas are read wide and thinned to two per seller, so one busy shop does not fill a shelf.
  const newest = useProductSearch(NEWEST, 60);
  const gifts = useProductSearch(GIFTS, 60);
  const best = useProductSearch(BEST, 24);
  const luxury = useProductSearch(LUXURY, 12);
  const newShelf = newest.products && diversify(newest.products, 2, 12);
  const giftShelf = gifts.products && diversify(gifts.products, 2, 12);
  // Best rated only once shoppers have rated something.
  const rated = best.products?.filter((p) => p.rating_count > 0).slice(0, 12);
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-8">
      <PageHeader
        title="Shop"
        description="Travel gear, wellness goods and fine things from independent sellers, in one cart."
        actions={
          <div className="flex items-center gap-2">
            <Button asChild variant="outline">
              <Link to={SHOP_SELLERS_PATH}>
                <StoreIcon aria-hidden /> Sellers
              </Link>
            </Button>
          </div>
        }
      />
      <ShopSearchBox id="shop-home-q" suggest={suggestItems} searchHref={(q) => listingHref({ q })} size="lg" />
      <section aria-labelledby="cats" className="grid gap-3">
        <h2 id="cats" className="text-xl font-semibold">
          Categories
        </h2>
        <Categories />
      </section>
      <Recent />
      {newest.error && !newest.products ? (
        <ErrorState title="The shop could not be loaded" error={newest.error} onRetry={() => void newest.refetch()} />
      ) : (
        <Shelf id="new-in" title="New in the shop" more={{ to: listingHref({ sort: 'newest' }), label: 'See all' }}>
          <ProductRow products={newShelf} loading={newest.isPending} />
        </Shelf>
      )}
      {(luxury.isPending || (luxury.products?.length ?? 0) > 0) && (
        <Shelf id="luxury-row" title="Verified luxury" more={{ to: SHOP_LUXURY_PATH, label: 'All luxury' }}>
          <p className="-mt-1 flex items-center gap-2 text-sm text-muted-foreground">
            <Gem className="size-4" aria-hidden /> Certificates checked by our team, delivered insured and signed for.
          </p>
          <ProductRow products={luxury.products} loading={luxury.isPending} />
        </Shelf>
      )}
      {(gifts.isPending || (giftShelf?.length ?? 0) > 0) && (
        <Shelf id="gifts" title="Gifts under ₦10,000" more={{ to: listingHref(GIFTS), label: 'See all' }}>
          <ProductRow products={giftShelf} loading={gifts.isPending} />
        </Shelf>
      )}
      {(rated?.length ?? 0) > 0 && (
        <Shelf id="best" title="Best rated" more={{ to: listingHref({ sort: 'rating', in_stock: true }), label: 'See all' }}>
          <ProductRow products={rated} loading={false} />
        </Shelf>
      )}
      <aside className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-5">
        <div className="grid gap-1">
          <h2 className="font-semibold">Have something to sell?</h2>
          <p className="text-sm text-muted-foreground">Open a storefront and reach travellers where they plan.</p>
        </div>
        <Button asChild variant="outline">
          <Link to={SELL_PATH}>Sell on Sojourn</Link>
        </Button>
      </aside>
    </div>
  );
}
