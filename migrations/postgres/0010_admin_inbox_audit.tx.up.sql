-- The admin portal: the person an audit entry is about (for "everything about
-- this user"), and the contact inbox's handled state and keyset index.
ALTER TABLE audit_log ADD COLUMN subject_id TEXT;
UPDATE audit_log SET subject_id = target_id WHERE target_type = 'user';
UPDATE audit_log SET subject_id = (details::jsonb ->> 'user_id') WHERE target_type = 'role_application';
CREATE INDEX audit_log_subject_idx ON audit_log (subject_id, created_at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at, id);

ALTER TABLE contact_messages ADD COLUMN handled_at TIMESTAMPTZ;
ALTER TABLE contact_messages ADD COLUMN handled_by TEXT;
CREATE INDEX contact_messages_inbox_idx ON contact_messages (created_at, id);
