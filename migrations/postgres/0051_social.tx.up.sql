-- Friends and feed (api/internal/social).
--
-- friend_requests: at most ONE pending request per pair of people, whichever
-- side sent it: (pair_lo, pair_hi) is the pair's two ids in order and is
-- unique, so two people asking each other at the same moment leave one row
-- (the second ask accepts the first). Accepted, declined and cancelled
-- requests are deleted; friendships holds the result.
CREATE TABLE friend_requests (
    id          TEXT PRIMARY KEY,
    pair_lo     TEXT NOT NULL REFERENCES users (id),
    pair_hi     TEXT NOT NULL REFERENCES users (id),
    from_id     TEXT NOT NULL REFERENCES users (id),
    to_id       TEXT NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL,
    CHECK (pair_lo < pair_hi),
    CHECK (from_id <> to_id)
);
CREATE UNIQUE INDEX friend_requests_pair_key ON friend_requests (pair_lo, pair_hi);
CREATE INDEX friend_requests_to_idx ON friend_requests (to_id, created_at, id);
CREATE INDEX friend_requests_from_idx ON friend_requests (from_id, created_at, id);

-- friendships: two rows per friendship (one per side), so "my friends" is one
-- index seek, keyset by (created_at, friend_id).
CREATE TABLE friendships (
    user_id     TEXT NOT NULL REFERENCES users (id),
    friend_id   TEXT NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, friend_id),
    CHECK (user_id <> friend_id)
);
CREATE INDEX friendships_list_idx ON friendships (user_id, created_at, friend_id);

-- user_blocks: blocker no longer sees, messages, befriends or is reached by
-- blocked (and the other way round); messaging and video ask social.Gate.
CREATE TABLE user_blocks (
    blocker_id  TEXT NOT NULL REFERENCES users (id),
    blocked_id  TEXT NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id, blocker_id);
CREATE INDEX user_blocks_list_idx ON user_blocks (blocker_id, created_at, blocked_id);

-- social_privacy: one row per person who changed a default.
--   who_can_message  everyone | friends | nobody   ("nobody" = nobody new:
--                    conversations that exist go on; messaging decides that)
--   who_can_request  everyone | friends_of_friends | nobody
--   posts_audience   public | friends | only_me    (the default audience of new posts)
-- Values are validated in Go.
CREATE TABLE social_privacy (
    user_id          TEXT PRIMARY KEY REFERENCES users (id),
    who_can_message  TEXT NOT NULL,
    who_can_request  TEXT NOT NULL,
    posts_audience   TEXT NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL
);

-- social_follows: a person following a provider (a user with a provider role).
CREATE TABLE social_follows (
    follower_id  TEXT NOT NULL REFERENCES users (id),
    provider_id  TEXT NOT NULL REFERENCES users (id),
    created_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (follower_id, provider_id),
    CHECK (follower_id <> provider_id)
);
CREATE INDEX social_follows_provider_idx ON social_follows (provider_id, follower_id);

-- social_posts: text and up to 4 photos; audience public | friends | only_me;
-- status visible | removed (by an admin after a report). Counts are moved by
-- the same statement that inserts or deletes a like or comment.
CREATE TABLE social_posts (
    id             TEXT PRIMARY KEY,
    author_id      TEXT NOT NULL REFERENCES users (id),
    body           TEXT NOT NULL,
    audience       TEXT NOT NULL,
    status         TEXT NOT NULL,
    like_count     INTEGER NOT NULL DEFAULT 0 CHECK (like_count >= 0),
    comment_count  INTEGER NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
    created_at     TIMESTAMPTZ NOT NULL,
    updated_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX social_posts_author_idx ON social_posts (author_id, created_at, id);

CREATE TABLE social_post_photos (
    id          TEXT PRIMARY KEY,
    post_id     TEXT NOT NULL REFERENCES social_posts (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    url         TEXT NOT NULL,
    thumb_url   TEXT NOT NULL,
    width       INTEGER NOT NULL DEFAULT 0,
    height      INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL,
    UNIQUE (post_id, position)
);

CREATE TABLE social_post_likes (
    post_id     TEXT NOT NULL REFERENCES social_posts (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id),
    created_at  TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (post_id, user_id)
);

CREATE TABLE social_post_comments (
    id          TEXT PRIMARY KEY,
    post_id     TEXT NOT NULL REFERENCES social_posts (id) ON DELETE CASCADE,
    author_id   TEXT NOT NULL REFERENCES users (id),
    body        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX social_post_comments_post_idx ON social_post_comments (post_id, created_at, id);

-- social_post_reports: one per post and reporter; status open | dismissed |
-- removed (validated in Go), decided by an admin.
CREATE TABLE social_post_reports (
    id           TEXT PRIMARY KEY,
    post_id      TEXT NOT NULL REFERENCES social_posts (id) ON DELETE CASCADE,
    reporter_id  TEXT NOT NULL REFERENCES users (id),
    reason       TEXT NOT NULL,
    status       TEXT NOT NULL,
    decided_by   TEXT,
    decided_at   TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX social_post_reports_once_key ON social_post_reports (post_id, reporter_id);
CREATE INDEX social_post_reports_status_idx ON social_post_reports (status, created_at, id);
