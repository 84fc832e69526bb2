import { errorMessage } from '@sojourn/api-client';
import { EmptyState, ErrorState, LoadMore, ReviewBody, ReviewReplyAction, ReviewReplyForm, ReviewStatusBadge, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Kind, type Review } from '../api';
import { formatWhen } from '../format';

function ReplyForm({ review }: { review: Review }) {
  const qc = useQueryClient();
  const reply = useMutation({
    mutationFn: (text: string) => practiceApi.reply(review.id, text),
    onSuccess: () => {
      toast.success('Reply posted under the review.');
      void qc.invalidateQueries({ queryKey: practiceKeys.reviews });
    },
  });
  return <ReviewReplyForm reviewId={review.id} onReply={(text) => reply.mutate(text)} pending={reply.isPending} error={reply.error ? errorMessage(reply.error) : null} />;
}

/**
 * The reviews of the caller's practice of one kind (GET /practice/reviews?kind=), newest first, each with its one
 * public reply or the form to write it. `empty` says when reviews come (after a session, a rental).
 */
export function PracticeReviews({ kind, empty = 'Clients can review a session once it is completed.' }: { kind: Kind; empty?: string }) {
  const list = useInfiniteQuery({
    queryKey: practiceKeys.reviewsOf(kind),
    queryFn: ({ pageParam }) => practiceApi.reviews(kind, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const [replying, setReplying] = useState<string | null>(null);
  if (list.isPending) return <Skeleton className="h-24 w-full" />;
  if (list.error && !list.data) return <ErrorState title="Could not load your reviews" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <EmptyState title="No reviews yet" description={empty} icon={<MessageSquare className="size-6" />} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Reviews">
        {rows.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-lg border p-4 text-sm">
            <ReviewBody review={r} replyLabel="Your reply" when={(iso) => formatWhen(iso)} flags={<ReviewStatusBadge status={r.status} />} />
            <ReviewReplyAction review={r} open={replying === r.id} onOpen={() => setReplying(r.id)} form={<ReplyForm review={r} />} />
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}

