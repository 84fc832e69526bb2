-- User onboarding (api/internal/useronboarding): what a person
-- said they are here for and how they like to travel and look after
-- themselves, written by the user onboarding's Submit and read by the user
-- portal's home to order and emphasise its sections. Owned by useronboarding.
-- Lists are JSON arrays as TEXT, like the profile's own lists.
CREATE TABLE user_personalisation (
    user_id        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    intents        TEXT NOT NULL DEFAULT '[]',
    travel_styles  TEXT NOT NULL DEFAULT '[]',
    wellness_goals TEXT NOT NULL DEFAULT '[]',
    updated_at     TIMESTAMP NOT NULL
);

-- Accounts that existed before the user onboarding are never sent through it:
-- their flow is recorded as submitted (at their sign-up time), so only
-- people who register from now on are asked to finish it.
INSERT INTO onboarding_submissions (user_id, flow, submitted_at)
SELECT id, 'user', created_at FROM users WHERE true
ON CONFLICT (user_id, flow) DO NOTHING;
