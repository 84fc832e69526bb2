import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { EarningLine, Payout } from '../api';
import { EarningsTable, PayoutsTable } from './history';

const line = (n: number): EarningLine => ({
  id: `e${n}`,
  amount: 9_000_00,
  available_at: null,
  created_at: '2026-11-20T10:00:00Z',
  currency: 'NGN',
  fee: 1_000_00,
  note: '',
  paid_for: { id: `o${n}`, type: 'order' },
  reference: `ERN-${n}`,
  status: 'completed',
});

const payout = (n: number): Payout => ({
  id: `p${n}`,
  account_name: 'Vendor Ventures',
  account_number: '••••6789',
  amount: 20_000_00,
  bank_name: 'Guaranty Trust Bank',
  created_at: '2026-11-20T10:00:00Z',
  currency: 'NGN',
  failure_reason: '',
  fee: 50_00,
  net_amount: 19_950_00,
  reference: `PO-${n}`,
  settled_at: null,
  status: 'success',
  updated_at: '2026-11-20T10:00:00Z',
});

describe('the earnings and payout histories', () => {
  it('show every earning read so far with a count and "Load more", never page numbers', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    render(
      <EarningsTable lines={[line(1), line(2)]} loading={false} error={null} onRetry={() => {}} portal="vendor" hasMore loadingMore={false} loadMoreFailed={false} onLoadMore={onLoadMore} />,
    );
    expect(within(screen.getByRole('table')).getAllByText('Shop order')).toHaveLength(2);
    expect(screen.getByText('Showing 2 earnings')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('say when every payout is shown, and offer to try again when the next page failed', async () => {
    const { rerender } = render(
      <PayoutsTable payouts={[payout(1)]} loading={false} error={null} onRetry={() => {}} hasMore={false} loadingMore={false} loadMoreFailed={false} onLoadMore={() => {}} />,
    );
    expect(screen.getByText('Showing all 1 payout')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    rerender(<PayoutsTable payouts={[payout(1)]} loading={false} error={null} onRetry={() => {}} hasMore loadingMore={false} loadMoreFailed onLoadMore={() => {}} />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText(/We could not load more/)).toBeInTheDocument();
  });
});
