import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, EmptyState, ErrorState, FormAlert, Label, LoadMore, Skeleton, Textarea } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Star } from 'lucide-react';
import { useState } from 'react';
import { dealersApi, dealersKeys, type Review } from './api';
import { day } from './format';

const REPLY_MAX = 2000;

export function Stars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  const full = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${Number.isInteger(rating) ? rating : rating.toFixed(1)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={i <= full ? `${size} fill-warning text-warning` : `${size} text-muted-foreground`} aria-hidden />
      ))}
    </span>
  );
}

/** "4.6 from 12 reviews" or "No reviews yet". */
export function ratingLine(r: { average: number; count: number }): string {
  return r.count > 0 ? `${r.average.toFixed(1)} from ${r.count} review${r.count === 1 ? '' : 's'}` : 'No reviews yet';
}

function ReviewBody({ r, replyLabel }: { r: Review; replyLabel: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          {r.author_name} <Stars rating={r.rating} />
        </p>
        <span className="text-xs text-muted-foreground">{day(r.created_at)}</span>
      </div>
      {r.text && <p className="whitespace-pre-wrap">{r.text}</p>}
      {r.reply && (
        <div className="rounded-md bg-muted/60 p-3">
          <p className="text-xs font-medium text-muted-foreground">
            {replyLabel}
            {r.replied_at ? `, ${day(r.replied_at)}` : ''}
          </p>
          <p className="whitespace-pre-wrap">{r.reply}</p>
        </div>
      )}
    </>
  );
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
            <ReviewBody r={r} replyLabel="The dealer replied" />
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const t = text.trim();
  const reply = useMutation({
    mutationFn: () => dealersApi.reply(review.id, t),
    onSuccess: () => {
      onDone();
      void qc.invalidateQueries({ queryKey: dealersKeys.myReviews });
    },
  });
  const id = `reply-${review.id}`;
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (t && t.length <= REPLY_MAX) reply.mutate();
      }}
    >
      <Label htmlFor={id}>Your reply (public, once)</Label>
      <Textarea id={id} rows={3} maxLength={REPLY_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      {reply.error && <FormAlert>{errorMessage(reply.error)}</FormAlert>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!t} loading={reply.isPending}>
          Post reply
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
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
            {r.status === 'reported' && <Badge variant="warning">Reported: hidden until an admin decides</Badge>}
            {r.status === 'removed' && <Badge variant="destructive">Removed by an admin</Badge>}
            <ReviewBody r={r} replyLabel="Your reply" />
            {!r.reply &&
              r.status !== 'removed' &&
              (replying === r.id ? (
                <ReplyForm review={r} onDone={() => setReplying(null)} />
              ) : (
                <div>
                  <Button size="sm" variant="outline" onClick={() => setReplying(r.id)} aria-label={`Reply to ${r.author_name}'s review`}>
                    Reply
                  </Button>
                </div>
              ))}
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}
