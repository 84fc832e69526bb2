import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STEPS, type StepData, type StepSlug } from './routes';

export * from './routes';

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

/** Age in whole years on a day, of someone born on `birth` (YYYY-MM-DD). */
export function ageOn(birth: string, today: Date): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}

/**
 * The browser's own check of a step (the server checks again with the account rules): a visitor's answers are only
 * kept in the browser until they have an account, so they are checked here first.
 */
export function localCheck(slug: StepSlug, data: StepData, today = new Date()): Record<string, string> {
  const e: Record<string, string> = {};
  const text = (k: string) => (typeof data[k] === 'string' ? (data[k] as string).trim() : '');
  const list = (k: string) => (Array.isArray(data[k]) ? (data[k] as unknown[]) : []);
  switch (slug) {
    case 'intent':
      if (list('intents').length === 0) e.intents = 'Choose at least one.';
      break;
    case 'one':
      if (!text('display_name')) e.display_name = 'Tell us your name.';
      else if (text('display_name').length > 80) e.display_name = 'Use at most 80 characters.';
      break;
    case 'two': {
      const dob = text('date_of_birth');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) e.date_of_birth = 'Enter your date of birth.';
      else if (ageOn(dob, today) < 13) e.date_of_birth = 'You must be at least 13 years old.';
      else if (ageOn(dob, today) > 120) e.date_of_birth = 'Enter a date within the last 120 years.';
      break;
    }
    case 'three':
      if (!text('gender')) e.gender = 'Choose one (or "Prefer not to say").';
      break;
    case 'four':
      if (!text('city')) e.city = 'Enter your home city.';
      if (!text('country')) e.country = 'Choose your country.';
      if (!text('time_zone')) e.time_zone = 'Choose your time zone.';
      break;
    case 'five':
      if (list('languages').length === 0) e.languages = 'Add at least one language.';
      break;
    case 'six':
      if (list('interests').length === 0) e.interests = 'Add at least one interest.';
      break;
    default:
      break;
  }
  return e;
}
