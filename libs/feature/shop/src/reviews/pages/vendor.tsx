import { errorMessage } from '@sojourn/api-client';
import { Card, CardContent, EmptyState, ErrorState, LoadMore, PageHeader, ReviewBody, ReviewReplyAction, ReviewReplyForm, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { shopReviewKeys, shopReviewsApi, type ShopReview } from '../api';
import { ReviewPhotos, reviewWhen } from '../product-reviews';

function Row({ r }: { r: ShopReview }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const reply = useMutation({
    mutationFn: (text: string) => shopReviewsApi.reply(r.id, text),
    onSuccess: () => {
      setOpen(false);
      void qc.invalidateQueries({ queryKey: ['shop-reviews', 'vendor'] });
    },
  });
  return (
    <li>
      <Card>
        <CardContent className="grid gap-2 pt-5 text-sm sm:pt-6">
          <p className="font-medium">
            {r.title}
            {r.variant_title ? <span className="text-muted-foreground"> · {r.variant_title}</span> : null}
          </p>
          <ReviewBody review={{ ...r, status: 'visible' }} replyLabel="Your reply" when={reviewWhen} />
          <ReviewPhotos r={r} />
          <ReviewReplyAction
            review={{ ...r, status: 'visible' }}
            open={open}
            onOpen={() => setOpen(true)}
            form={<ReviewReplyForm reviewId={r.id} onReply={(t) => reply.mutate(t)} pending={reply.isPending} error={reply.error ? errorMessage(reply.error) : null} onCancel={() => setOpen(false)} />}
          />
        </CardContent>
      </Card>
    </li>
  );
}

/** /vendor-app/reviews: the published reviews of the vendor's products, with one public reply each. */
export default function VendorReviewsPage() {
  const [params, setParams] = useSearchParams();
  const unanswered = params.get('show') === 'unanswered';
  const q = useInfiniteQuery({
    queryKey: shopReviewKeys.received(unanswered),
    queryFn: ({ pageParam }) => shopReviewsApi.received(unanswered, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Reviews" description="What shoppers say about your products, once the Sojourn team has published it. A short, kind reply shows buyers you care." />
      <div className="flex gap-2" role="group" aria-label="Reviews to show">
        {[
          { v: false, label: 'All reviews' },
          { v: true, label: 'Waiting for a reply' },
        ].map((o) => (
          <button
            key={o.label}
            type="button"
            aria-pressed={unanswered === o.v}
            onClick={() => setParams(o.v ? { show: 'unanswered' } : {}, { replace: true })}
            className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {o.label}
          </button>
        ))}
      </div>
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError && !q.data ? (
        <ErrorState title="We could not load your reviews" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<MessageSquare className="size-6" />} title={unanswered ? 'Every review has your reply' : 'No reviews yet'} description="Shoppers review a product after it reaches them." />
      ) : (
        <>
          <ul className="grid gap-3" data-testid="vendor-reviews">
            {rows.map((r) => (
              <Row key={r.id} r={r} />
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['review', 'reviews']} />
        </>
      )}
    </div>
  );
}
