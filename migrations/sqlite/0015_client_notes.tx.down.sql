DROP TABLE IF EXISTS client_documents;
DROP TABLE IF EXISTS client_notes;
