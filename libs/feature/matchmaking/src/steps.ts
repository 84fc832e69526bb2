// The preferences journey's addresses, order and progress, and the labels of the contract's enums.
import type { MatchImportance, MatchMe, MatchPreferences, MatchQuestion, MatchReportReason, MatchStepName } from './api';

export const PREFERENCES_PATH = '/user-preferences';
export const ONBOARD_PATH = '/user-preferences/onboard';
export const MATCHMAKING_PATH = '/matchmaking';
export const ADMIN_MATCHMAKING_PATH = '/admin-dashboard/matchmaking';
export const PROFILE_PATH = '/profile';

const WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven'] as const;

export interface StepInfo {
  step: MatchStepName;
  /** The address segment (`one` … `eleven`). */
  slug: string;
  title: string;
  /** One sentence under the title. */
  intro: string;
}

/** The eleven steps in the contract's order (MatchStepName). */
export const STEPS: StepInfo[] = (
  [
    ['intent', 'What you are looking for', 'We only suggest people who want something compatible.'],
    ['age', 'Age range', 'Everyone taking part is 18 or older.'],
    ['distance', 'Distance', 'Measured between home cities: nobody sees an exact location.'],
    ['genders', 'Who you would like to meet', 'Choose one or more.'],
    ['languages', 'Languages', 'A match speaks at least one of them. Leave it empty for any language.'],
    ['lifestyle', 'Your lifestyle', 'About you: how you live day to day.'],
    ['faith', 'Faith', 'About you, and whether a shared faith counts for you.'],
    ['children', 'Children', 'About you: whether you have children and want them.'],
    ['travel', 'How you travel', 'About you: your style and how often you go.'],
    ['interests', 'Interests', 'About you: what you love doing. Shared interests count.'],
    ['dealbreakers', 'Dealbreakers', 'Anything ticked here is a hard filter: people who differ are never suggested. Age, gender and distance always are.'],
  ] as const
).map(([step, title, intro], i) => ({ step, slug: WORDS[i]!, title, intro }));

export const QUESTION_COUNT = 8;

export const stepPath = (step: MatchStepName): string => `${PREFERENCES_PATH}/${STEPS.find((s) => s.step === step)!.slug}`;
/** `/user-preferences/preference-one` … `preference-eight` for the question at index i (0-based). */
export const questionPath = (i: number): string => `${PREFERENCES_PATH}/preference-${WORDS[i]}`;

/** The step whose address ends with slug (`one` … `eleven`), or undefined. */
export function stepBySlug(slug: string): StepInfo | undefined {
  return STEPS.find((s) => s.slug === slug);
}

/** The question index (0-based) of `preference-<word>`, or -1. */
export function questionIndex(slug: string): number {
  const m = /^preference-(\w+)$/.exec(slug);
  if (!m) return -1;
  const i = WORDS.indexOf(m[1] as (typeof WORDS)[number]);
  return i >= 0 && i < QUESTION_COUNT ? i : -1;
}

/** Where "Next" goes from a step: the following step, then the first question. */
export function afterStep(step: MatchStepName): string {
  const i = STEPS.findIndex((s) => s.step === step);
  return i < STEPS.length - 1 ? `${PREFERENCES_PATH}/${STEPS[i + 1]!.slug}` : questionPath(0);
}

/** Where "Back" goes from a step: the previous step, or the welcome page from the first. */
export function beforeStep(step: MatchStepName): string {
  const i = STEPS.findIndex((s) => s.step === step);
  return i > 0 ? `${PREFERENCES_PATH}/${STEPS[i - 1]!.slug}` : ONBOARD_PATH;
}

export const afterQuestion = (i: number): string => (i < QUESTION_COUNT - 1 ? questionPath(i + 1) : PREFERENCES_PATH);
export const beforeQuestion = (i: number): string => (i > 0 ? questionPath(i - 1) : `${PREFERENCES_PATH}/${STEPS[STEPS.length - 1]!.slug}`);

export interface Progress {
  /** Steps and questions answered, out of total. */
  done: number;
  total: number;
  percent: number;
  missingSteps: StepInfo[];
  /** Indexes of unanswered questions. */
  missingQuestions: number[];
}

/** What is answered and what is still missing, from the state and (when loaded) the questions. */
export function progress(me: Pick<MatchMe, 'steps' | 'questions_answered'>, questions?: Pick<MatchQuestion, 'answer'>[]): Progress {
  const answered = new Set(me.steps.filter((s) => s.answered).map((s) => s.step));
  const missingSteps = STEPS.filter((s) => !answered.has(s.step));
  const missingQuestions = questions
    ? questions.flatMap((q, i) => (q.answer ? [] : [i]))
    : Array.from({ length: QUESTION_COUNT - me.questions_answered }, (_, k) => me.questions_answered + k);
  const total = STEPS.length + QUESTION_COUNT;
  const done = total - missingSteps.length - missingQuestions.length;
  return { done, total, percent: Math.round((100 * done) / total), missingSteps, missingQuestions };
}

/** Where the journey resumes: the API's next unanswered step, else the first unanswered question, else null. */
export function resumePath(me: Pick<MatchMe, 'next_step' | 'questions_answered'>, questions?: Pick<MatchQuestion, 'answer'>[]): string | null {
  if (me.next_step) return stepPath(me.next_step);
  if (questions) {
    const i = questions.findIndex((q) => !q.answer);
    return i >= 0 ? questionPath(i) : null;
  }
  return me.questions_answered < QUESTION_COUNT ? questionPath(me.questions_answered) : null;
}

