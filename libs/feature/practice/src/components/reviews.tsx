import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, EmptyState, ErrorState, FormAlert, Label, LoadMore, Skeleton, Textarea } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Kind, type Review } from '../api';
import { formatWhen } from '../format';

const REPLY_MAX = 2000;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={i <= rating ? 'size-4 fill-warning text-warning' : 'size-4 text-muted-foreground'} aria-hidden />
      ))}
    </span>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const t = text.trim();
  const reply = useMutation({
    mutationFn: () => practiceApi.reply(review.id, t),
    onSuccess: () => {
      toast.success('Reply posted under the review.');
      void qc.invalidateQueries({ queryKey: practiceKeys.reviews });
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
      <div>
        <Button type="submit" size="sm" disabled={!t} loading={reply.isPending}>
          Post reply
        </Button>
      </div>
    </form>
  );
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
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-2 font-semibold">
                {r.author_name} <Stars rating={r.rating} />
              </p>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {r.status === 'reported' && <Badge variant="warning">Reported: hidden until an admin decides</Badge>}
                {r.status === 'removed' && <Badge variant="destructive">Removed by an admin</Badge>}
                {formatWhen(r.created_at)}
              </span>
            </div>
            {r.text && <p className="whitespace-pre-wrap">{r.text}</p>}
            {r.reply ? (
              <div className="rounded-md bg-muted/60 p-3">
                <p className="text-xs font-medium text-muted-foreground">Your reply{r.replied_at ? `, ${formatWhen(r.replied_at)}` : ''}</p>
                <p className="whitespace-pre-wrap">{r.reply}</p>
              </div>
            ) : replying === r.id ? (
              <ReplyForm review={r} />
            ) : (
              r.status !== 'removed' && (
                <div>
                  <Button size="sm" variant="outline" onClick={() => setReplying(r.id)} aria-label={`Reply to ${r.author_name}'s review`}>
                    Reply
                  </Button>
                </div>
              )
            )}
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}

