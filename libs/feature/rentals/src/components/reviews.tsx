import { isApiError } from '@sojourn/api-client';
import { Button, Dialog, DialogContent, EmptyState, ErrorState, LoadMore, ReviewForm, Skeleton, YouRated } from '@sojourn/ui';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Star } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { publicApi, renterApi, rentalKeys, type RentalBooking, type RentalCar } from '../api';
import { when } from '../format';

/** The company's rating as renters see it beside its name: "4.3 ★ (12 reviews)", or that it has none yet. */
export function CompanyRating({ rating, className }: { rating: RentalCar['company']['rating']; className?: string }) {
  if (rating.count === 0) return <span className={className ?? 'text-sm text-muted-foreground'}>No reviews yet</span>;
  return (
    <span className={className ?? 'inline-flex items-center gap-1 text-sm'}>
      <Star className="size-4 fill-warning text-warning" aria-hidden />
      <span className="font-semibold">{rating.average.toFixed(1)}</span>
      <span className="sr-only"> out of 5</span>
      <span className="text-muted-foreground">
        ({rating.count} review{rating.count === 1 ? '' : 's'})
      </span>
    </span>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={i <= rating ? 'size-4 fill-warning text-warning' : 'size-4 text-muted-foreground/50'} aria-hidden />
      ))}
    </span>
  );
}

/** A rental company's reviews from its renters, newest first, with the company's replies ("Load more" pages on). */
export function CompanyReviews({ providerId, companyName }: { providerId: string; companyName: string }) {
  const q = useInfiniteQuery({
    queryKey: rentalKeys.companyReviews(providerId),
    queryFn: ({ pageParam }) => publicApi.reviews(providerId, pageParam, 5),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  if (q.isPending) return <Skeleton className="h-32 w-full" />;
  if (q.isError && !q.data) return <ErrorState title="We could not load the reviews" error={q.error} onRetry={() => void q.refetch()} />;
  const rows = q.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) {
    return <EmptyState icon={<MessageSquare className="size-6" />} title="No reviews yet" description={`Renters review ${companyName} after their rental is completed.`} />;
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label={`Reviews of ${companyName}`} data-testid="company-reviews">
        {rows.map((r) => (
          <li key={r.id} className="grid gap-1.5 border-b pb-3 text-sm last:border-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-2 font-medium">
                <Stars rating={r.rating} /> {r.author_name}
              </p>
              <span className="text-xs text-muted-foreground">{when(r.created_at)}</span>
            </div>
            {r.text && <p className="whitespace-pre-wrap">{r.text}</p>}
            {r.reply && (
              <div className="rounded-md bg-muted/60 p-2.5">
                <p className="text-xs font-medium text-muted-foreground">Reply from {companyName}</p>
                <p className="whitespace-pre-wrap">{r.reply}</p>
              </div>
            )}
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}

/** "Leave a review" for a completed rental of the renter's: the shared review form in a dialog. */
export function LeaveReview({ b, size }: { b: RentalBooking; size?: 'sm' | 'default' }) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size={size} onClick={() => setOpen(true)}>
        <Star aria-hidden /> Leave a review
      </Button>
      <DialogContent>
        {open && (
          <ReviewForm
            title="Review your rental"
            description={`${b.car.make} ${b.car.model} from ${b.car.company.name}, ${when(b.start)} to ${when(b.end)}. Your rating and review appear on the company's page under your name.`}
            placeholder="How were the car, the pick-up and the return?"
            onSubmit={async (v) => {
              await renterApi.review(b.id, v);
              toast.success(`Thank you. Your review is on ${b.car.company.name}'s page.`);
            }}
            onDone={() => {
              setOpen(false);
              void qc.invalidateQueries({ queryKey: rentalKeys.all });
            }}
            onBack={() => setOpen(false)}
            onRefused={(e) => {
              // Reviewed already, the window closed meanwhile: show the rental as it is now.
              if (isApiError(e) && (e.status === 409 || e.status === 404)) void qc.invalidateQueries({ queryKey: rentalKeys.all });
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The review part of a rental: the action while the 14 days last, the rating given, or that the window closed. */
export function RentalReviewNote({ b, action = true }: { b: RentalBooking; action?: boolean }) {
  if (b.review) return <YouRated rating={b.review.rating} className="text-sm" />;
  if (b.can_review) return action ? <LeaveReview b={b} size="sm" /> : <span className="text-sm font-medium">Ready for your review</span>;
  if (b.status === 'completed') return <span className="text-sm text-muted-foreground">Review window closed</span>;
  return null;
}

/** The review card of a rental's detail. */
export function RentalReviewPanel({ b }: { b: RentalBooking }) {
  if (b.status !== 'completed') return null;
  const until = b.completed_at ? new Date(new Date(b.completed_at).getTime() + 14 * 24 * 3600 * 1000).toISOString() : null;
  return (
    <section aria-label="Your review" className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="rental-review">
      {b.review ? (
        <div className="grid gap-1">
          <YouRated rating={b.review.rating} className="font-medium" />
          <span className="text-muted-foreground">
            {b.review.status === 'visible'
              ? `Shown on ${b.car.company.name}'s page.`
              : b.review.status === 'reported'
                ? 'Hidden from the page while a report about it is checked.'
                : "Removed by Sojourn's moderators."}
          </span>
        </div>
      ) : b.can_review ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-medium">How was your rental?</span>
            {until && <span className="block text-muted-foreground">You can review it until {when(until)}.</span>}
          </p>
          <LeaveReview b={b} />
        </div>
      ) : (
        <p>
          <span className="font-medium">Review window closed</span>
          <span className="block text-muted-foreground">Rentals can be reviewed for 14 days after they are completed.</span>
        </p>
      )}
    </section>
  );
}
