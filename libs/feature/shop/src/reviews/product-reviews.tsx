import { mediaUrl } from '@sojourn/api-client';
import { EmptyState, ErrorState, LoadMore, ReviewBody, Skeleton, Stars } from '@sojourn/ui';
import { formatDate } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { shopReviewKeys, shopReviewsApi, type ShopReview } from './api';

export const reviewWhen = (iso: string) => formatDate(iso);

/** A review's photos as thumbnails linking to the large size. */
export function ReviewPhotos({ r }: { r: ShopReview }) {
  if (r.photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Photos from ${r.author_name}`}>
      {r.photos.map((p, i) => (
        <li key={p.url}>
          <a href={mediaUrl(p.url) ?? undefined} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-md border">
            <img src={mediaUrl(p.thumb_url) ?? undefined} alt={`From ${r.author_name}'s review, ${i + 1} of ${r.photos.length}`} className="size-20 object-cover" loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The rating summary and the published reviews of a product, newest first ("Load more" pages on). */
export function ProductReviews({ productId, rating, count, storeName }: { productId: string; rating: number; count: number; storeName: string }) {
  const q = useInfiniteQuery({
    queryKey: shopReviewKeys.product(productId),
    queryFn: ({ pageParam }) => shopReviewsApi.ofProduct(productId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby="product-reviews" className="grid max-w-3xl gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="product-reviews" className="text-xl font-semibold">
          Reviews
        </h2>
        {count > 0 && (
          <p className="flex items-center gap-2 text-sm">
            <Stars rating={rating} />
            <span className="font-semibold">{rating.toFixed(1)}</span>
            <span className="text-muted-foreground">
              from {count} review{count === 1 ? '' : 's'}
            </span>
          </p>
        )}
      </div>
      {q.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : q.isError && !q.data ? (
        <ErrorState title="We could not load the reviews" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<MessageSquare className="size-6" />} title="No reviews yet" description="Shoppers review a product once it has reached them." />
      ) : (
        <>
          <ul className="grid gap-3" data-testid="product-reviews">
            {rows.map((r) => (
              <li key={r.id} className="grid gap-2 border-b pb-3 text-sm last:border-0">
                <ReviewBody review={{ ...r, status: 'visible' }} replyLabel={`Reply from ${storeName}`} when={reviewWhen} />
                {r.variant_title && <p className="text-xs text-muted-foreground">Bought: {r.variant_title}</p>}
                <ReviewPhotos r={r} />
              </li>
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['review', 'reviews']} />
        </>
      )}
    </section>
  );
}
