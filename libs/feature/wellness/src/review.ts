import { z } from 'zod';
import type { Booking } from './api';

import { charCount, ratingProblem, REVIEW_TEXT_MAX, reviewTextProblem } from '@sojourn/ui';

// The bounds and words are the shared review form's (@sojourn/ui), which checks a review as the API does.
export { charCount, RATING_WORDS, REVIEW_TEXT_MAX } from '@sojourn/ui';

export const reviewSchema = z.object({
  rating: z.number().refine((n) => ratingProblem(n) === null, 'Choose a rating from 1 to 5 stars.'),
  text: z
    .string()
    .refine((s) => charCount(s) <= REVIEW_TEXT_MAX, `Keep your review to ${REVIEW_TEXT_MAX} characters.`)
    .refine((s) => reviewTextProblem(s) === null, 'Remove the invisible control characters from your review.'),
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
