DROP TABLE stay_bookings;
