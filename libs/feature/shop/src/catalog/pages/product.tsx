import { errorMessage, isApiError } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, ErrorState, FormAlert, Input, Skeleton, buttonVariants } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { Minus, PackageCheck, Plus, RotateCcw, ShieldCheck, Store as StoreIcon, Truck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { MAX_LINE_QUANTITY, useAddToCart } from '../../orders/cart';
import { catalogApi, catalogKeys, valuesOf, type Product } from '../api';
import { Price, Stars, StoreLogo, VerifiedBadge } from '../components/bits';
import { Gallery } from '../components/gallery';
import { ProductRow } from '../components/product-card';
import { deliveryWindow, sortMethods } from '../delivery';
import { listingHref } from '../filters';
import { useProductSearch } from '../hooks';
import { SHOP_CART_PATH, SHOP_LISTING_PATH, storeHref } from '../paths';
import { useRecentlyViewed } from '../recent';
import { ProductReviews } from '../../reviews/product-reviews';
import { SaveButton } from '../../wishlist/save-button';
import { choose, initialSelection, valueStatus, variantFor, type Selection } from '../variants';

function Breadcrumbs({ p }: { p: Product }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={SHOP_LISTING_PATH} className="hover:text-foreground hover:underline">
            Shop
          </Link>
        </li>
        {p.category_path.map((c) => (
          <li key={c.id} className="flex items-center gap-1">
            <span aria-hidden>›</span>
            <Link to={listingHref({ category: c.id })} className="hover:text-foreground hover:underline">
              {c.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function StockLine({ available }: { available: number }) {
  if (available <= 0) return <p className="text-sm font-medium text-destructive">Sold out</p>;
  if (available <= 5) return <p className="text-sm font-medium text-warning">Only {available} left</p>;
  return <p className="text-sm font-medium text-success">In stock</p>;
}

/** The buying panel: options, price and stock of the chosen variant, quantity, add to cart. */
function BuyBox({ p }: { p: Product }) {
  const variants = useMemo(() => p.variants.map((v) => ({ ...v, values: valuesOf(p, v) })), [p]);
  const [params, setParams] = useSearchParams();
  const [sel, setSel] = useState<Selection>(() => initialSelection(p.options, variants, params.get('variant')));
  const [qty, setQty] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const cart = useAddToCart();
  const navigate = useNavigate();
  const variant = variantFor(p.options, variants, sel);
  const available = variant?.available ?? 0;
  const max = Math.max(1, Math.min(available, MAX_LINE_QUANTITY));
  useEffect(() => setQty((q) => Math.min(q, max)), [max]);
  const pick = (i: number, value: string) => {
    const next = choose(p.options, variants, sel, i, value);
    setSel(next);
    setProblem(null);
    const v = variantFor(p.options, variants, next);
    if (v) {
      const np = new URLSearchParams(params);
      np.set('variant', v.id);
      setParams(np, { replace: true });
    }
  };
  const add = async () => {
    if (!variant) return;
    setProblem(null);
    try {
      await cart.add({ variantId: variant.id, quantity: qty });
      toast.success(
        <span>
          Added {qty} × {p.title}
          {variant.title ? ` (${variant.title})` : ''} to your cart.{' '}
          {/* The toasts render outside the router: a Link cannot live here, the captured navigate can. */}
          <button type="button" className="font-semibold underline" onClick={() => void navigate(SHOP_CART_PATH)}>
            View cart
          </button>
        </span>,
      );
    } catch (e) {
      setProblem(isApiError(e) && e.code === 'out_of_stock' ? 'That many are no longer available; choose fewer.' : errorMessage(e));
    }
  };
  const price = variant?.price ?? p.price;
  const compare = variant ? variant.compare_at : p.compare_at;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <Price amount={price.amount} compareAt={compare?.amount} currency={price.currency} onRequest={p.price_on_request} className="text-2xl" />
        {!p.price_on_request && variant && <StockLine available={available} />}
      </div>
      {p.options.map((o, i) => (
        <fieldset key={o.name} className="grid gap-2">
          <legend className="mb-2 text-sm font-semibold">
            {o.name}: <span className="font-normal">{sel[i] ?? 'choose one'}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {o.values.map((v) => {
              const status = valueStatus(variants, sel, i, v);
              const id = `opt-${i}-${v.replace(/\W+/g, '-')}`;
              return (
                <div key={v}>
                  <input type="radio" id={id} name={`opt-${i}`} className="peer sr-only" checked={sel[i] === v} disabled={status === 'none'} onChange={() => pick(i, v)} />
                  <label
                    htmlFor={id}
                    className={cn(
                      'inline-flex min-h-10 min-w-12 cursor-pointer items-center justify-center rounded-md border px-3 text-sm peer-checked:border-primary peer-checked:bg-accent peer-checked:font-semibold peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-45',
                      status === 'sold_out' && 'text-muted-foreground line-through',
                    )}
                  >
                    {v}
                    {status === 'sold_out' && <span className="sr-only"> (sold out)</span>}
                    {status === 'none' && <span className="sr-only"> (not made with your other choices)</span>}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      {p.price_on_request ? (
        <div className="grid gap-2">
          <a href={`/messaging?about=product:${encodeURIComponent(p.id)}`} aria-describedby="ask-note" className={buttonVariants({ size: 'lg' })}>
            Ask the seller
          </a>
          <p id="ask-note" className="text-sm text-muted-foreground">
            This piece is priced on request: ask the seller for a price in a message. It cannot be bought online.
          </p>
        </div>
      ) : (
        <div className="grid gap-3">
          <div className="flex items-end gap-3">
            <div className="grid gap-1.5">
              <label htmlFor="qty" className="text-sm font-medium">
                Quantity
              </label>
              <div className="flex items-center">
                <Button variant="outline" size="icon" aria-label="One fewer" disabled={qty <= 1} onClick={() => setQty((q) => Math.max(1, q - 1))}>
                  <Minus aria-hidden />
                </Button>
                <Input
                  id="qty"
                  inputMode="numeric"
                  className="mx-1 w-16 text-center"
                  value={qty}
                  onChange={(e) => {
                    const n = Number(e.target.value.replace(/\D/g, ''));
                    setQty(Math.max(1, Math.min(max, n || 1)));
                  }}
                />
                <Button variant="outline" size="icon" aria-label="One more" disabled={qty >= max} onClick={() => setQty((q) => Math.min(max, q + 1))}>
                  <Plus aria-hidden />
                </Button>
              </div>
            </div>
            <Button size="lg" className="flex-1" disabled={!variant || available <= 0} loading={cart.isPending} onClick={() => void add()}>
              {!variant ? 'Choose the options' : available <= 0 ? 'Sold out' : 'Add to cart'}
            </Button>
            <SaveButton productId={p.id} variantId={variant?.id} title={p.title} size="lg" />
          </div>
          {problem && <FormAlert>{problem}</FormAlert>}
          <a href={`/messaging?about=product:${encodeURIComponent(p.id)}`} className="text-sm font-medium text-primary underline-offset-2 hover:underline">
            Message the seller
          </a>
        </div>
      )}
    </div>
  );
}

function DeliveryCard({ p }: { p: Product }) {
  const methods = sortMethods(p.store_details.shipping);
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5 sm:pt-6">
        <h2 className="flex items-center gap-2 font-semibold">
          <Truck className="size-5" aria-hidden /> Delivery
        </h2>
        {methods.length === 0 ? (
          <p className="text-sm text-muted-foreground">The seller has not set delivery options yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {methods.map((m) => (
              <li key={m.code} className="flex flex-wrap justify-between gap-x-3">
                <span>
                  <span className="font-medium">{m.label}</span> · {deliveryWindow(m)}
                </span>
                <span className="font-medium">{m.fee.amount === 0 ? 'Free' : formatMoney(m.fee.amount, m.fee.currency)}</span>
              </li>
            ))}
          </ul>
        )}
        {p.luxury && (
          <p className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
            <ShieldCheck className="size-5 shrink-0" aria-hidden />
            Insured delivery: this piece travels insured and is handed over only against a signature on receipt.
          </p>
        )}
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <RotateCcw className="size-4" aria-hidden />
          {p.store_details.return_days > 0 ? `Returns accepted within ${p.store_details.return_days} days of delivery.` : 'This seller does not accept returns.'}
        </p>
      </CardContent>
    </Card>
  );
}

function SellerCard({ p }: { p: Product }) {
  const s = p.store_details;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5 sm:pt-6">
        <h2 className="font-semibold">Sold by</h2>
        <div className="flex items-center gap-3">
          <StoreLogo url={s.logo_url} name={s.name} />
          <div className="grid min-w-0">
            <Link to={storeHref(s.id)} className="truncate font-medium hover:underline">
              {s.name}
            </Link>
            <span className="text-sm text-muted-foreground">{[s.city, s.country].filter(Boolean).join(', ') || 'Sojourn seller'}</span>
            <Stars rating={s.rating} count={s.rating_count} />
          </div>
        </div>
        {s.about && <p className="line-clamp-3 text-sm text-muted-foreground">{s.about}</p>}
        <Button asChild variant="outline">
          <Link to={storeHref(s.id)}>
            <StoreIcon aria-hidden /> Visit the shop ({s.product_count.toLocaleString()} {s.product_count === 1 ? 'product' : 'products'})
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function MoreFromSeller({ p }: { p: Product }) {
  const more = useProductSearch({ store: p.store.id }, 12);
  const others = more.products?.filter((x) => x.id !== p.id);
  if (!more.isPending && !others?.length) return null;
  return (
    <section aria-labelledby="more-seller" className="grid gap-3">
      <h2 id="more-seller" className="text-xl font-semibold">
        More from {p.store.name}
      </h2>
      <ProductRow products={others} loading={more.isPending} />
    </section>
  );
}

/** A product's page: gallery, variants with price and stock, quantity, add to cart, delivery, seller, description. */
export default function ProductPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: catalogKeys.product(id), queryFn: () => catalogApi.product(id), enabled: Boolean(id) });
  const seen = useRecentlyViewed((s) => s.seen);
  const p = q.data;
  useEffect(() => {
    if (p) seen({ id: p.id, title: p.title, photoUrl: p.thumb_url || p.cover_url || null, price: p.price_on_request ? null : p.price.amount, currency: p.price.currency });
  }, [p, seen]);
  useEffect(() => {
    if (p) document.title = `${p.title} · Sojourn shop`;
  }, [p]);
  if (!id || (q.error && isApiError(q.error) && q.error.status === 404))
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 lg:px-8">
        <ErrorState title="This product is not in the shop" error={new Error('It may have been sold out for good or taken down by its seller.')} />
        <div className="mt-4 flex justify-center">
          <Button asChild>
            <Link to={SHOP_LISTING_PATH}>Browse the shop</Link>
          </Button>
        </div>
      </div>
    );
  if (q.error) return <ErrorState title="The product could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  if (!p)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6 md:grid-cols-2 px-4 py-6 sm:px-6 lg:px-8" aria-busy="true" aria-label="Loading the product">
        <Skeleton className="aspect-square" />
        <div className="grid content-start gap-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-40" />
        </div>
      </div>
    );
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex items-center justify-between gap-3">
        <Breadcrumbs p={p} />
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery photos={p.photos} title={p.title} />
        <div className="grid content-start gap-5">
          <div className="grid gap-2">
            {p.brand && <p className="text-sm uppercase tracking-wide text-muted-foreground">{p.brand}</p>}
            <h1 className="font-display text-2xl font-semibold leading-tight sm:text-3xl">{p.title}</h1>
            <div className="flex flex-wrap items-center gap-2">
              <Stars rating={p.rating} count={p.rating_count} />
              {p.luxury && <VerifiedBadge />}
            </div>
          </div>
          <BuyBox p={p} />
          <DeliveryCard p={p} />
          <SellerCard p={p} />
        </div>
      </div>
      {(p.description_html || p.tags.length > 0) && (
        <section aria-labelledby="about-product" className="grid max-w-3xl gap-3">
          <h2 id="about-product" className="text-xl font-semibold">
            About this product
          </h2>
          {p.luxury && (
            <p className="flex items-center gap-2 text-sm">
              <PackageCheck className="size-4 text-success" aria-hidden /> Sojourn has checked this piece’s certificate of authenticity.
            </p>
          )}
          {p.description_html && (
            <div
              className="grid gap-3 leading-relaxed [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:ml-5 [&_ol]:list-decimal [&_ul]:ml-5 [&_ul]:list-disc"
              // The API keeps the description sanitised to a few formatting tags (catalog.yaml, description_html).
              dangerouslySetInnerHTML={{ __html: p.description_html }}
            />
          )}
          {p.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {p.tags.map((t) => (
                <li key={t}>
                  <Link to={listingHref({ q: t })}>
                    <Badge variant="outline">{t}</Badge>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <ProductReviews productId={p.id} rating={p.rating} count={p.rating_count} storeName={p.store.name} />
      <MoreFromSeller p={p} />
    </div>
  );
}
