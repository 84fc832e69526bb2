// Package flights sells flights from a travel supplier (Duffel's Flights
// API, or the server's Duffel sandbox when no access token is set).
//
// Tables: flight_orders, flight_order_events, flight_webhook_events
// (migration 0037).
//
// Search (GET /flights/offers) proxies an offer request with bounded input:
// IATA codes of the airports dataset (platform/airportdata), dates from
// today to 330 days ahead in order, 1-9 passengers with at least one adult
// and no more infants than adults, a cabin. Offers are priced for the
// traveller: the supplier's total plus Sojourn's markup (MarkupBPS,
// SOJOURN_TRAVEL_MARKUP_BPS, 500 = 5% by default, rounded up to whole
// naira); the cost and the margin are shown to admins only
// (GET /admin/flights/orders, keyset with ?status=, and
// /admin/flights/orders/{id}). Offers expire (expires_at); fetching one
// again (GET /flights/offers/{id}?price=<shown>) is the re-price and says
// when the price moved.
//
// Ordering (POST /flights/orders) fetches the offer again: expired or sold
// is 409, a total other than the expected_total the traveller agreed to is
// 409 (so a re-price is shown before paying). Paid from the wallet, the
// price goes into the order's escrow (money.Ref{flight_order, id}) and the
// flights.place_order River job is inserted in the same transaction; by
// card (payments purpose flight_order) the order waits in awaiting_payment
// and the payment's settling transaction does the same. One live order per
// offer is a partial unique index, so parallel submits make one supplier
// order. The job books the order with the idempotency key
// sojourn-flight-order-<id>, retried by River on retryable errors (up to
// PlaceAttempts); on success the escrow pays the supplier's payable (cost)
// and platform fees (margin) with money.SupplierCharge and the order joins
// the traveller's trip (trips.Attacher); on a definitive failure the price
// is refunded from escrow to the wallet and the order shows failed.
//
// States: awaiting_payment -> placing | failed; placing -> confirmed |
// failed; confirmed -> cancelled. Cancellation is a supplier quote
// (POST .../cancellation_quote: refund and expiry) the traveller confirms
// (POST .../cancel): money.SupplierRefund returns the supplier's refund plus
// the margin's share to the wallet.
//
// Webhooks (POST /travel/webhooks/duffel, anonymous): the signature is
// checked, each event handled once by id; a schedule change
// (order.airline_initiated_change_detected) replaces the changed slices on
// the order, is kept for the order page's banner and is emailed to the
// traveller. Other events go to Config.OtherEvents (stays).
//
// The module is trips' Source of kind "flight" (TripSource).
package flights
