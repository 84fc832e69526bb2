import { Star } from 'lucide-react';
import * as React from 'react';
import { cn } from '@sojourn/util';
import { Button } from './button';
import { Badge } from './card';
import { FormAlert } from './form';
import { Textarea } from './input';
import { Label } from './label';

/** The API's bound on a provider's reply to a review (reviews.MaxBody), in characters. */
export const REVIEW_REPLY_MAX = 2000;

/** What a list of reviews shows of one (the API's Review). */
export interface ReviewEntry {
  id: string;
  author_name: string;
  rating: number;
  text: string;
  status: 'visible' | 'reported' | 'removed';
  reply?: string | null;
  replied_at?: string | null;
  created_at: string;
}

/** A rating as five stars (an average rounded to whole stars), read as "4.6 out of 5 stars". */
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

/** The moderation state of a provider's own review: reported or removed (nothing for a visible one). */
export function ReviewStatusBadge({ status }: { status: ReviewEntry['status'] }) {
  if (status === 'reported') return <Badge variant="warning">Reported: hidden until an admin decides</Badge>;
  if (status === 'removed') return <Badge variant="destructive">Removed by an admin</Badge>;
  return null;
}

/**
 * One review: its author and stars, its date (`when` formats it), its text and the provider's reply under
 * `replyLabel` ("Your reply", "The dealer replied"). `flags` go beside the date.
 */
export function ReviewBody({ review: r, replyLabel, when, flags }: { review: ReviewEntry; replyLabel: string; when: (iso: string) => string; flags?: React.ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          {r.author_name} <Stars rating={r.rating} />
        </p>
        <span className={cn('text-xs text-muted-foreground', flags != null && 'flex items-center gap-2')}>
          {flags}
          {when(r.created_at)}
        </span>
      </div>
      {r.text && <p className="whitespace-pre-wrap">{r.text}</p>}
      {r.reply && (
        <div className="rounded-md bg-muted/60 p-3">
          <p className="text-xs font-medium text-muted-foreground">
            {replyLabel}
            {r.replied_at ? `, ${when(r.replied_at)}` : ''}
          </p>
          <p className="whitespace-pre-wrap">{r.reply}</p>
        </div>
      )}
    </>
  );
}

/**
 * The provider's one public reply to a review: `onReply` gets the trimmed text (the caller's mutation, whose
 * `pending` and `error` message show here); `onCancel` adds a Cancel button.
 */
export function ReviewReplyForm({
  reviewId,
  onReply,
  pending,
  error,
  onCancel,
}: {
  reviewId: string;
  onReply: (text: string) => void;
  pending: boolean;
  error?: string | null;
  onCancel?: () => void;
}) {
  const [text, setText] = React.useState('');
  const t = text.trim();
  const id = `reply-${reviewId}`;
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (t && t.length <= REVIEW_REPLY_MAX) onReply(t);
      }}
    >
      <Label htmlFor={id}>Your reply (public, once)</Label>
      <Textarea id={id} rows={3} maxLength={REVIEW_REPLY_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      {error && <FormAlert>{error}</FormAlert>}
      <div className={onCancel ? 'flex gap-2' : undefined}>
        <Button type="submit" size="sm" disabled={!t} loading={pending}>
          Post reply
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Under a review without a reply (and not removed): the Reply button, or `form` once `open` (`onOpen` opens it).
 */
export function ReviewReplyAction({ review, open, onOpen, form }: { review: ReviewEntry; open: boolean; onOpen: () => void; form: React.ReactNode }) {
  if (review.reply || review.status === 'removed') return null;
  if (open) return <>{form}</>;
  return (
    <div>
      <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Reply to ${review.author_name}'s review`}>
        Reply
      </Button>
    </div>
  );
}
