import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface RouteState {
  previous: string | null;
  current: string | null;
  /** Record a navigation; the route being left becomes `previous`. Re-visiting the same path changes nothing. */
  track: (path: string) => void;
  reset: () => void;
}

/** Kept per tab (sessionStorage): each tab has its own history. */
export const useRouteStore = create<RouteState>()(
  persist(
    (set, get) => ({
      previous: null,
      current: null,
      track: (path) => {
        const { current } = get();
        if (path === current) return;
        set({ previous: current, current: path });
      },
      reset: () => set({ previous: null, current: null }),
    }),
    { name: 'sojourn-route', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/**
 * Where "back" should go: the saved previous route when there is one (and it is not the current page), else the
 * fallback.
 */
export function backTarget(state: Pick<RouteState, 'previous' | 'current'>, fallback: string): string {
  if (state.previous && state.previous !== state.current) return state.previous;
  return fallback;
}
