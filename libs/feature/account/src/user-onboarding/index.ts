export { usePersonalisation, userOnboardingApi, userOnboardingKeys, type Personalisation } from './api';
export { IncompleteProfileBanner, missingFieldPath } from './banner';
export { STEPS as USER_ONBOARDING_STEPS, WELCOME_PATH as USER_ONBOARDING_WELCOME, stepPath as userOnboardingStepPath } from './routes';
export { userOnboardingPages } from './pages';
export { nextSteps, sectionOrder } from './personal';
