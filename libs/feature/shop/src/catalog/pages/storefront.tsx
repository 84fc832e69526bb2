import { isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, ErrorState, Skeleton } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { MapPin, RotateCcw, Truck } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { catalogApi, catalogKeys } from '../api';
import { Stars, StoreLogo } from '../components/bits';
import { ProductBrowser } from '../components/browser';
import { deliveryWindow, sortMethods } from '../delivery';
import { SHOP_SELLERS_PATH } from '../paths';

/** A seller's storefront: logo and name, about, returns and delivery, and its products with a search within. */
export default function StorefrontPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: catalogKeys.store(id), queryFn: () => catalogApi.store(id), enabled: Boolean(id) });
  const fixed = useMemo(() => ({ store: id }), [id]);
  const s = q.data;
  if (!id || (q.error && isApiError(q.error) && q.error.status === 404))
    return (
      <div className="mx-auto grid w-full max-w-3xl justify-items-center gap-4">
        <ErrorState title="This shop is not open on Sojourn" error={new Error('It may have closed, or the link is incomplete.')} />
        <Button asChild>
          <Link to={SHOP_SELLERS_PATH}>Browse the sellers</Link>
        </Button>
      </div>
    );
  if (q.error) return <ErrorState title="The shop could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6">
      {!s ? (
        <Skeleton className="h-40" />
      ) : (
        <header className="grid gap-5 rounded-2xl border bg-[radial-gradient(ellipse_at_top_right,var(--portal-soft),transparent_65%)] p-5 sm:p-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid content-start gap-3">
            <div className="flex items-center gap-4">
              <StoreLogo url={s.logo_url} name={s.name} className="size-16 sm:size-20" />
              <div className="grid gap-1">
                <h1 className="font-display text-2xl font-semibold sm:text-3xl">{s.name}</h1>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  {(s.city || s.country) && (
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="size-4" aria-hidden /> {[s.city, s.country].filter(Boolean).join(', ')}
                    </span>
                  )}
                  <span>
                    {s.product_count.toLocaleString()} {s.product_count === 1 ? 'product' : 'products'}
                  </span>
                  <span>On Sojourn since {formatDate(s.created_at)}</span>
                </p>
                <Stars rating={s.rating} count={s.rating_count} />
              </div>
            </div>
            {s.about && <p className="max-w-3xl whitespace-pre-line text-muted-foreground">{s.about}</p>}
          </div>
          <Card>
            <CardContent className="grid gap-3 pt-5 sm:pt-6 text-sm">
              <h2 className="flex items-center gap-2 font-semibold">
                <RotateCcw className="size-4" aria-hidden /> Returns
              </h2>
              <p>{s.return_days > 0 ? `Within ${s.return_days} days of delivery.` : 'This seller does not accept returns.'}</p>
              {s.return_policy && <p className="whitespace-pre-line text-muted-foreground">{s.return_policy}</p>}
              {s.shipping.length > 0 && (
                <>
                  <h2 className="flex items-center gap-2 font-semibold">
                    <Truck className="size-4" aria-hidden /> Delivery
                  </h2>
                  <ul className="grid gap-1">
                    {sortMethods(s.shipping).map((m) => (
                      <li key={m.code}>
                        {m.label}: {m.fee.amount === 0 ? 'free' : formatMoney(m.fee.amount, m.fee.currency)}, {deliveryWindow(m).replace('Arrives', 'arrives')}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </CardContent>
          </Card>
        </header>
      )}
      <section aria-labelledby="store-products" className="grid gap-4">
        <h2 id="store-products" className="text-xl font-semibold">
          Products
        </h2>
        <ProductBrowser fixed={fixed} idPrefix="store" searchLabel={s ? `Search ${s.name}` : 'Search this shop'} empty={{ title: 'No products on sale yet', description: 'This seller’s products show here once they are published.' }} />
      </section>
    </div>
  );
}
