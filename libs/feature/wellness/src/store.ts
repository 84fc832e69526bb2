import { onSessionCleared } from '@sojourn/session';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ProviderKind } from './api';

/** A provider the person looked at, enough to show it again without a request. */
export interface PickedProvider {
  id: string;
  name: string;
  avatarUrl: string | null;
  headline: string;
  /** The offering chosen in the booking panel, so "Continue booking" comes back to it. */
  offeringId?: string | undefined;
}

/**
 * The spec's wellness user state (seed spec, "User state"): the therapist and coach lists the person last browsed (ids,
 * in the order shown, so the directory can mark where they were), the selected therapist and coach, and the therapy and
 * life-coach preference flags. Server data stays in react-query; this keeps only the person's choices, persisted.
 */
export interface WellnessState {
  therapistList: string[];
  coachList: string[];
  selectedTherapist: PickedProvider | null;
  selectedCoach: PickedProvider | null;
  /** The person is looking for therapy / for life coaching (set when they browse or book, cleared by them). */
  therapyPreference: boolean;
  lifeCoachPreference: boolean;
  setList: (kind: ProviderKind, ids: string[]) => void;
  select: (kind: ProviderKind, p: PickedProvider) => void;
  clearSelection: (kind: ProviderKind) => void;
  setPreference: (kind: ProviderKind, on: boolean) => void;
  reset: () => void;
}

const initial = {
  therapistList: [] as string[],
  coachList: [] as string[],
  selectedTherapist: null,
  selectedCoach: null,
  therapyPreference: false,
  lifeCoachPreference: false,
};

/** Lists keep at most this many ids (a few pages of the directory). */
export const LIST_CAP = 60;

export const useWellnessStore = create<WellnessState>()(
  persist(
    (set) => ({
      ...initial,
      setList: (kind, ids) => set(kind === 'therapist' ? { therapistList: ids.slice(0, LIST_CAP) } : { coachList: ids.slice(0, LIST_CAP) }),
      select: (kind, p) =>
        set(kind === 'therapist' ? { selectedTherapist: p, therapyPreference: true } : { selectedCoach: p, lifeCoachPreference: true }),
      clearSelection: (kind) => set(kind === 'therapist' ? { selectedTherapist: null } : { selectedCoach: null }),
      setPreference: (kind, on) => set(kind === 'therapist' ? { therapyPreference: on } : { lifeCoachPreference: on }),
      reset: () => set(initial),
    }),
    { name: 'sojourn-wellness', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);

export const selectSelected = (kind: ProviderKind) => (s: WellnessState) => (kind === 'therapist' ? s.selectedTherapist : s.selectedCoach);

// Signing out forgets the person's choices, like every other store of the session.
onSessionCleared(() => useWellnessStore.getState().reset());
