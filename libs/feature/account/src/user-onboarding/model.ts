import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The user onboarding's flow in the API (api/internal/useronboarding). */
export const USER_FLOW = 'user';

/** The journey's steps in order: the server's slugs, each with its own address. */
export const STEPS = [
  { slug: 'intent', title: 'What brings you here' },
  { slug: 'one', title: 'Your name and photo' },
  { slug: 'two', title: 'Your birthday' },
  { slug: 'three', title: 'Your gender' },
  { slug: 'four', title: 'Home city and time zone' },
  { slug: 'five', title: 'Languages you speak' },
  { slug: 'six', title: 'Your interests' },
  { slug: 'seven', title: 'How you like to travel' },
  { slug: 'eight', title: 'Your wellness goals' },
  { slug: 'nine', title: 'What to hear about' },
  { slug: 'ten', title: 'Your privacy' },
  { slug: 'eleven', title: 'Review' },
] as const;

export type StepSlug = (typeof STEPS)[number]['slug'];
export type StepData = Record<string, unknown>;

export const ONBOARDING_BASE = '/user-onboarding';
export const WELCOME_PATH = '/onboarding';
export const LOGIN_PATH = `${ONBOARDING_BASE}/loginAccount`;
export const CREATE_PATH = `${ONBOARDING_BASE}/createAccount`;
export const REVIEW_ALIAS_PATH = `${ONBOARDING_BASE}/index11`;
export const SUCCESS_PATH = `${ONBOARDING_BASE}/onboard-successful`;

/** Steps a visitor answers before being asked to create an account (kept in the browser until then). */
export const VISITOR_STEPS: readonly StepSlug[] = ['intent', 'one', 'two', 'three'];

/** Where a step lives: the intent on the welcome page, the others under /user-onboarding. */
export function stepPath(slug: string): string {
  return slug === 'intent' ? WELCOME_PATH : `${ONBOARDING_BASE}/${slug}`;
}

export function stepIndex(slug: string): number {
  return STEPS.findIndex((s) => s.slug === slug);
}

export function nextSlug(slug: string): StepSlug | null {
  const i = stepIndex(slug);
  return i >= 0 ? (STEPS[i + 1]?.slug ?? null) : null;
}

export function prevSlug(slug: string): StepSlug | null {
  const i = stepIndex(slug);
  return i > 0 ? (STEPS[i - 1]?.slug ?? null) : null;
}

export const INTENTS = [
  { value: 'travel', label: 'Travel', hint: 'Trips, stays, flights, guides and cars' },
  { value: 'wellness', label: 'Wellness', hint: 'Therapists, life coaches and looking after yourself' },
  { value: 'shopping', label: 'Shopping', hint: 'Things made by independent vendors' },
  { value: 'meeting_people', label: 'Meeting people', hint: 'Company for trips, friends and maybe more' },
] as const;

export const TRAVEL_STYLES = [
  { value: 'adventure', label: 'Adventure' },
  { value: 'relaxation', label: 'Relaxation' },
  { value: 'culture', label: 'Culture and history' },
  { value: 'food', label: 'Food and drink' },
  { value: 'nature', label: 'Nature and outdoors' },
  { value: 'city_breaks', label: 'City breaks' },
  { value: 'luxury', label: 'Luxury' },
  { value: 'budget', label: 'On a budget' },
] as const;

export const WELLNESS_GOALS = [
  { value: 'sleep', label: 'Sleep better' },
  { value: 'stress', label: 'Less stress' },
  { value: 'fitness', label: 'Get fitter' },
  { value: 'nutrition', label: 'Eat well' },
  { value: 'mindfulness', label: 'Mindfulness' },
  { value: 'relationships', label: 'Relationships' },
  { value: 'career', label: 'Career' },
  { value: 'confidence', label: 'Confidence' },
] as const;

export const NOTIFY_CATEGORIES = [
  { value: 'bookings', label: 'Bookings', hint: 'Confirmations, changes and reminders' },
  { value: 'orders', label: 'Shop orders', hint: 'Shipping and delivery' },
  { value: 'payments', label: 'Payments', hint: 'Wallet, refunds and receipts' },
  { value: 'messages', label: 'Messages', hint: 'When someone writes to you' },
  { value: 'social', label: 'Friends and feed', hint: 'Requests, likes and comments' },
  { value: 'marketing', label: 'News and offers', hint: 'Ideas for trips and wellbeing' },
] as const;

export const GENDERS = [
  { value: 'woman', label: 'Woman' },
  { value: 'man', label: 'Man' },
  { value: 'non_binary', label: 'Non-binary' },
  { value: 'prefer_not_to_say', label: 'Prefer not to say' },
] as const;

export const PRIVACY = {
  who_can_message: {
    label: 'Who can message you',
    options: [
      { value: 'everyone', label: 'Everyone' },
      { value: 'friends', label: 'Friends only' },
      { value: 'nobody', label: 'Nobody new' },
    ],
  },
  who_can_request: {
    label: 'Who can send you friend requests',
    options: [
      { value: 'everyone', label: 'Everyone' },
      { value: 'friends_of_friends', label: 'Friends of friends' },
      { value: 'nobody', label: 'Nobody' },
    ],
  },
  posts_audience: {
    label: 'Who sees your new posts',
    options: [
      { value: 'public', label: 'Everyone' },
      { value: 'friends', label: 'Friends' },
      { value: 'only_me', label: 'Only me' },
    ],
  },
} as const;

/** A step's starting answers when nothing was saved yet. */
export function defaultData(slug: StepSlug): StepData {
  switch (slug) {
    case 'intent':
      return { intents: [] };
    case 'one':
      return { display_name: '' };
    case 'two':
      return { date_of_birth: '' };
    case 'three':
      return { gender: '' };
    case 'four':
      return { city: '', country: '', time_zone: browserTimeZone() };
    case 'five':
      return { languages: [] };
    case 'six':
      return { interests: [] };
    case 'seven':
      return { travel_styles: [] };
    case 'eight':
      return { wellness_goals: [] };
    case 'nine':
      return { email: ['bookings', 'orders', 'payments', 'messages'] };
    case 'ten':
      return { who_can_message: 'everyone', who_can_request: 'everyone', posts_audience: 'friends' };
    case 'eleven':
      return { confirmed: false };
  }
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface VisitorAnswersState {
  /** Answers given before signing in, by step. */
  answers: Partial<Record<StepSlug, StepData>>;
  setAnswer: (slug: StepSlug, data: StepData) => void;
  clear: () => void;
}

/** A visitor's answers, kept in this browser until they sign in or create an account (then saved to the server). */
export const useVisitorAnswers = create<VisitorAnswersState>()(
  persist(
    (set) => ({
      answers: {},
      setAnswer: (slug, data) => set((s) => ({ answers: { ...s.answers, [slug]: data } })),
      clear: () => set({ answers: {} }),
    }),
    { name: 'sojourn.user-onboarding', storage: createJSONStorage(() => localStorage) },
  ),
);
