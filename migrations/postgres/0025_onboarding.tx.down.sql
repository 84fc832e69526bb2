DROP TABLE onboarding_submissions;
DROP TABLE onboarding_steps;
