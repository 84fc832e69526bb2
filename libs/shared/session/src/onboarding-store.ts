import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface OnboardingState {
  /** Per portal: the path of the next unfinished onboarding step, or absent when there is nothing to finish. */
  nextStep: Record<string, string>;
  setNextStep: (portal: string, path: string | null) => void;
  reset: () => void;
}

export const useOnboardingStore = create<OnboardingState>()(
  persist(
    (set) => ({
      nextStep: {},
      setNextStep: (portal, path) =>
        set((s) => {
          const next = { ...s.nextStep };
          if (path) next[portal] = path;
          else delete next[portal];
          return { nextStep: next };
        }),
      reset: () => set({ nextStep: {} }),
    }),
    { name: 'sojourn-onboarding', storage: createJSONStorage(() => localStorage) },
  ),
);
