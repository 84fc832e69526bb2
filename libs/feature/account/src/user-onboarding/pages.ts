import type { PageSpec } from '@sojourn/routing';
import { createElement } from 'react';
import { CREATE_PATH, LOGIN_PATH, REVIEW_ALIAS_PATH, STEPS, SUCCESS_PATH, stepPath, type StepSlug } from './routes';

const step = (slug: StepSlug) => async () => {
  const { StepPage } = await import('./journey');
  return { default: () => createElement(StepPage, { slug }) };
};
const review = async () => {
  const { ReviewPage } = await import('./review');
  return { default: ReviewPage };
};

/**
 * The user onboarding (api/internal/useronboarding): `/onboarding` (what brings you here) and `/user-onboarding/one`
 * … `/eleven`, open to visitors (answers kept in the browser), `/loginAccount` and `/createAccount` midway,
 * `/index11` (the review again) and `/onboard-successful`. Each stands alone (frame `bare`).
 */
export function userOnboardingPages(): PageSpec[] {
  const pages: PageSpec[] = [];
  for (const s of STEPS) {
    pages.push({ path: stepPath(s.slug), title: s.slug === 'intent' ? 'Welcome to Sojourn' : `Getting started: ${s.title}`, frame: 'bare', load: s.slug === 'eleven' ? review : step(s.slug) });
  }
  pages.push(
    { path: REVIEW_ALIAS_PATH, title: 'Getting started: Review', frame: 'bare', load: review },
    {
      path: LOGIN_PATH,
      title: 'Sign in to continue',
      frame: 'bare',
      load: async () => {
        const { AccountStep } = await import('./account-step');
        return { default: () => createElement(AccountStep, { mode: 'login' }) };
      },
    },
    {
      path: CREATE_PATH,
      title: 'Create your account',
      frame: 'bare',
      load: async () => {
        const { AccountStep } = await import('./account-step');
        return { default: () => createElement(AccountStep, { mode: 'create' }) };
      },
    },
    {
      path: SUCCESS_PATH,
      title: 'You are all set',
      frame: 'bare',
      guards: ['auth'],
      load: async () => {
        const { SuccessPage } = await import('./success');
        return { default: SuccessPage };
      },
    },
  );
  return pages;
}

