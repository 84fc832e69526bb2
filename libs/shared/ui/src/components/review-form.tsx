import { Star } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { cn } from '@sojourn/util';
import { Button } from './button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { applyServerErrors, Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField } from './form';
import { Textarea } from './input';

/** The API's bound on a review's text (reviews.MaxBody), in characters (Unicode code points, as the API counts). */
export const REVIEW_TEXT_MAX = 2000;

/** Words for each rating, shown beside the stars. */
export const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** Characters as the API counts them (code points, so an emoji is one). */
export const charCount = (s: string) => [...s].length;

// Tab, line feed and carriage return are allowed; other control characters are refused by the API.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Why a rating is refused (null when it is 1 to 5), as the API checks it. */
export function ratingProblem(rating: number): string | null {
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? null : 'Choose a rating from 1 to 5 stars.';
}

/** Why a review's text is refused (null when it is fine), as the API checks it. */
export function reviewTextProblem(text: string): string | null {
  if (charCount(text) > REVIEW_TEXT_MAX) return `Keep your review to ${REVIEW_TEXT_MAX} characters.`;
  if (CONTROL.test(text)) return 'Remove the invisible control characters from your review.';
  return null;
}

export interface ReviewValues {
  rating: number;
  text: string;
}

/**
 * Five stars as a radio group: native radios laid transparently over their stars, so a click or tap lands on the radio
 * and arrows move the choice; the stars up to the hovered or chosen one fill. Used inside a FormItem: the field's
 * message is announced with the group.
 */
export function StarRating({ value, onChange, onBlur, disabled }: { value: number; onChange: (v: number) => void; onBlur: () => void; disabled: boolean }) {
  const { error, messageId, descriptionId } = useFormField();
  const [hover, setHover] = React.useState(0);
  const legendId = React.useId();
  const name = React.useId();
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
                <Star aria-hidden className={cn('size-8 transition-colors', i <= shown ? 'fill-warning text-warning' : 'text-muted-foreground/50')} />
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

export interface ReviewFormProps {
  /** The dialog's heading ("Review your session", "Review your rental") and what is reviewed, where it appears. */
  title: string;
  description: React.ReactNode;
  /** What might help the writer ("What helped? What could have been better?"). */
  placeholder?: string;
  /** Sends the review (text trimmed); rejects with the API error. */
  onSubmit: (v: ReviewValues) => Promise<unknown>;
  /** After a success. */
  onDone: () => void;
  onBack: () => void;
  /** Told of a refusal that is no field's (reviewed already, window closed, gone): refresh what shows it. */
  onRefused?: (error: unknown) => void;
}

/**
 * Writing the review of a completed booking of any kind (a session, a tour, a rental), inside a dialog: stars and an
 * optional text, checked here as the API checks them, posted once; the server's field errors land beside the fields
 * and any other refusal (reviewed already, the window closed) shows above the buttons.
 */
export function ReviewForm({ title, description, placeholder = 'What went well? What could have been better?', onSubmit, onDone, onBack, onRefused }: ReviewFormProps) {
  const form = useForm<ReviewValues>({ defaultValues: { rating: 0, text: '' } });
  const [problem, setProblem] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);
  const used = charCount(form.watch('text'));
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    setPending(true);
    try {
      await onSubmit({ rating: v.rating, text: v.text.trim() });
      onDone();
    } catch (e) {
      const msg = applyServerErrors(e, form.setError, ['rating', 'text']);
      setProblem(msg);
      if (msg) onRefused?.(e);
    } finally {
      setPending(false);
    }
  });
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="rating"
            rules={{ validate: (v) => ratingProblem(v) ?? true }}
            render={({ field }) => (
              <FormItem>
                <StarRating value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={pending} />
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="text"
            rules={{ validate: (v) => reviewTextProblem(v) ?? true }}
            render={({ field }) => (
              <FormItem>
                <FormLabel>Your review (optional)</FormLabel>
                <FormControl>
                  <Textarea rows={5} placeholder={placeholder} disabled={pending} {...field} />
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
            <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
              Back
            </Button>
            <Button type="submit" loading={pending}>
              Post review
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </div>
  );
}
