import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerCart, ServerCartItem } from '../cart';
import CartPage from './cart';

const ngn = (amount: number) => ({ amount, currency: 'NGN' });
const item = (id: string, store: string, quantity: number, available: number, problem: ServerCartItem['problem'] = null): ServerCartItem => ({
  variant_id: id,
  product_id: `p-${id}`,
  quantity,
  title: `Product ${id}`,
  variant_title: '',
  photo_url: '',
  unit_price: ngn(100_000),
  line_total: ngn(100_000 * quantity),
  available,
  store: { id: store, name: `Store ${store}` },
  problem,
});
const cartOf = (items: ServerCartItem[]): ServerCart => ({
  items,
  count: items.reduce((n, i) => n + i.quantity, 0),
  subtotal: ngn(items.reduce((n, i) => n + i.line_total.amount, 0)),
});

let calls: string[] = [];
let current: ServerCart;

beforeEach(() => {
  calls = [];
  useAuthStore.setState({ accessToken: 'tok', userId: 'u1' });
  configureApi({
    baseUrl: 'http://api.test',
    bridge: { getAccessToken: () => 'tok', getRefreshToken: () => null, onRefreshed: () => undefined, onAuthLost: () => undefined },
    fetch: async (input) => {
      const req = input as Request;
      const path = new URL(req.url).pathname;
      calls.push(`${req.method} ${path}`);
      if (req.method === 'DELETE') current = cartOf(current.items.filter((i) => !path.endsWith(i.variant_id)));
      if (req.method === 'PATCH') {
        const { quantity } = (await req.json()) as { quantity: number };
        current = cartOf(current.items.map((i) => (path.endsWith(i.variant_id) ? { ...i, quantity, line_total: ngn(100_000 * quantity), problem: null } : i)));
      }
      return new Response(JSON.stringify({ data: current }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
});

afterEach(() => useAuthStore.getState().clear());

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the cart page', () => {
  it('groups by seller, bounds quantities by stock and holds the checkout while a line has a problem', async () => {
    current = cartOf([item('a', '1', 3, 2, 'not_enough_stock'), item('b', '2', 1, 10)]);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Sold by Store 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sold by Store 2' })).toBeInTheDocument();
    expect(screen.getByText('Not that many left: lower the quantity.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    const a = screen.getByRole('group', { name: 'Quantity of Product a' });
    expect(within(a).getByRole('button', { name: 'One more' })).toBeDisabled();
    await user.click(within(a).getByRole('button', { name: 'One fewer' }));
    await waitFor(() => expect(screen.queryByText('Not that many left: lower the quantity.')).toBeNull());
    expect(calls).toContain('PATCH /api/v1/shop/cart/items/a');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/shop/Checkout');

    await user.click(screen.getByRole('button', { name: 'Remove Product b' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sold by Store 2' })).toBeNull());
    expect(calls).toContain('DELETE /api/v1/shop/cart/items/b');
  });

  it('offers the shop when the cart is empty', async () => {
    current = cartOf([]);
    renderPage();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
  });
});
