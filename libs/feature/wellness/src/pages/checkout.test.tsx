import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THERAPY_PATHS } from '../paths';
import { CheckoutPage } from './checkout';

// Radix's radio group measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

const held = {
  id: 'b1',
  offering_id: 'o1',
  provider_id: 'p1',
  kind: 'therapist',
  title: 'New parents support group',
  format: 'in_person',
  status: 'held',
  start: '2030-01-10T09:00:00Z',
  end: '2030-01-10T10:30:00Z',
  time_zone: 'Africa/Lagos',
  price: { amount: 1_000_000, currency: 'NGN' },
  pay_with: '',
  paid_amount: 0,
  refunded_amount: 0,
  fee_kept: 0,
  free_cancel_until: '2030-01-09T09:00:00Z',
  late_cancel_fee_pct: 50,
  intake_answers: {},
  note: '',
  cancel_reason: '',
  hold_expires_at: new Date(Date.now() + 9 * 60_000).toISOString(),
  confirm_by: null,
  completed_at: null,
  review_until: null,
  cancelled_at: null,
  reschedules: 0,
  provider: { id: 'u1', display_name: 'Dr. Folake Adeyemi', username: 'dr.folake', avatar_url: '' },
  client: { id: 'u2', display_name: 'Amara', username: 'amara', avatar_url: '' },
  created_at: '2029-12-01T09:00:00Z',
  events: [],
};
const offering = {
  id: 'o1',
  provider_id: 'p1',
  title: 'New parents support group',
  description: '',
  format: 'in_person',
  duration_min: 90,
  price: { amount: 1_000_000, currency: 'NGN' },
  capacity: 6,
  requires_confirmation: true,
  buffer_before_min: 0,
  buffer_after_min: 10,
  min_notice_min: 720,
  max_advance_days: 60,
  free_cancel_hours: 24,
  late_cancel_fee_pct: 50,
  intake_questions: [{ id: 'q1', label: 'What would you like to work on?', kind: 'text', required: true }],
  active: true,
  created_at: '2029-01-01T00:00:00Z',
  updated_at: '2029-01-01T00:00:00Z',
};

describe('booking checkout', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // The server's booking: held until paid, then waiting for the provider.
    let booking: Record<string, unknown> = held;
    fetchMock = vi.fn(async (r: Request) => {
      const u = new URL(r.url);
      if (r.method === 'POST' && u.pathname === '/api/v1/bookings') {
        booking = { ...held, status: 'pending_confirmation', pay_with: 'wallet', paid_amount: 1_000_000, hold_expires_at: null, confirm_by: '2030-01-02T09:00:00Z' };
        return json(201, { data: { booking, payment: null } });
      }
      if (u.pathname === '/api/v1/bookings/b1') return json(200, { data: booking });
      if (u.pathname === '/api/v1/providers/p1/offerings') return json(200, { data: [offering] });
      if (u.pathname === '/api/v1/wallet') return json(200, { data: { balance: 2_500_000, currency: 'NGN' } });
      if (u.pathname === '/api/v1/me/packages') return json(200, { data: [], meta: { next_cursor: null, limit: 50 } });
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

  it('shows the policy and balance, enforces the required answer, then pays from the wallet with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/user-therapy/checkout?booking=b1']}>
          <Routes>
            <Route path="/user-therapy/checkout" element={<CheckoutPage paths={THERAPY_PATHS} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Free cancellation until 24 hours before the session starts. After that, 50% of the price is kept and the rest refunded.')).toBeInTheDocument();
    expect(await screen.findByTestId('checkout-balance')).toHaveTextContent('Balance ₦25,000.00');
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/^[89]:[0-5]\d$/);

    const pay = screen.getByRole('button', { name: 'Pay ₦10,000.00 from wallet' });
    await user.click(pay);
    expect(await screen.findByText('Please answer this question.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([r]) => (r as Request).method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/What would you like to work on\?/), 'Sleep');
    await user.click(pay);
    await waitFor(() => expect(fetchMock.mock.calls.some(([r]) => (r as Request).method === 'POST')).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
    const req = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => r.method === 'POST')!;
    expect(req.headers.get('Idempotency-Key')).toMatch(/^booking-/);
    expect(await req.json()).toEqual({ hold_id: 'b1', pay_with: 'wallet', intake_answers: { q1: 'Sleep' } });
    await waitFor(() => expect(screen.getByRole('link', { name: /Add to calendar/ })).toHaveAttribute('download'));
  });
});
