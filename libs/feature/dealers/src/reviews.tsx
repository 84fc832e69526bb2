import { errorMessage } from '@sojourn/api-client';
import { EmptyState, ErrorState, LoadMore, ReviewBody, ReviewReplyAction, ReviewReplyForm, ReviewStatusBadge, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { dealersApi, dealersKeys, type Review } from './api';
import { day } from './format';

/** "4.6 from 12 reviews" or "No reviews yet". */
export function ratingLine(r: { average: number; count: number }): string {
  return r.count > 0 ? `${r.average.toFixed(1)} from ${r.count} review${r.count === 1 ? '' : 's'}` : 'No reviews yet';
}

/** A dealership's public reviews (buyers review completed test drives), newest first with "Load more". */
export function DealerReviews({ providerId }: { providerId: string }) {
  const list = useInfiniteQuery({
    queryKey: dealersKeys.dealerReviews(providerId),
    queryFn: ({ pageParam }) => dealersApi.dealerReviews(providerId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  if (list.isPending) return <Skeleton className="h-24 w-full" />;
  if (list.error && !list.data) return <ErrorState title="Reviews could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No reviews yet. Buyers can review the dealer after a test drive.</p>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Reviews of the dealer">
        {rows.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-lg border p-4 text-sm">
            <ReviewBody review={r} replyLabel="The dealer replied" when={day} />
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const qc = useQueryClient();
  const reply = useMutation({
    mutationFn: (text: string) => dealersApi.reply(review.id, text),
    onSuccess: () => {
      onDone();
      void qc.invalidateQueries({ queryKey: dealersKeys.myReviews });
    },
  });
  return (
    <ReviewReplyForm
      reviewId={review.id}
      onReply={(text) => reply.mutate(text)}
      pending={reply.isPending}
      error={reply.error ? errorMessage(reply.error) : null}
      onCancel={onDone}
    />
  );
}

/** The dealership's own reviews with a reply to each (visible and reported ones), for the dealer's dashboard. */
export function DealerReviewsInbox() {
  const list = useInfiniteQuery({
    queryKey: dealersKeys.myReviews,
    queryFn: ({ pageParam }) => dealersApi.myReviews(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const [replying, setReplying] = useState<string | null>(null);
  if (list.isPending) return <Skeleton className="h-24 w-full" />;
  if (list.error && !list.data) return <ErrorState title="Your reviews could not be loaded" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0)
    return <EmptyState title="No reviews yet" description="Buyers can review your dealership once their test drive has taken place." icon={<MessageSquare className="size-6" />} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Reviews of your dealership">
        {rows.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-lg border p-4 text-sm">
            <ReviewStatusBadge status={r.status} />
            <ReviewBody review={r} replyLabel="Your reply" when={day} />
            <ReviewReplyAction review={r} open={replying === r.id} onOpen={() => setReplying(r.id)} form={<ReplyForm review={r} onDone={() => setReplying(null)} />} />
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}
