import { isApiError } from '@sojourn/api-client';
import { Button, ReviewForm, YouRated } from '@sojourn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { reviewsApi, wellnessKeys, type Booking, type BookingDetail } from '../api';
import { detailsHref } from '../paths';
import { reviewState } from '../review';
import { dateTimeIn, dayIn } from '../time';

/** Writing the review of a completed booking: the shared review form, posted once; the booking then shows the rating. */
export function ReviewStep({ b, tz, onDone, onBack }: { b: BookingDetail; tz: string; onDone: () => void; onBack: () => void }) {
  const qc = useQueryClient();
  return (
    <ReviewForm
      title="Review your session"
      description={`${b.title} with ${b.provider.display_name}, ${dayIn(b.start, tz)}. Your rating and review appear on their public profile under your name.`}
      placeholder="What helped? What could have been better?"
      onSubmit={async (v) => {
        const r = await reviewsApi.create(b.id, v);
        qc.setQueryData<BookingDetail>(wellnessKeys.booking(b.id), (old) => old && { ...old, can_review: false, review: { id: r.id, rating: r.rating, status: r.status } });
        void qc.invalidateQueries({ queryKey: wellnessKeys.bookings });
        void qc.invalidateQueries({ queryKey: wellnessKeys.provider(b.provider_id) });
        void qc.invalidateQueries({ queryKey: wellnessKeys.directoryAll });
        toast.success(`Thank you. Your review is on ${b.provider.display_name}'s profile.`);
      }}
      onDone={onDone}
      onBack={onBack}
      onRefused={(e) => {
        // Reviewed already, the window closed meanwhile, or the booking is gone: show the booking as it is now.
        if (isApiError(e) && (e.status === 409 || e.status === 404)) void qc.invalidateQueries({ queryKey: wellnessKeys.booking(b.id) });
      }}
    />
  );
}

/** The review part of a booking's detail: the action while the window is open, the rating once reviewed, or why not. */
export function ReviewPanel({ b, tz, onReview }: { b: BookingDetail; tz: string; onReview: () => void }) {
  const s = reviewState(b);
  if (s.kind === 'none') return null;
  return (
    <section aria-label="Your review" className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="booking-review">
      {s.kind === 'open' ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-medium">How was your session?</span>
            {s.until && <span className="block text-muted-foreground">You can review it until {dateTimeIn(s.until, tz)}.</span>}
          </p>
          <Button onClick={onReview} className="shrink-0">
            <Star aria-hidden /> Leave a review
          </Button>
        </div>
      ) : s.kind === 'reviewed' ? (
        <div className="grid gap-1">
          <YouRated rating={s.rating} className="font-medium" />
          {s.status === 'visible' ? (
            <Link to={detailsHref(b.kind, b.provider_id)} className="w-fit text-primary underline-offset-4 hover:underline">
              See it on {b.provider.display_name}&apos;s profile
            </Link>
          ) : (
            <span className="text-muted-foreground">{s.status === 'reported' ? 'Hidden from the profile while a report about it is checked.' : "Removed by Sojourn's moderators."}</span>
          )}
        </div>
      ) : (
        <p>
          <span className="font-medium">Review window closed</span>
          <span className="block text-muted-foreground">Sessions can be reviewed for 14 days after they end.</span>
        </p>
      )}
    </section>
  );
}

/** The review line of a booking in a list: the rating given, or that the window closed (the action sits beside the row). */
export function ReviewNote({ b }: { b: Booking }) {
  const s = reviewState(b);
  if (s.kind === 'reviewed') return <YouRated rating={s.rating} className="text-sm" />;
  if (s.kind === 'closed') return <span className="text-sm text-muted-foreground">Review window closed</span>;
  return null;
}
