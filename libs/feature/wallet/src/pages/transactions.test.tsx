import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../api';
import TransactionsPage, { PAGE_SIZE, filtersFromParams } from './transactions';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

function txn(n: number): Transaction {
  return {
    id: `t${n}`,
    amount: n * 100_00,
    available_at: null,
    counterparty: null,
    created_at: `2026-11-${String(20 - n).padStart(2, '0')}T10:00:00Z`,
    currency: 'NGN',
    direction: 'credit',
    entry_id: null,
    fee: 0,
    method: 'card',
    note: '',
    paid_for: null,
    reference: `TXN-${n}`,
    status: 'completed',
    type: 'topup',
    updated_at: `2026-11-${String(20 - n).padStart(2, '0')}T10:00:00Z`,
  };
}

const page = (rows: Transaction[], next: string | null) => json(200, { data: rows, meta: { next_cursor: next, limit: PAGE_SIZE } });

function renderAt(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/shop/Transactions" element={<TransactionsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The query string of the nth request the page sent. */
function sent(fetchMock: ReturnType<typeof vi.fn>, n: number): URLSearchParams {
  const req = fetchMock.mock.calls[n]![0] as Request;
  const url = new URL(req.url);
  expect(url.pathname).toBe('/api/v1/wallet/transactions');
  return url.searchParams;
}

describe('the transaction history', () => {
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

  it('reads the filters from the address and ignores what it does not know', () => {
    expect(filtersFromParams(new URLSearchParams('type=topup&direction=credit&status=completed&from=2026-11-01&to=2026-11-30&page=3'))).toEqual({
      type: 'topup',
      direction: 'credit',
      status: 'completed',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(filtersFromParams(new URLSearchParams('type=bribe&direction=sideways&status=lost&from=yesterday'))).toEqual({
      type: undefined,
      direction: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('loads more by cursor, keeping the filters, and appends until the last page', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(page([txn(1), txn(2)], 'cur-2')).mockResolvedValueOnce(page([txn(3)], null));
    renderAt('/shop/Transactions?type=topup&status=completed');

    const table = await screen.findByRole('table', { name: 'Your transactions' });
    expect(await within(table).findByText('TXN-2')).toBeInTheDocument();
    const first = sent(fetchMock, 0);
    expect(first.get('limit')).toBe(String(PAGE_SIZE));
    expect(first.get('type')).toBe('topup');
    expect(first.get('status')).toBe('completed');
    expect(first.has('cursor')).toBe(false);
    expect(first.has('page')).toBe(false);
    expect(screen.getByText('Showing 2 transactions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('TXN-3')).toBeInTheDocument();
    const second = sent(fetchMock, 1);
    expect(second.get('cursor')).toBe('cur-2');
    expect(second.get('limit')).toBe(String(PAGE_SIZE));
    expect(second.get('type')).toBe('topup');
    expect(second.get('status')).toBe('completed');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(screen.getByText('Showing all 3 transactions')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the rows read so far when the next page fails, and tries again', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(page([txn(1)], 'cur-1'))
      .mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'Something went wrong on our side.' } }))
      .mockResolvedValueOnce(page([txn(2)], null));
    renderAt('/shop/Transactions');

    const table = await screen.findByRole('table', { name: 'Your transactions' });
    expect(await within(table).findByText('TXN-1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(table).getByText('TXN-1')).toBeInTheDocument();
    expect(screen.getByText(/We could not load more/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(table).findByText('TXN-2')).toBeInTheDocument();
    expect(sent(fetchMock, 2).get('cursor')).toBe('cur-1');
    expect(screen.getByText('Showing all 2 transactions')).toBeInTheDocument();
  });
});
