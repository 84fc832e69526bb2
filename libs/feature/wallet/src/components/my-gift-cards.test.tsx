import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GiftCard, ReceivedGiftCard } from '../api';
import { CARDS_PAGE_SIZE, MyGiftCards } from './my-gift-cards';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: toasts }));

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

function received(n: number, over: Partial<ReceivedGiftCard> = {}): ReceivedGiftCard {
  return {
    ...card(n),
    recipient_email: 'me@example.com',
    message: 'Happy birthday! Go somewhere lovely.',
    expires_at: '2027-11-20T10:00:00Z',
    received_at: '2026-11-20T10:00:00Z',
    from: { username: 'zee', display_name: 'Zainab Bello' },
    addressed_to_you: true,
    redeemed_by_you: false,
    can_redeem: true,
    ...over,
  };
}

const page = <T,>(rows: T[], next: string | null) => json(200, { data: rows, meta: { next_cursor: next, limit: CARDS_PAGE_SIZE } });

type Route = (req: Request, url: URL) => Response | Promise<Response>;

/** Answers each request by its path; `calls` keeps what was sent. */
function server(routes: Record<string, Route>) {
  const calls: Request[] = [];
  const fetchMock = vi.fn(async (req: Request) => {
    calls.push(req);
    const url = new URL(req.url);
    const route = routes[`${req.method} ${url.pathname}`];
    if (!route) return json(404, { error: { code: 'not_found', message: 'Not found' } });
    return route(req, url);
  });
  configureApi({
    baseUrl: 'https://api.example.com',
    fetch: fetchMock as unknown as typeof fetch,
    bridge: { getAccessToken: () => 'tok', getRefreshToken: () => 'ref', onRefreshed: () => {}, onAuthLost: () => {} },
  });
  return calls;
}

function renderCards() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MyGiftCards />
    </QueryClientProvider>,
  );
}

const paths = (calls: Request[], path: string) => calls.filter((r) => new URL(r.url).pathname === path);

