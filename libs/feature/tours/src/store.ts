import { onSessionCleared } from '@sojourn/session';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The tour guide (and tour) the traveller picked, enough to show it again without a request. */
export interface PickedGuide {
  id: string;
  name: string;
  avatarUrl: string | null;
  tourId: string;
  tourTitle: string;
}

/** The spec's user state for tours: the selected tour guide and the last search's city and travellers. */
export interface TourState {
  selectedTourGuide: PickedGuide | null;
  lastCity: string;
  travellers: number;
  select: (g: PickedGuide) => void;
  remember: (city: string, travellers: number) => void;
  reset: () => void;
}

const initial = { selectedTourGuide: null, lastCity: '', travellers: 1 };

export const useTourStore = create<TourState>()(
  persist(
    (set) => ({
      ...initial,
      select: (g) => set({ selectedTourGuide: g }),
      remember: (lastCity, travellers) => set({ lastCity, travellers }),
      reset: () => set(initial),
    }),
    { name: 'sojourn-tours', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

onSessionCleared(() => useTourStore.getState().reset());
