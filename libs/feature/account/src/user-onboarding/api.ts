import { isApiError, typedClient, unwrap, type components } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { useQuery } from '@tanstack/react-query';
import { STEPS, USER_FLOW, stepPath, useVisitorAnswers, type StepData } from './model';

export type Personalisation = components['schemas']['Personalisation'];
export type UserOnboardingProgress = components['schemas']['OnboardingProgress'];

const api = () => typedClient(true);
const flow = { params: { path: { flow: USER_FLOW } } };

/** The user onboarding's calls (api/openapi.yaml): the flow "user" of the onboarding routes and the personalisation. */
export const userOnboardingApi = {
  progress: () => unwrap(api().GET('/api/v1/onboarding/{flow}', flow)).then((r) => r.data),
  saveStep: (step: string, data: StepData) =>
    unwrap(api().PUT('/api/v1/onboarding/{flow}/steps/{step}', { params: { path: { flow: USER_FLOW, step } }, body: { data } })).then((r) => r.data),
  submit: () => unwrap(api().POST('/api/v1/onboarding/{flow}/submit', flow)).then((r) => r.data),
  personalisation: () => unwrap(api().GET('/api/v1/personalisation')).then((r) => r.data),
};

export const userOnboardingKeys = {
  progress: ['user-onboarding', 'progress'] as const,
  personalisation: ['user-onboarding', 'personalisation'] as const,
};

/** What the signed-in person told the onboarding (the home page's order) and whether they must still finish it. */
export function usePersonalisation() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  return useQuery({ queryKey: userOnboardingKeys.personalisation, queryFn: userOnboardingApi.personalisation, enabled: signedIn });
}

export function useUserOnboardingProgress(enabled: boolean) {
  return useQuery({ queryKey: userOnboardingKeys.progress, queryFn: userOnboardingApi.progress, enabled });
}

export interface SyncOutcome {
  /** Where the journey continues. */
  next: string;
  /** Field errors of a browser answer the server refused (the person fixes it on that step). */
  errors?: Record<string, string>;
}

/**
 * After signing in or creating an account midway: the browser's answers are saved to the server step by step, then
 * the journey continues at the first step the server has not got. A person who never has to onboard (an earlier
 * account, a provider) goes to their dashboard.
 */
export async function syncVisitorAnswers(homePath: string): Promise<SyncOutcome> {
  const p = await userOnboardingApi.personalisation();
  const store = useVisitorAnswers.getState();
  if (!p.onboarding_required) {
    store.clear();
    return { next: homePath };
  }
  for (const { slug } of STEPS) {
    const data = store.answers[slug];
    if (!data || slug === 'eleven') continue;
    try {
      await userOnboardingApi.saveStep(slug, data);
    } catch (e) {
      if (isApiError(e) && e.status === 422) return { next: stepPath(slug), errors: e.fields };
      throw e;
    }
  }
  store.clear();
  const progress = await userOnboardingApi.progress();
  return { next: stepPath(progress.next_step ?? 'eleven') };
}
