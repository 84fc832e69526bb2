DROP INDEX car_reservations_one_held;
UPDATE car_reservations SET status = 'released' WHERE status IN ('awaiting_payment', 'expired');
CREATE UNIQUE INDEX car_reservations_one_held ON car_reservations (listing_id) WHERE status = 'held';
ALTER TABLE car_reservations DROP COLUMN pay_by;
ALTER TABLE car_reservations DROP COLUMN payment_reference;
ALTER TABLE car_reservations DROP COLUMN pay_with;
