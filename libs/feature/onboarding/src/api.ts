import { typedClient, unwrap, type components } from '@sojourn/api-client';

export type OnboardingProgress = components['schemas']['OnboardingProgress'];
export type OnboardingStep = components['schemas']['OnboardingStep'];

const api = () => typedClient(true);
const flowPath = (flow: string) => ({ params: { path: { flow } } });

/** The onboarding calls of api/openapi.yaml: a wizard's progress, one step saved, the whole applied. */
export const onboardingApi = {
  progress: (flow: string) => unwrap(api().GET('/api/v1/onboarding/{flow}', flowPath(flow))).then((r) => r.data),
  saveStep: (flow: string, step: string, data: Record<string, unknown>) =>
    unwrap(api().PUT('/api/v1/onboarding/{flow}/steps/{step}', { params: { path: { flow, step } }, body: { data } })).then((r) => r.data),
  submit: (flow: string) => unwrap(api().POST('/api/v1/onboarding/{flow}/submit', flowPath(flow))).then((r) => r.data),
};

export const onboardingKeys = {
  progress: (flow: string) => ['onboarding', flow] as const,
};
