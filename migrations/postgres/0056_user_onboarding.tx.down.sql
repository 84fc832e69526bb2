DELETE FROM onboarding_submissions WHERE flow = 'user';
DROP TABLE user_personalisation;
