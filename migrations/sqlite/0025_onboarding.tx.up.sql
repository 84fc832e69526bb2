-- Onboarding (api/internal/onboarding): resumable provider wizards, each
-- step's draft saved on the server (a JSON object as TEXT, at most 64 KB),
-- and whether the wizard was submitted (applied through the owning domains).
CREATE TABLE onboarding_steps (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    flow      TEXT NOT NULL,
    step      TEXT NOT NULL,
    data      TEXT NOT NULL,
    saved_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, flow, step)
);

CREATE TABLE onboarding_submissions (
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    flow          TEXT NOT NULL,
    submitted_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, flow)
);
