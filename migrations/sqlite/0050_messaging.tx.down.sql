DROP TABLE messaging_reports;
DROP TABLE messaging_settings;
DROP TABLE messaging_reactions;
DROP TABLE messaging_messages;
DROP TABLE messaging_attachments;
DROP TABLE messaging_members;
DROP TABLE messaging_conversations;
