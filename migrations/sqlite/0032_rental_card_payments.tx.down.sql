ALTER TABLE rental_bookings DROP COLUMN payment_reference;
