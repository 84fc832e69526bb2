import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayment } from '../api';
import type { PurposeLink } from '../routes';
import PaymentsPage from './payments';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

function payment(reference: string, purpose: string, purposeId: string): AdminPayment {
  return {
    reference,
    user: { id: 'u1', email: 'amara@example.com', username: 'amara' },
    purpose,
    purpose_id: purposeId,
    amount: 1_500_000,
    currency: 'NGN',
    status: 'success',
    channel: 'card',
    paid_at: '2026-11-20T10:00:00Z',
    refunded_amount: 0,
    failure_reason: '',
    refunds: [],
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  };
}

const purposeLink: PurposeLink = (purpose, id) => (purpose === 'booking' ? { href: `/bookings?booking=${id}`, label: 'Open booking' } : null);

describe('the admin payments table', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn().mockResolvedValue(
      json(200, { data: [payment('sj-book-1', 'booking', 'bk-42'), payment('sj-top-1', 'wallet_topup', 'w1')], meta: { page: 1, per_page: 20, total: 2 } }),
    );
    configureApi({
      baseUrl: 'https://api.example.com',
      fetch: fetchMock as unknown as typeof fetch,
      bridge: { getAccessToken: () => 'tok', getRefreshToken: () => 'ref', onRefreshed: () => {}, onAuthLost: () => {} },
    });
    useAuthStore.setState({ accessToken: 'tok', email: 'admin@example.com' });
  });
  afterEach(() => useAuthStore.setState({ accessToken: null, email: null }));

  it('links a booking payment to its booking instead of refunding it on its own, and refunds the others here', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/admin-dashboard/payments']}>
          <Routes>
            <Route path="/admin-dashboard/payments" element={<PaymentsPage purposeLink={purposeLink} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Payments' });
    const booking = (await within(table).findByText('sj-book-1')).closest('tr')!;
    const link = within(booking).getByRole('link', { name: 'Open booking of sj-book-1' });
    expect(link.getAttribute('href')).toBe('/bookings?booking=bk-42');
    expect(within(booking).queryByRole('button', { name: /Refund/ })).toBeNull();
    const topUp = within(table).getByText('sj-top-1').closest('tr')!;
    expect(within(topUp).getByRole('button', { name: 'Refund sj-top-1' })).toBeTruthy();
  });
});
