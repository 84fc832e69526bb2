-- The blog (api/internal/blog).
--
-- blog_categories: named by writers and admins; slug unique.
CREATE TABLE blog_categories (
    id          TEXT PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

-- blog_posts: the working copy of a post and its workflow. status draft |
-- in_review | scheduled | published | unpublished is validated in Go (no
-- CHECK list). version is the number of the latest revision (a save naming
-- another version is refused, 409). live_revision is the revision readers
-- see (NULL: not public); publish_at the time a scheduled post goes live.
CREATE TABLE blog_posts (
    id               TEXT PRIMARY KEY,
    author_id        TEXT NOT NULL REFERENCES users (id),
    status           TEXT NOT NULL,
    slug             TEXT NOT NULL UNIQUE,
    title            TEXT NOT NULL,
    category_id      TEXT REFERENCES blog_categories (id),
    version          INTEGER NOT NULL,
    live_revision    INTEGER,
    publish_at       TIMESTAMP,
    published_at     TIMESTAMP,
    views            BIGINT NOT NULL DEFAULT 0,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL
);
-- The writer's list (newest change first), the review queue by status, the public list (newest first).
CREATE INDEX blog_posts_author_idx ON blog_posts (author_id, updated_at, id);
CREATE INDEX blog_posts_status_idx ON blog_posts (status, updated_at, id);
CREATE INDEX blog_posts_public_idx ON blog_posts (published_at, id) WHERE live_revision IS NOT NULL;

-- blog_revisions: every saved state of a post, numbered from 1. body is the
-- validated ProseMirror JSON, html its sanitised rendering; tags a JSON array.
CREATE TABLE blog_revisions (
    post_id          TEXT NOT NULL REFERENCES blog_posts (id),
    number           INTEGER NOT NULL,
    author_id        TEXT NOT NULL REFERENCES users (id),
    slug             TEXT NOT NULL,
    title            TEXT NOT NULL,
    excerpt          TEXT NOT NULL,
    body             TEXT NOT NULL,
    html             TEXT NOT NULL,
    category_id      TEXT,
    tags             TEXT NOT NULL,
    featured_image   TEXT NOT NULL,
    seo_title        TEXT NOT NULL,
    seo_description  TEXT NOT NULL,
    social_image     TEXT NOT NULL,
    reading_minutes  INTEGER NOT NULL,
    note             TEXT NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (post_id, number)
);

-- blog_comments: the editorial thread of a post. kind comment |
-- changes_requested | approved | unpublished (Go).
CREATE TABLE blog_comments (
    id          TEXT PRIMARY KEY,
    post_id     TEXT NOT NULL REFERENCES blog_posts (id),
    author_id   TEXT NOT NULL REFERENCES users (id),
    kind        TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX blog_comments_post_idx ON blog_comments (post_id, created_at, id);
