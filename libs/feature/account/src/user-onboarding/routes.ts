/** The journey's addresses: kept apart from the answers' choices and store, so the route table stays small. */
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

