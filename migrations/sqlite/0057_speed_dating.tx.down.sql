DROP TABLE IF EXISTS speed_matches;
DROP TABLE IF EXISTS speed_votes;
DROP TABLE IF EXISTS speed_breaks;
DROP TABLE IF EXISTS speed_pairs;
DROP TABLE IF EXISTS speed_tickets;
DROP TABLE IF EXISTS speed_seats;
DROP TABLE IF EXISTS speed_events;
