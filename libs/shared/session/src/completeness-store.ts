import { PROFILE_COMPLETE } from '@sojourn/util';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface CompletenessState {
  /** 0-100; defaults to 100 until the server says otherwise. */
  completeness: number;
  /** True whenever completeness is below 100. */
  incomplete: boolean;
  missingFields: string[];
  setCompleteness: (completeness: number, missingFields: string[]) => void;
  reset: () => void;
}

export const useCompletenessStore = create<CompletenessState>()(
  persist(
    (set) => ({
      completeness: PROFILE_COMPLETE,
      incomplete: false,
      missingFields: [],
      setCompleteness: (completeness, missingFields) =>
        set({ completeness, missingFields, incomplete: completeness < PROFILE_COMPLETE }),
      reset: () => set({ completeness: PROFILE_COMPLETE, incomplete: false, missingFields: [] }),
    }),
    { name: 'sojourn-profile-completeness', storage: createJSONStorage(() => localStorage) },
  ),
);
