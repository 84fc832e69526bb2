DROP INDEX contact_messages_inbox_idx;
ALTER TABLE contact_messages DROP COLUMN handled_by;
ALTER TABLE contact_messages DROP COLUMN handled_at;
DROP INDEX audit_log_actor_idx;
DROP INDEX audit_log_subject_idx;
ALTER TABLE audit_log DROP COLUMN subject_id;
