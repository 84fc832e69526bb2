-- Support (api/internal/support).
--
-- support_tickets: one request for help. status open | pending | solved |
-- closed, priority low | normal | high | urgent and category are validated in
-- Go (no CHECK lists). requester_id is null for a contact-form message from a
-- visitor (requester_name and requester_email say who). link_kind/link_id
-- name the requester's own item the ticket is about (described by its owning
-- domain when linked; link_label keeps that description). first_response_at
-- is the first admin reply; breach_notified_at when the SLA chore told admins.
CREATE TABLE support_tickets (
    id                  TEXT PRIMARY KEY,
    number              TEXT NOT NULL UNIQUE,
    requester_id        TEXT REFERENCES users (id),
    requester_name      TEXT NOT NULL DEFAULT '',
    requester_email     TEXT NOT NULL DEFAULT '',
    portal              TEXT NOT NULL,
    category            TEXT NOT NULL,
    priority            TEXT NOT NULL,
    status              TEXT NOT NULL,
    subject             TEXT NOT NULL,
    link_kind           TEXT,
    link_id             TEXT,
    link_label          TEXT,
    assignee_id         TEXT REFERENCES users (id),
    contact_message_id  TEXT UNIQUE REFERENCES contact_messages (id),
    first_response_at   TIMESTAMPTZ,
    solved_at           TIMESTAMPTZ,
    closed_at           TIMESTAMPTZ,
    breach_notified_at  TIMESTAMPTZ,
    rating              INTEGER,
    rating_comment      TEXT,
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL
);
-- The requester's list (newest first) and the admins' queue by status.
CREATE INDEX support_tickets_requester ON support_tickets (requester_id, created_at DESC, id DESC);
CREATE INDEX support_tickets_queue ON support_tickets (status, created_at DESC, id DESC);
CREATE INDEX support_tickets_assignee ON support_tickets (assignee_id, status);
CREATE INDEX support_tickets_solved ON support_tickets (status, solved_at);

-- support_messages: a ticket's conversation. internal notes are admins' only,
-- never shown to the requester. author_id is null for a visitor's message.
CREATE TABLE support_messages (
    id          TEXT PRIMARY KEY,
    ticket_id   TEXT NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
    author_id   TEXT REFERENCES users (id),
    from_staff  BOOLEAN NOT NULL DEFAULT FALSE,
    internal    BOOLEAN NOT NULL DEFAULT FALSE,
    body        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX support_messages_ticket ON support_messages (ticket_id, created_at, id);

-- support_faqs: the questions admins answer once for everyone.
CREATE TABLE support_faqs (
    id          TEXT PRIMARY KEY,
    category    TEXT NOT NULL,
    question    TEXT NOT NULL,
    answer      TEXT NOT NULL,
    position    INTEGER NOT NULL DEFAULT 0,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX support_faqs_order ON support_faqs (position, id);

-- support_canned_replies: answers admins reuse.
CREATE TABLE support_canned_replies (
    id          TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    updated_at  TIMESTAMPTZ NOT NULL
);

-- The contact form's messages arrive as tickets from now on; the ones still
-- open (not marked handled) become tickets here, with their message, so the
-- console is the one queue. Handled ones stay in contact_messages only.
INSERT INTO support_tickets (id, number, requester_id, requester_name, requester_email, portal, category, priority,
    status, subject, contact_message_id, created_at, updated_at)
SELECT id, 'SUP-C' || upper(substr(id, 29, 8)), user_id, name, email, 'contact', 'other', 'normal', 'open', subject, id,
    created_at, created_at
FROM contact_messages WHERE handled_at IS NULL;
INSERT INTO support_messages (id, ticket_id, author_id, from_staff, internal, body, created_at)
SELECT id, id, user_id, FALSE, FALSE, message, created_at FROM contact_messages WHERE handled_at IS NULL;
