DROP TABLE calendar_feeds;
DROP TABLE booking_provider_stats;
DROP TABLE booking_counters;
DROP TABLE slot_cells;
DROP TABLE booking_events;
DROP TABLE bookings;
