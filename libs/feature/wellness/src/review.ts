import { z } from 'zod';
import type { Booking } from './api';

/** The API's bound on a review's text (reviews.MaxBody), in characters (Unicode code points, as the API counts). */
export const REVIEW_TEXT_MAX = 2000;

/** Words for each rating, shown beside the stars. */
export const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/** Characters as the API counts them (code points, so an emoji is one). */
export const charCount = (s: string) => [...s].length;

// Tab, line feed and carriage return are allowed; other control characters are refused by the API.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const reviewSchema = z.object({
  rating: z.number().int().min(1, 'Choose a rating from 1 to 5 stars.').max(5, 'Choose a rating from 1 to 5 stars.'),
  text: z
    .string()
    .refine((s) => charCount(s) <= REVIEW_TEXT_MAX, `Keep your review to ${REVIEW_TEXT_MAX} characters.`)
    .refine((s) => !CONTROL.test(s), 'Remove the invisible control characters from your review.'),
});
export type ReviewValues = z.infer<typeof reviewSchema>;

/** Where a booking stands for reviewing, from what the API says of it. */
export type ReviewState =
  | { kind: 'open'; until: string | null }
  | { kind: 'reviewed'; rating: number; status: 'visible' | 'reported' | 'removed' }
  | { kind: 'closed' }
  | { kind: 'none' };

export function reviewState(b: Pick<Booking, 'status' | 'review' | 'can_review' | 'review_until'>): ReviewState {
  if (b.review) return { kind: 'reviewed', rating: b.review.rating, status: b.review.status };
  if (b.can_review) return { kind: 'open', until: b.review_until };
  if (b.status === 'completed') return { kind: 'closed' };
  return { kind: 'none' };
}
