import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@sojourn/api-client';
import {
  applyServerErrors,
  Button,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Textarea,
  useFormField,
} from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { reviewsApi, wellnessKeys, type Booking, type BookingDetail } from '../api';
import { detailsHref } from '../paths';
import { charCount, RATING_WORDS, REVIEW_TEXT_MAX, reviewSchema, reviewState, type ReviewValues } from '../review';
import { dateTimeIn, dayIn } from '../time';

/**
 * Five stars as a radio group: native radios laid transparently over their stars, so a click or tap lands on the radio
 * and arrows move the choice; the stars up to the hovered or chosen one fill. Used inside a FormItem: the field's
 * message is announced with the group.
 */
function StarRating({ value, onChange, onBlur, disabled }: { value: number; onChange: (v: number) => void; onBlur: () => void; disabled: boolean }) {
  const { error, messageId, descriptionId } = useFormField();
  const [hover, setHover] = useState(0);
  const legendId = useId();
  const name = useId();
  const shown = hover || value;
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={error ? `${descriptionId} ${messageId}` : descriptionId}
      aria-invalid={Boolean(error)}
      className="grid gap-1.5"
    >
      <legend id={legendId} className={cn('mb-1.5 text-sm font-medium', error && 'text-destructive')}>
        Your rating
      </legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex" onMouseLeave={() => setHover(0)}>
          {[1, 2, 3, 4, 5].map((i) => (
            <label key={i} className={cn('group relative cursor-pointer', disabled && 'cursor-not-allowed')} onMouseEnter={() => !disabled && setHover(i)}>
              <input
                type="radio"
                name={name}
                value={i}
                checked={value === i}
                disabled={disabled}
                onChange={() => {
                  setHover(0); // arrows and clicks show the choice, not a preview under a resting pointer
                  onChange(i);
                }}
                onBlur={onBlur}
                className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              <span className="flex size-11 items-center justify-center rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-ring">
                <Star
                  aria-hidden
                  className={cn('size-8 transition-colors', i <= shown ? 'fill-warning text-warning' : 'text-muted-foreground/50')}
                />
              </span>
              <span className="sr-only">
                {i} star{i === 1 ? '' : 's'}, {RATING_WORDS[i]}
              </span>
            </label>
          ))}
        </div>
        {(shown > 0 || !error) && (
          <span className="text-sm font-medium text-muted-foreground" aria-hidden>
            {shown ? RATING_WORDS[shown] : 'Choose 1 to 5 stars'}
          </span>
        )}
      </div>
    </fieldset>
  );
}

/** Writing the review of a completed booking: stars and text, posted once; the booking then shows the rating. */
export function ReviewStep({ b, tz, onDone, onBack }: { b: BookingDetail; tz: string; onDone: () => void; onBack: () => void }) {
  const qc = useQueryClient();
  const form = useForm<ReviewValues>({ resolver: zodResolver(reviewSchema), defaultValues: { rating: 0, text: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const text = form.watch('text');
  const used = charCount(text);
  const create = useMutation({
    mutationFn: (v: ReviewValues) => reviewsApi.create(b.id, { rating: v.rating, text: v.text.trim() }),
    onSuccess: (r) => {
      qc.setQueryData<BookingDetail>(wellnessKeys.booking(b.id), (old) => old && { ...old, can_review: false, review: { id: r.id, rating: r.rating, status: r.status } });
      void qc.invalidateQueries({ queryKey: wellnessKeys.bookings });
      void qc.invalidateQueries({ queryKey: wellnessKeys.provider(b.provider_id) });
      void qc.invalidateQueries({ queryKey: wellnessKeys.directoryAll });
      toast.success(`Thank you. Your review is on ${b.provider.display_name}'s profile.`);
      onDone();
    },
    onError: (e) => {
      if (isApiError(e) && (e.status === 409 || e.status === 404)) {
        // Reviewed already, the window closed meanwhile, or the booking is gone: show the booking as it is now.
        setProblem(e.message);
        void qc.invalidateQueries({ queryKey: wellnessKeys.booking(b.id) });
        return;
      }
      setProblem(applyServerErrors(e, form.setError, ['rating', 'text']));
    },
  });
  const submit = form.handleSubmit((v) => {
    setProblem(null);
    create.mutate(v);
  });
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Review your session</DialogTitle>
        <DialogDescription>
          {b.title} with {b.provider.display_name}, {dayIn(b.start, tz)}. Your rating and review appear on their public profile under your name.
        </DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="rating"
            render={({ field }) => (
              <FormItem>
                <StarRating value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={create.isPending} />
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="text"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Your review (optional)</FormLabel>
                <FormControl>
                  <Textarea rows={5} placeholder="What helped? What could have been better?" disabled={create.isPending} {...field} />
                </FormControl>
                <FormDescription className={cn('text-right tabular-nums', used > REVIEW_TEXT_MAX && 'font-medium text-destructive')}>
                  {used.toLocaleString()} of {REVIEW_TEXT_MAX.toLocaleString()} characters
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          {problem && <FormAlert>{problem}</FormAlert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onBack} disabled={create.isPending}>
              Back
            </Button>
            <Button type="submit" loading={create.isPending}>
              Post review
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </div>
  );
}

/** "You rated 4 ★", as text that reads "You rated 4 out of 5". */
export function YouRated({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      You rated <span className="font-semibold">{rating}</span>
      <Star className="size-4 fill-warning text-warning" aria-hidden />
      <span className="sr-only"> out of 5</span>
    </span>
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
