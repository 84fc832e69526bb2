import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GiftCard } from '../api';
import { CARDS_PAGE_SIZE, MyGiftCards } from './my-gift-cards';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

function card(n: number): GiftCard {
  return {
    id: `c${n}`,
    amount: 10_000_00,
    balance: 10_000_00,
    code_last4: String(1000 + n),
    code_revealable: false,
    created_at: `2026-11-${String(20 - n).padStart(2, '0')}T10:00:00Z`,
    currency: 'NGN',
    expires_at: null,
    message: '',
    pay_with: 'wallet',
    product: { id: 'p1', image_url: null, name: `Travel Gift ${n}` },
    purchaser_id: 'u1',
    recipient_email: 'bola@example.com',
    recipient_name: 'Bola',
    redeemed_at: null,
    status: 'active',
  };
}

const page = (rows: GiftCard[], next: string | null) => json(200, { data: rows, meta: { next_cursor: next, limit: CARDS_PAGE_SIZE } });

function sent(fetchMock: ReturnType<typeof vi.fn>, n: number): URL {
  return new URL((fetchMock.mock.calls[n]![0] as Request).url);
}

describe('My gift cards', () => {
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

  it('reads the cards bought by cursor and appends the next page on "Load more" until the last', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(page([card(1), card(2)], 'CUR1')).mockResolvedValueOnce(page([card(3)], null));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MyGiftCards />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Gift cards you bought' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = sent(fetchMock, 0);
    expect(first.pathname).toBe('/api/v1/gift-cards/purchased');
    expect(first.searchParams.get('limit')).toBe(String(CARDS_PAGE_SIZE));
    expect(first.searchParams.has('cursor')).toBe(false);
    expect(first.searchParams.has('page')).toBe(false);
    expect(screen.getByText('Showing 2 gift cards')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Travel Gift 3')).toBeInTheDocument();
    expect(sent(fetchMock, 1).searchParams.get('cursor')).toBe('CUR1');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Showing all 3 gift cards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('reads the received cards from their own list', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(page([], null)).mockResolvedValueOnce(page([{ ...card(4), status: 'redeemed', redeemed_at: '2026-11-21T09:00:00Z' }], null));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <MyGiftCards />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No gift cards bought yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Received' }));
    const list = await screen.findByRole('list', { name: 'Gift cards you received' });
    expect(within(list).getByText('Travel Gift 4')).toBeInTheDocument();
    expect(sent(fetchMock, 1).pathname).toBe('/api/v1/gift-cards/received');
    expect(screen.getByText('Showing all 1 gift card')).toBeInTheDocument();
  });
});
