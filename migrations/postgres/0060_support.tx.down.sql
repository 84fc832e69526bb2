DROP TABLE IF EXISTS support_canned_replies;
DROP TABLE IF EXISTS support_faqs;
DROP TABLE IF EXISTS support_messages;
DROP TABLE IF EXISTS support_tickets;
