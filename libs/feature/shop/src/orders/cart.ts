import { typedClient, unwrap, type components } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { cn } from '@sojourn/util';
import { ShoppingCart } from 'lucide-react';
import { createElement, useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What a shopper puts in the cart: a variant and how many. */
export interface CartItemInput {
  variantId: string;
  quantity: number;
}

export type CartMoney = components['schemas']['ShopMoney'];
export type CartProblem = NonNullable<components['schemas']['CartItem']['problem']>;
/** One line of the server cart (GET /shop/cart). */
export type ServerCartItem = components['schemas']['CartItem'];
export type ServerCart = components['schemas']['Cart'];

/** The most of one variant a cart may hold (the server refuses more). */
export const MAX_LINE_QUANTITY = 99;

export const cartKeys = {
  cart: ['shop', 'cart'] as const,
};

const api = () => typedClient(true);

/** The server cart's calls. Each answers the whole cart. */
export const cartApi = {
  get: () => unwrap(api().GET('/api/v1/shop/cart')).then((r) => r.data),
  add: (variant_id: string, quantity: number) => unwrap(api().POST('/api/v1/shop/cart/items', { body: { variant_id, quantity } })).then((r) => r.data),
  set: (variant_id: string, quantity: number) =>
    unwrap(api().PATCH('/api/v1/shop/cart/items/{variant_id}', { params: { path: { variant_id } }, body: { quantity } })).then((r) => r.data),
  remove: (variant_id: string) => unwrap(api().DELETE('/api/v1/shop/cart/items/{variant_id}', { params: { path: { variant_id } } })).then((r) => r.data),
  merge: (items: CartItemInput[]) =>
    unwrap(api().POST('/api/v1/shop/cart/merge', { body: { items: items.map((i) => ({ variant_id: i.variantId, quantity: i.quantity })) } })).then((r) => r.data),
};

// ---------------------------------------------------------------------------------------------------------------
// The browser cart: what a signed-out visitor adds, kept in localStorage until they sign in.

interface BrowserCartState {
  items: CartItemInput[];
  add: (item: CartItemInput) => void;
  set: (variantId: string, quantity: number) => void;
  remove: (variantId: string) => void;
  clear: () => void;
}

const clampQty = (n: number) => Math.max(0, Math.min(MAX_LINE_QUANTITY, Math.floor(n)));

/** Add `item` to `items`: the same variant's quantities add up (capped); a non-positive quantity changes nothing. */
export function addToItems(items: CartItemInput[], item: CartItemInput): CartItemInput[] {
  const q = clampQty(item.quantity);
  if (!item.variantId || q <= 0) return items;
  const at = items.findIndex((i) => i.variantId === item.variantId);
  if (at < 0) return [...items, { variantId: item.variantId, quantity: q }];
  return items.map((i, n) => (n === at ? { ...i, quantity: clampQty(i.quantity + q) } : i));
}

export const useBrowserCart = create<BrowserCartState>()(
  persist(
    (set) => ({
      items: [],
      add: (item) => set((s) => ({ items: addToItems(s.items, item) })),
      set: (variantId, quantity) =>
        set((s) => ({
          items: clampQty(quantity) <= 0 ? s.items.filter((i) => i.variantId !== variantId) : s.items.map((i) => (i.variantId === variantId ? { ...i, quantity: clampQty(quantity) } : i)),
        })),
      remove: (variantId) => set((s) => ({ items: s.items.filter((i) => i.variantId !== variantId) })),
      clear: () => set({ items: [] }),
    }),
    { name: 'sojourn-shop-cart', storage: createJSONStorage(() => localStorage), partialize: ({ items }) => ({ items }) },
  ),
);

// ---------------------------------------------------------------------------------------------------------------
// Sign-in: the browser cart goes into the server cart once, then the browser forgets it.

let merging: Promise<void> | null = null;

/**
 * Send the browser cart to the server (POST /shop/cart/merge) and clear it; one request at a time. On failure the
 * browser cart is kept, so the next render tries again.
 */
export function mergeBrowserCart(qc: QueryClient): Promise<void> {
  if (merging) return merging;
  const items = useBrowserCart.getState().items;
  if (items.length === 0) return Promise.resolve();
  merging = cartApi
    .merge(items)
    .then((cart) => {
      // Only what was sent is forgotten: an add made while the request was in flight stays for the next merge.
      const sent = new Map(items.map((i) => [i.variantId, i.quantity]));
      useBrowserCart.setState((s) => ({ items: s.items.filter((i) => sent.get(i.variantId) !== i.quantity) }));
      qc.setQueryData(cartKeys.cart, cart);
    })
    .finally(() => {
      merging = null;
    });
  return merging;
}

// ---------------------------------------------------------------------------------------------------------------
// Hooks.

export interface CartState {
  signedIn: boolean;
  /** The server cart (signed in), once loaded. */
  cart: ServerCart | undefined;
  /** The browser cart (signed out). */
  browserItems: CartItemInput[];
  /** Units in the cart, whichever cart it is. */
  count: number;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/** The shopper's cart: the server's when signed in (merging the browser's into it first), the browser's otherwise. */
export function useCart(): CartState {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const userId = useAuthStore((s) => s.userId);
  const browserItems = useBrowserCart((s) => s.items);
  const qc = useQueryClient();
  const pendingMerge = signedIn && browserItems.length > 0;

  useEffect(() => {
    if (pendingMerge) mergeBrowserCart(qc).catch((e) => console.warn('Could not move the cart of this browser to your account.', e));
  }, [pendingMerge, qc, userId]);

  // Every change answers the whole cart and is cached at once, so a short freshness saves re-reading it after each.
  const query = useQuery({ queryKey: cartKeys.cart, queryFn: cartApi.get, enabled: signedIn && !pendingMerge, staleTime: 10_000 });

  if (!signedIn) {
    return {
      signedIn,
      cart: undefined,
      browserItems,
      count: browserItems.reduce((n, i) => n + i.quantity, 0),
      isLoading: false,
      error: null,
      refetch: () => undefined,
    };
  }
  return {
    signedIn,
    cart: query.data,
    browserItems,
    count: query.data?.count ?? 0,
    isLoading: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** Put a variant in the cart: the server cart when signed in, the browser cart otherwise. Rejects with ApiError. */
export function useAddToCart(): { add(item: CartItemInput): Promise<void>; isPending: boolean } {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (item: CartItemInput) => {
      if (!signedIn) {
        useBrowserCart.getState().add(item);
        return;
      }
      if (useBrowserCart.getState().items.length > 0) await mergeBrowserCart(qc);
      const cart = await cartApi.add(item.variantId, item.quantity);
      qc.setQueryData(cartKeys.cart, cart);
    },
  });
  const { mutateAsync } = mutation;
  const add = useCallback((item: CartItemInput) => mutateAsync(item), [mutateAsync]);
  return { add, isPending: mutation.isPending };
}

/** Change or remove lines of the server cart (the cart page); each call answers and caches the whole cart. */
export function useCartLines() {
  const qc = useQueryClient();
  const done = (cart: ServerCart) => qc.setQueryData(cartKeys.cart, cart);
  const setQuantity = useMutation({ mutationFn: (v: { variantId: string; quantity: number }) => cartApi.set(v.variantId, v.quantity), onSuccess: done });
  const remove = useMutation({ mutationFn: (variantId: string) => cartApi.remove(variantId), onSuccess: done });
  return { setQuantity, remove };
}

/** Where the cart lives in the user portal. */
export const CART_PATH = '/shop/Cart';

/** A header link to the cart with the number of units in it (a badge when there are any). */
export function CartLink({ className }: { className?: string }) {
  const { count } = useCart();
  const label = count === 0 ? 'Cart, empty' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return createElement(
    Link,
    {
      to: CART_PATH,
      'aria-label': label,
      title: label,
      className: cn(
        'relative inline-flex h-9 w-9 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      ),
    },
    createElement(ShoppingCart, { className: 'h-5 w-5', 'aria-hidden': true }),
    count > 0
      ? createElement(
          'span',
          {
            'aria-hidden': true,
            className: 'absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-primary px-1 text-center text-[11px] font-semibold leading-5 text-primary-foreground',
          },
          count > 99 ? '99+' : String(count),
        )
      : null,
  );
}
