import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedeemDialog } from './redeem-dialog';
import { TopUpDialog } from './top-up-dialog';
import { TransferDialog } from './transfer-dialog';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('money forms', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    configureApi({
      baseUrl: 'https://api.example.com',
      fetch: fetchMock as unknown as typeof fetch,
      bridge: { getAccessToken: () => 'tok', getRefreshToken: () => 'ref', onRefreshed: () => {}, onAuthLost: () => {} },
    });
    useAuthStore.setState({ accessToken: 'tok', email: 'me@example.com' });
  });
  afterEach(() => useAuthStore.setState({ accessToken: null, email: null }));

  it('top-up: the amount error shows beside the field and nothing is sent', async () => {
    const user = userEvent.setup();
    wrap(<TopUpDialog open onOpenChange={() => {}} />);
    await user.type(screen.getByLabelText('Amount (NGN)'), '50');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('The smallest amount is ₦100.00.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount (NGN)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('top-up: a quick amount fills the field and labels the pay button', async () => {
    const user = userEvent.setup();
    wrap(<TopUpDialog open onOpenChange={() => {}} />);
    await user.click(screen.getByRole('button', { name: '₦5,000' }));
    expect(screen.getByLabelText('Amount (NGN)')).toHaveValue('5000');
    expect(screen.getByRole('button', { name: 'Pay ₦5,000.00' })).toBeInTheDocument();
  });

  it('transfer: review, confirm with an Idempotency-Key, and a 409 insufficient_funds shown plainly', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(json(409, { error: { code: 'insufficient_funds', message: 'Not enough money.', request_id: 'r' } }));
    wrap(<TransferDialog open onOpenChange={() => {}} balance={500000} />);
    await user.type(screen.getByLabelText('Recipient'), 'tobi.k');
    await user.type(screen.getByLabelText('Amount (NGN)'), '2500');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(screen.getByRole('heading', { name: 'Confirm the transfer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send ₦2,500.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough money in your wallet for this transfer. Your balance is ₦5,000.00');
    const req = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => r.url.endsWith('/api/v1/wallet/transfers'))!;
    expect(req.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await req.json()).toEqual({ to: 'tobi.k', amount: 250000, currency: 'NGN' });
  });

  it('transfer: more than the balance is refused before asking to confirm', async () => {
    const user = userEvent.setup();
    wrap(<TransferDialog open onOpenChange={() => {}} balance={100000} />);
    await user.type(screen.getByLabelText('Recipient'), 'friend@example.com');
    await user.type(screen.getByLabelText('Amount (NGN)'), '1500');
    await user.click(screen.getByRole('button', { name: 'Review transfer' }));
    expect(await screen.findByText('That is more than your balance of ₦1,000.00.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm the transfer' })).not.toBeInTheDocument();
  });

  it('redeem: the code is sent without spaces and dashes, upper-cased', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      json(200, { data: { card_id: 'c', code_last4: 'TVWX', amount: 1000000, currency: 'NGN', reference: 'SJ-GFR-1', wallet_balance: 1000000 } }),
    );
    wrap(<RedeemDialog open onOpenChange={() => {}} />);
    await user.type(screen.getByLabelText('Gift card code'), 'abcd efgh-jkmn pqrs-tvwx');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('₦10,000.00 added')).toBeInTheDocument();
    const req = fetchMock.mock.calls.map(([r]) => r as Request).find((r) => r.url.endsWith('/api/v1/gift-cards/redeem'))!;
    expect(await req.json()).toEqual({ code: 'ABCDEFGHJKMNPQRSTVWX' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Gift card redeemed' })).toBeInTheDocument());
  });
});
