import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartLink, addToItems, useAddToCart, useBrowserCart, useCart, type ServerCart } from './cart';

const serverCart = (count: number): ServerCart => ({
  items: [
    {
      variant_id: 'v1',
      product_id: 'p1',
      quantity: count,
      title: 'Linen travel shirt',
      variant_title: 'Blue / M',
      photo_url: '',
      unit_price: { amount: 1_500_000, currency: 'NGN' },
      line_total: { amount: 1_500_000 * count, currency: 'NGN' },
      available: 10,
      store: { id: 's1', name: 'Lagos Linen' },
      problem: null,
    },
  ],
  count,
  subtotal: { amount: 1_500_000 * count, currency: 'NGN' },
});

interface Call {
  method: string;
  path: string;
  body: unknown;
  auth: string | null;
}

let calls: Call[] = [];
let answer: (c: Call) => Response;

beforeEach(() => {
  calls = [];
  answer = () => new Response(JSON.stringify({ data: serverCart(0) }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  configureApi({
    baseUrl: 'http://api.test',
    bridge: {
      getAccessToken: () => useAuthStore.getState().accessToken,
      getRefreshToken: () => null,
      onRefreshed: () => undefined,
      onAuthLost: () => undefined,
    },
    fetch: async (input) => {
      const req = input as Request;
      const text = await req.text();
      const call = { method: req.method, path: new URL(req.url).pathname, body: text ? JSON.parse(text) : undefined, auth: req.headers.get('Authorization') };
      calls.push(call);
      return answer(call);
    },
  });
  useBrowserCart.setState({ items: [] });
  useAuthStore.getState().clear();
});

afterEach(() => {
  useAuthStore.getState().clear();
});

function signIn() {
  useAuthStore.setState({ accessToken: 'tok', userId: 'u1' });
}

function wrapper() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('addToItems', () => {
  it('adds up the same variant, caps at 99 and ignores nothing-quantities', () => {
    let items = addToItems([], { variantId: 'a', quantity: 2 });
    items = addToItems(items, { variantId: 'b', quantity: 1 });
    items = addToItems(items, { variantId: 'a', quantity: 3 });
    expect(items).toEqual([
      { variantId: 'a', quantity: 5 },
      { variantId: 'b', quantity: 1 },
    ]);
    expect(addToItems(items, { variantId: 'a', quantity: 500 })[0]).toEqual({ variantId: 'a', quantity: 99 });
    expect(addToItems(items, { variantId: 'c', quantity: 0 })).toBe(items);
    expect(addToItems(items, { variantId: 'c', quantity: -2 })).toBe(items);
  });
});

describe('signed out', () => {
  it('keeps the cart in the browser, persisted, and never calls the API', async () => {
    const { result } = renderHook(() => ({ cart: useCart(), add: useAddToCart() }), { wrapper: wrapper() });
    await act(() => result.current.add.add({ variantId: 'v9', quantity: 2 }));
    await act(() => result.current.add.add({ variantId: 'v9', quantity: 1 }));
    expect(result.current.cart.signedIn).toBe(false);
    expect(result.current.cart.count).toBe(3);
    expect(result.current.cart.browserItems).toEqual([{ variantId: 'v9', quantity: 3 }]);
    expect(JSON.parse(localStorage.getItem('sojourn-shop-cart') ?? '{}').state.items).toEqual([{ variantId: 'v9', quantity: 3 }]);
    expect(calls).toEqual([]);
  });

  it('shows the count on the cart link', async () => {
    useBrowserCart.setState({ items: [{ variantId: 'a', quantity: 2 }, { variantId: 'b', quantity: 1 }] });
    const Wrapper = wrapper();
    render(
      <Wrapper>
        <CartLink />
      </Wrapper>,
    );
    const link = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(link).toHaveAttribute('href', '/shop/Cart');
    expect(link).toHaveTextContent('3');
  });
});

describe('signed in', () => {
  it('reads the server cart and adds to it with the bearer token', async () => {
    signIn();
    answer = (c) => json(serverCart(c.method === 'POST' ? 3 : 1));
    const { result } = renderHook(() => ({ cart: useCart(), add: useAddToCart() }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.cart.count).toBe(1));
    await act(() => result.current.add.add({ variantId: 'v1', quantity: 2 }));
    await waitFor(() => expect(result.current.cart.count).toBe(3));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/shop/cart', 'POST /api/v1/shop/cart/items']);
    expect(calls[1]).toMatchObject({ body: { variant_id: 'v1', quantity: 2 }, auth: 'Bearer tok' });
    expect(useBrowserCart.getState().items).toEqual([]);
  });

  it('merges the browser cart into the server cart at sign-in, once, then clears it', async () => {
    useBrowserCart.setState({ items: [{ variantId: 'v1', quantity: 2 }, { variantId: 'v2', quantity: 1 }] });
    answer = () => json(serverCart(2));
    const { result } = renderHook(() => useCart(), { wrapper: wrapper() });
    expect(result.current.count).toBe(3);
    act(() => signIn());
    await waitFor(() => expect(result.current.cart?.count).toBe(2));
    expect(calls.filter((c) => c.path.endsWith('/merge'))).toEqual([
      {
        method: 'POST',
        path: '/api/v1/shop/cart/merge',
        body: { items: [{ variant_id: 'v1', quantity: 2 }, { variant_id: 'v2', quantity: 1 }] },
        auth: 'Bearer tok',
      },
    ]);
    expect(useBrowserCart.getState().items).toEqual([]);
    // Nothing is read from the server before the merge has answered (that answer is the cart).
    expect(`${calls[0]?.method} ${calls[0]?.path}`).toBe('POST /api/v1/shop/cart/merge');
  });

  it('keeps the browser cart when the merge fails, for the next try', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useBrowserCart.setState({ items: [{ variantId: 'v1', quantity: 2 }] });
    answer = () => new Response(JSON.stringify({ error: { code: 'unavailable', message: 'Down for a moment.' } }), { status: 503, headers: { 'Content-Type': 'application/json' } });
    signIn();
    renderHook(() => useCart(), { wrapper: wrapper() });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(useBrowserCart.getState().items).toEqual([{ variantId: 'v1', quantity: 2 }]);
    warn.mockRestore();
  });
});
