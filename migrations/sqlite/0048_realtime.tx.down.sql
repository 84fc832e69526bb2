DROP TABLE realtime_last_seen;
DROP TABLE realtime_presence;
DROP TABLE realtime_tickets;