/** The state the matchmaking page is in before it can show candidates. */
export type Gate = 'removed' | 'not-opted-in' | 'paused' | 'incomplete' | 'ready';
export function gate(me: Pick<MatchMe, 'opted_in' | 'paused' | 'removed' | 'next_step'>): Gate {
  if (me.removed) return 'removed';
  if (!me.opted_in) return 'not-opted-in';
  if (me.paused) return 'paused';
  if (me.next_step) return 'incomplete';
  return 'ready';
}

export const label = (m: Record<string, string>, v: string | undefined | null): string => (v ? (m[v] ?? v) : '');

export const INTENTS: Record<NonNullable<MatchPreferences['intent']>, string> = {
  friendship: 'Friendship',
  travel_companion: 'A travel companion',
  dating: 'Dating',
  long_term: 'A long-term relationship',
  marriage: 'Marriage',
};
export const GENDERS: Record<string, string> = { woman: 'Women', man: 'Men', non_binary: 'Non-binary people' };
export const SMOKING: Record<string, string> = { never: 'Never', sometimes: 'Sometimes', often: 'Often' };
export const DRINKING: Record<string, string> = { never: 'Never', socially: 'Socially', often: 'Often' };
export const DIETS: Record<string, string> = {
  anything: 'Anything',
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  kosher: 'Kosher',
  pescatarian: 'Pescatarian',
};
export const ACTIVITY: Record<string, string> = { relaxed: 'Relaxed', moderate: 'Moderate', active: 'Active', very_active: 'Very active' };
export const FAITHS: Record<string, string> = {
  christian: 'Christian',
  muslim: 'Muslim',
  traditional: 'Traditional',
  jewish: 'Jewish',
  hindu: 'Hindu',
  buddhist: 'Buddhist',
  spiritual: 'Spiritual',
  none: 'None',
  other: 'Other',
};
export const WANTS_CHILDREN: Record<string, string> = { yes: 'Want children', no: 'Do not want children', open: 'Open to it' };
export const TRAVEL_STYLES: Record<string, string> = { light: 'Light', comfort: 'Comfort', luxury: 'Luxury', adventure: 'Adventure' };
export const TRAVEL_FREQUENCY: Record<string, string> = { rarely: 'Rarely', yearly: 'Once a year', quarterly: 'Every few months', monthly: 'Every month' };
export const DEALBREAKERS: Record<string, string> = {
  intent: 'What they are looking for',
  languages: 'Speaks one of my languages',
  smoking: 'Smoking',
  drinking: 'Drinking',
  faith: 'Faith',
  children: 'Children',
  travel_style: 'Travel style',
};
export const IMPORTANCE: Record<MatchImportance, string> = {
  irrelevant: 'Irrelevant',
  a_little: 'A little',
  somewhat: 'Somewhat',
  very: 'Very',
  mandatory: 'Mandatory (a dealbreaker)',
};
export const REPORT_REASONS: Record<MatchReportReason, string> = {
  fake_profile: 'Fake profile',
  harassment: 'Harassment',
  inappropriate_photos: 'Inappropriate photos',
  scam: 'Scam or money request',
  underage: 'Looks under 18',
  offensive: 'Offensive behaviour',
  other: 'Something else',
};
export const ANYWHERE_KM = 20000;

/** One line of plain language for a saved step's answer ("Not answered yet" when none). */
export function describeStep(step: MatchStepName, a: MatchPreferences | null | undefined): string {
  if (!a) return 'Not answered yet';
  const list = (xs: string[] | undefined, m?: Record<string, string>) => (xs ?? []).map((x) => (m ? label(m, x) : x)).join(', ');
  switch (step) {
    case 'intent':
      return label(INTENTS, a.intent);
    case 'age':
      return `${a.age_min ?? 18} to ${a.age_max ?? 99}`;
    case 'distance':
      return a.max_distance_km === undefined ? '' : a.max_distance_km >= ANYWHERE_KM ? 'Anywhere' : `Up to ${a.max_distance_km} km`;
    case 'genders':
      return list(a.genders, GENDERS);
    case 'languages':
      return a.languages?.length ? list(a.languages) : 'Any language';
    case 'lifestyle':
      return `Smoking: ${label(SMOKING, a.smoking).toLowerCase()}; drinking: ${label(DRINKING, a.drinking).toLowerCase()}; diet: ${label(DIETS, a.diet).toLowerCase()}; ${label(ACTIVITY, a.activity).toLowerCase()}`;
    case 'faith':
      return `${label(FAITHS, a.faith)}${a.same_faith ? '; a shared faith counts' : ''}`;
    case 'children':
      return `${a.has_children ? 'Has children' : 'No children'}; ${label(WANTS_CHILDREN, a.wants_children).toLowerCase()}`;
    case 'travel':
      return `${label(TRAVEL_STYLES, a.travel_style)}, ${label(TRAVEL_FREQUENCY, a.travel_frequency).toLowerCase()}`;
    case 'interests':
      return a.interests?.length ? list(a.interests) : 'None given';
    case 'dealbreakers':
      return a.dealbreakers?.length ? list(a.dealbreakers, DEALBREAKERS) : 'Only age, gender and distance';
  }
}
