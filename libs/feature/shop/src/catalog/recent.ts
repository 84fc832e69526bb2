import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the shop home shows of a product seen recently (a snapshot: the product page refreshes it on each visit). */
export interface RecentProduct {
  id: string;
  title: string;
  photoUrl: string | null;
  /** Minor units; null for a price on request. */
  price: number | null;
  currency: string;
}

export const RECENT_MAX = 12;

/** Puts a product first, once, and keeps the newest RECENT_MAX. */
export function remember(list: RecentProduct[], p: RecentProduct): RecentProduct[] {
  return [p, ...list.filter((x) => x.id !== p.id)].slice(0, RECENT_MAX);
}

interface RecentState {
  items: RecentProduct[];
  seen: (p: RecentProduct) => void;
  forget: (id: string) => void;
  clear: () => void;
}

/** Recently viewed products, kept in this browser (localStorage), newest first. */
export const useRecentlyViewed = create<RecentState>()(
  persist(
    (set) => ({
      items: [],
      seen: (p) => set((s) => ({ items: remember(s.items, p) })),
      forget: (id) => set((s) => ({ items: s.items.filter((x) => x.id !== id) })),
      clear: () => set({ items: [] }),
    }),
    {
      name: 'sojourn-shop-recent',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // A hand-edited or older entry must not break the home page.
      merge: (persisted, current) => {
        const items = (persisted as { items?: unknown } | undefined)?.items;
        const ok = Array.isArray(items) ? items.filter((x): x is RecentProduct => typeof x === 'object' && x !== null && typeof (x as RecentProduct).id === 'string' && typeof (x as RecentProduct).title === 'string') : [];
        return { ...current, items: ok.slice(0, RECENT_MAX) };
      },
    },
  ),
);
