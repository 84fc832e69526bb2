import { Button, Card, CardContent, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Clock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { catalogKeys, vendorCatalogApi } from '../../api';
import { VENDOR_EDITOR_PATH, VENDOR_PRODUCTS_PATH, vendorProductHref } from '../../paths';
import { shopUrl } from './product';

/** After submitting: published at once (a trusted shop) or in review, what happens next, and where to go. */
export default function ProductSubmittedPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: catalogKeys.vendorProduct(id), queryFn: () => vendorCatalogApi.product(id), enabled: Boolean(id) });
  const p = q.data;
  if (!id) return <ErrorState title="No product named" error={new Error('Open a product from your list.')} />;
  if (q.error) return <ErrorState title="The product could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  if (!p) return <Skeleton className="mx-auto h-64 w-full max-w-2xl" />;
  const live = p.status === 'published';
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <Card>
        <CardContent className="grid justify-items-center gap-4 py-10 text-center">
          {live ? <CheckCircle2 className="size-12 text-success" aria-hidden /> : <Clock className="size-12 text-warning" aria-hidden />}
          <h1 className="font-display text-2xl font-semibold">{live ? `${p.title} is on sale` : `${p.title} is with our team`}</h1>
          <p className="max-w-lg text-muted-foreground">
            {live
              ? 'Your shop is trusted, so it went live at once. Buyers find it in search and in its category now.'
              : 'Sojourn’s team reviews a shop’s first products before they go live, usually within a working day. If they approve it, it goes on sale at once; if not, you see their reason on the product and can change it and submit again.'}
          </p>
          {p.luxury_requested && p.certificate?.status !== 'verified' && (
            <p className="max-w-lg text-sm text-muted-foreground">
              {p.certificate ? 'The team also checks its certificate of authenticity; the verified luxury badge shows once they have.' : 'Upload its certificate of authenticity in the editor to get the verified luxury badge.'}
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-2">
            {live && (
              <Button asChild>
                <a href={shopUrl(p.id)} target="_blank" rel="noreferrer">
                  View in the shop
                </a>
              </Button>
            )}
            <Button asChild variant={live ? 'outline' : 'default'}>
              <Link to={VENDOR_EDITOR_PATH}>Add another product</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={vendorProductHref(p.id)}>Open the product</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={VENDOR_PRODUCTS_PATH}>All products</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
