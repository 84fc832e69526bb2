import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PayWith, ShippingChoice } from './api';

/**
 * The checkout's choices between its steps (address, a shipping method per seller, how to pay, the total the shopper
 * last saw), kept for the tab's life so a reload resumes where it was.
 */
export interface CheckoutState {
  addressId: string | null;
  shipping: ShippingChoice;
  payWith: PayWith;
  /** The total the shopper saw when choosing delivery; the payment step says so when the quote differs. */
  seenTotal: number | null;
  setAddress: (id: string | null) => void;
  setMethod: (storeId: string, code: string) => void;
  setPayWith: (p: PayWith) => void;
  setSeenTotal: (t: number | null) => void;
  reset: () => void;
}

const initial = { addressId: null, shipping: {}, payWith: 'wallet' as PayWith, seenTotal: null };

export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set) => ({
      ...initial,
      setAddress: (addressId) => set({ addressId }),
      setMethod: (storeId, code) => set((s) => ({ shipping: { ...s.shipping, [storeId]: code } })),
      setPayWith: (payWith) => set({ payWith }),
      setSeenTotal: (seenTotal) => set({ seenTotal }),
      reset: () => set({ ...initial }),
    }),
    {
      name: 'sojourn-shop-checkout',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ addressId, shipping, payWith, seenTotal }) => ({ addressId, shipping, payWith, seenTotal }),
    },
  ),
);

/** The methods chosen for the stores still in the cart (a store that left the cart is dropped). */
export function shippingFor(storeIds: string[], chosen: ShippingChoice): ShippingChoice {
  const out: ShippingChoice = {};
  for (const id of storeIds) if (chosen[id]) out[id] = chosen[id];
  return out;
}

/** The address to use: the chosen one while it is still in the book, else the default, else the first. */
export function pickAddress<T extends { id: string; is_default: boolean }>(book: T[], chosen: string | null): T | null {
  return book.find((a) => a.id === chosen) ?? book.find((a) => a.is_default) ?? book[0] ?? null;
}
