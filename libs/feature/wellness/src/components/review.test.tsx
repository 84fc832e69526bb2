import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { charCount, reviewSchema, reviewState } from '../review';
import { BookingDialog } from './booking-detail';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

const done = {
  id: 'b1',
  offering_id: 'o1',
  provider_id: 'p1',
  kind: 'therapist',
  title: 'Individual therapy session',
  format: 'video',
  status: 'completed',
  start: '2030-01-10T09:00:00Z',
  end: '2030-01-10T09:50:00Z',
  time_zone: 'Africa/Lagos',
  price: { amount: 1_500_000, currency: 'NGN' },
  pay_with: 'wallet',
  paid_amount: 1_500_000,
  refunded_amount: 0,
  fee_kept: 0,
  free_cancel_until: '2030-01-09T09:00:00Z',
  late_cancel_fee_pct: 50,
  intake_answers: {},
  note: '',
  cancel_reason: '',
  hold_expires_at: null,
  confirm_by: null,
  completed_at: '2030-01-10T09:50:00Z',
  review_until: '2030-01-24T09:50:00Z',
  cancelled_at: null,
  reschedules: 0,
  provider: { id: 'u1', display_name: 'Dr. Folake Adeyemi', username: 'dr.folake', avatar_url: '' },
  client: { id: 'u2', display_name: 'Amara', username: 'amara', avatar_url: '' },
  created_at: '2029-12-01T09:00:00Z',
  review: null,
  can_review: true,
  events: [],
};

/** The dialog with the review form's state kept as the calendar keeps it (in the address there). */
function Harness() {
  const [reviewing, setReviewing] = useState(false);
  return <BookingDialog id="b1" tz="Africa/Lagos" onClose={() => {}} reviewing={reviewing} onReviewingChange={setReviewing} />;
}

describe('reviewing a completed session', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let posts: unknown[];
  beforeEach(() => {
    posts = [];
    let booking: Record<string, unknown> = done;
    fetchMock = vi.fn(async (r: Request) => {
      const u = new URL(r.url);
      if (r.method === 'POST' && u.pathname === '/api/v1/bookings/b1/review') {
        const body = (await r.json()) as { rating: number; text: string };
        posts.push(body);
        if (posts.length === 1) {
          return json(422, { error: { code: 'validation_failed', message: 'Check the fields.', request_id: 'r', fields: { text: 'is too long' } } });
        }
        booking = { ...done, can_review: false, review: { id: 'r1', rating: body.rating, status: 'visible' } };
        return json(201, {
          data: { id: 'r1', provider_id: 'p1', offering_id: 'o1', author_name: 'Amara', rating: body.rating, text: body.text, status: 'visible', reply: null, replied_at: null, created_at: '2030-01-11T09:00:00Z' },
        });
      }
      if (u.pathname === '/api/v1/bookings/b1') return json(200, { data: booking });
      return json(404, { error: { code: 'not_found', message: 'no', request_id: 'r' } });
    });
    configureApi({
      baseUrl: 'https://api.example.com',
      fetch: fetchMock as unknown as typeof fetch,
      bridge: { getAccessToken: () => 'tok', getRefreshToken: () => 'ref', onRefreshed: () => {}, onAuthLost: () => {} },
    });
    useAuthStore.setState({ accessToken: 'tok', email: 'me@example.com' });
  });
  afterEach(() => useAuthStore.setState({ accessToken: null, email: null }));

  it('asks for a rating first, shows server errors beside the field, then shows the rating given', async () => {
    const user = userEvent.setup();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <Harness />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: /Leave a review/ }));
    expect(within(dialog).getByRole('heading', { name: 'Review your session' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    const stars = within(dialog).getByRole('radiogroup', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(stars).getByRole('radio', { name: /^5 stars/ }));
    expect(within(stars).getByRole('radio', { name: /^5 stars/ })).toBeChecked();
    const text = within(dialog).getByLabelText('Your review (optional)');
    await user.type(text, 'Calm and practical 🌿');
    expect(within(dialog).getByText('20 of 2,000 characters')).toBeInTheDocument();

    // The server's field error lands beside the text.
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText('is too long')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ rating: 5, text: 'Calm and practical 🌿' });
    const panel = await within(dialog).findByTestId('booking-review');
    expect(panel).toHaveTextContent('You rated 5 out of 5');
    expect(within(panel).getByRole('link', { name: "See it on Dr. Folake Adeyemi's profile" })).toHaveAttribute('href', '/user-therapy/therapist-details?id=p1');
    expect(within(dialog).queryByRole('button', { name: /Leave a review/ })).not.toBeInTheDocument();
  }, 20_000); // typing through user-event is slow on a busy machine
});

describe('review rules', () => {
  it('bounds the text as the API does and refuses control characters', () => {
    expect(reviewSchema.safeParse({ rating: 0, text: '' }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 6, text: '' }).success).toBe(false);
    expect(reviewSchema.safeParse({ rating: 4, text: '' }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 4, text: 'Line one\nLine two\tand a tab' }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 4, text: 'bad\u0000byte' }).success).toBe(false);
    // Code points, as the API counts: 2000 emoji are 4000 UTF-16 units but within the bound.
    expect(charCount('🌿'.repeat(2000))).toBe(2000);
    expect(reviewSchema.safeParse({ rating: 4, text: '🌿'.repeat(2000) }).success).toBe(true);
    expect(reviewSchema.safeParse({ rating: 4, text: 'a'.repeat(2001) }).success).toBe(false);
  });

  it('tells open, reviewed, closed and not reviewable apart', () => {
    expect(reviewState({ status: 'completed', can_review: true, review: null, review_until: '2030-01-24T09:50:00Z' })).toEqual({ kind: 'open', until: '2030-01-24T09:50:00Z' });
    expect(reviewState({ status: 'completed', can_review: false, review: { id: 'r', rating: 3, status: 'reported' }, review_until: null })).toEqual({
      kind: 'reviewed',
      rating: 3,
      status: 'reported',
    });
    expect(reviewState({ status: 'completed', can_review: false, review: null, review_until: '2020-01-01T00:00:00Z' })).toEqual({ kind: 'closed' });
    expect(reviewState({ status: 'confirmed', can_review: false, review: null, review_until: null })).toEqual({ kind: 'none' });
    expect(reviewState({ status: 'no_show', can_review: false, review: null, review_until: null })).toEqual({ kind: 'none' });
  });
});
