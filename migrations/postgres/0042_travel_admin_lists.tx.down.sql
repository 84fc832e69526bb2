DROP INDEX stay_bookings_status_created_idx;
DROP INDEX stay_bookings_created_idx;
DROP INDEX flight_orders_status_created;
DROP INDEX flight_orders_created;
