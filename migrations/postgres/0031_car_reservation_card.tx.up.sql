-- A car may be reserved by card (Paystack): the reservation waits in
-- awaiting_payment (the car already reserved) until the payment settles
-- (held) or its payment window passes or the card fails (expired). One
-- reservation per car is held or awaiting payment: the partial unique
-- index now covers both.
ALTER TABLE car_reservations ADD COLUMN pay_with TEXT NOT NULL DEFAULT 'wallet';
ALTER TABLE car_reservations ADD COLUMN payment_reference TEXT NOT NULL DEFAULT '';
ALTER TABLE car_reservations ADD COLUMN pay_by TIMESTAMPTZ;
DROP INDEX car_reservations_one_held;
CREATE UNIQUE INDEX car_reservations_one_held ON car_reservations (listing_id) WHERE status IN ('held', 'awaiting_payment');
