import { mediaUrl, isApiError } from '@sojourn/api-client';
import { Card, CardContent, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { productHref } from '../../catalog/paths';
import { wishlistApi, wishlistKeys } from '../api';
import { ItemFacts } from './wishlist';

/** A wishlist someone shared by link (public). */
export default function SharedWishlistPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useQuery({ queryKey: wishlistKeys.shared(token), queryFn: () => wishlistApi.shared(token), enabled: Boolean(token), retry: false });
  if (!token || (q.error && isApiError(q.error) && q.error.status === 404))
    return <ErrorState title="This wishlist is not shared" error={new Error('Its owner may have stopped sharing it. Ask them for a new link.')} />;
  if (q.error) return <ErrorState title="The wishlist could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton className="mx-auto h-48 w-full max-w-4xl" />;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader title={q.data.name} description={`A wishlist ${q.data.owner_name} shared with you.`} />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          {q.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">This list is empty for now.</p>
          ) : (
            <ul className="grid gap-4">
              {q.data.items.map((it) => (
                <li key={it.id} className="flex flex-wrap items-start gap-3 border-b pb-4 last:border-0">
                  {it.photo_url ? <img src={mediaUrl(it.photo_url) ?? undefined} alt="" className="size-16 rounded-md object-cover" /> : <div className="size-16 rounded-md bg-muted" aria-hidden />}
                  <div className="grid min-w-0 flex-1 gap-1">
                    <Link to={productHref(it.product_id)} className="font-medium hover:underline">
                      {it.variant_title ? `${it.title} (${it.variant_title})` : it.title}
                    </Link>
                    <ItemFacts it={it} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
