-- Card payments for car rentals (api/internal/rentals): the reference of
-- the Paystack payment a pending rental waits for ('' when paid from the
-- wallet or not paid yet).
ALTER TABLE rental_bookings ADD COLUMN payment_reference TEXT NOT NULL DEFAULT '';