describe('My gift cards', () => {
  beforeEach(() => {
    useAuthStore.setState({ accessToken: 'tok', email: 'me@example.com', user: { email: 'me@example.com', email_verified: true } as never });
    toasts.success.mockReset();
    toasts.error.mockReset();
  });
  afterEach(() => useAuthStore.setState({ accessToken: null, email: null, user: null }));

  it('reads the cards bought by cursor and appends the next page on "Load more" until the last', async () => {
    const user = userEvent.setup();
    const calls = server({
      'GET /api/v1/gift-cards/purchased': (_, url) => (url.searchParams.get('cursor') === 'CUR1' ? page([card(3)], null) : page([card(1), card(2)], 'CUR1')),
      'GET /api/v1/gift-cards/received': () => page([], null),
    });
    renderCards();
    const list = await screen.findByRole('list', { name: 'Gift cards you bought' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = new URL(paths(calls, '/api/v1/gift-cards/purchased')[0]!.url);
    expect(first.searchParams.get('limit')).toBe(String(CARDS_PAGE_SIZE));
    expect(first.searchParams.has('cursor')).toBe(false);
    expect(first.searchParams.has('page')).toBe(false);
    expect(screen.getByText('Showing 2 gift cards')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Travel Gift 3')).toBeInTheDocument();
    expect(new URL(paths(calls, '/api/v1/gift-cards/purchased')[1]!.url).searchParams.get('cursor')).toBe('CUR1');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Showing all 3 gift cards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Received' })).toBeInTheDocument(); // nothing waiting: no count
  });

  it('shows the received cards with their sender, message and state, and adds one to the wallet in one click', async () => {
    const user = userEvent.setup();
    let redeemed = false;
    const calls = server({
      'GET /api/v1/gift-cards/purchased': () => page([], null),
      'GET /api/v1/gift-cards/received': () =>
        page(
          [
            redeemed ? received(1, { status: 'redeemed', balance: 0, can_redeem: false, redeemed_by_you: true, redeemed_at: '2026-11-21T09:00:00Z' }) : received(1),
            received(2, { status: 'expired', can_redeem: false, message: '', from: { username: 'kofi', display_name: '' }, expires_at: '2026-11-01T00:00:00Z' }),
            received(3, { status: 'redeemed', can_redeem: false, addressed_to_you: false, redeemed_by_you: true, redeemed_at: '2026-11-10T09:00:00Z', from: null }),
          ],
          null,
        ),
      'POST /api/v1/gift-cards/received/c1/redeem': () => {
        redeemed = true;
        return json(200, { data: { card_id: 'c1', code_last4: '1001', amount: 10_000_00, currency: 'NGN', reference: 'SJ-1', wallet_balance: 35_000_00 } });
      },
    });
    renderCards();
    expect(await screen.findByText('No gift cards bought yet')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: /^Received\W+1 waiting$/ }));
    const list = await screen.findByRole('list', { name: 'Gift cards you received' });
    const [waiting, expired, typed] = within(list).getAllByRole('listitem');
    expect(waiting).toHaveTextContent('From Zainab Bello (@zee)');
    expect(waiting).toHaveTextContent('Happy birthday! Go somewhere lovely.');
    expect(within(waiting!).getByText('Waiting for you')).toBeInTheDocument();
    expect(expired).toHaveTextContent('From @kofi');
    expect(within(expired!).getByText('Expired')).toBeInTheDocument();
    expect(within(expired!).queryByRole('button')).not.toBeInTheDocument();
    expect(typed).toHaveTextContent('From a Sojourn member · redeemed');
    expect(screen.getAllByRole('button', { name: 'Add to my wallet' })).toHaveLength(1);

    await user.click(within(waiting!).getByRole('button', { name: 'Add to my wallet' }));
    const post = paths(calls, '/api/v1/gift-cards/received/c1/redeem');
    expect(post).toHaveLength(1);
    expect(post[0]!.headers.get('Idempotency-Key')).toMatch(/^gift-card-/);
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('lovely.₦10,000.00 added to your wallet on 21 Nov 2026'));
    expect(toasts.success).toHaveBeenCalledWith('₦10,000.00 from your Travel Gift 1 gift card is in your wallet. New balance: ₦35,000.00.');
    expect(screen.queryByRole('button', { name: 'Add to my wallet' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Received' })).toBeInTheDocument();
  });

  it('says why a card could not be added, and reads the list again', async () => {
    const user = userEvent.setup();
    const calls = server({
      'GET /api/v1/gift-cards/purchased': () => page([], null),
      'GET /api/v1/gift-cards/received': () => page([received(1)], null),
      'POST /api/v1/gift-cards/received/c1/redeem': () =>
        json(409, { error: { code: 'conflict', message: 'This gift card has already been redeemed.', request_id: 'r1' } }),
    });
    renderCards();
    await user.click(await screen.findByRole('tab', { name: /^Received/ }));
    await user.click(await screen.findByRole('button', { name: 'Add to my wallet' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith('This gift card has already been redeemed.'));
    await vi.waitFor(() => expect(paths(calls, '/api/v1/gift-cards/received').length).toBeGreaterThan(1));
  });

  it('tells an unverified member why cards sent to their address are not listed', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: { email: 'me@example.com', email_verified: false } as never });
    server({
      'GET /api/v1/gift-cards/purchased': () => page([], null),
      'GET /api/v1/gift-cards/received': () => page([], null),
    });
    renderCards();
    await user.click(await screen.findByRole('tab', { name: 'Received' }));
    expect(await screen.findByText('No gift cards received yet')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Gift cards sent to me@example.com show here once you verify that address');
  });

  it('offers a retry when the received cards cannot be read', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/v1/gift-cards/purchased': () => page([], null),
      'GET /api/v1/gift-cards/received': () => json(500, { error: { code: 'internal', message: 'Something went wrong.', request_id: 'r2' } }),
    });
    renderCards();
    await user.click(await screen.findByRole('tab', { name: 'Received' }));
    expect(await screen.findByText('Could not load your gift cards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });
});
