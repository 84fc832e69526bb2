// Package ticketing runs events with tickets: events organised by Sojourn
// (admins) or by providers (a guide's walking festival, a coach's
// workshop), ticket types sharing quotas, seats held for ten minutes at
// checkout, payment from the wallet into escrow through the money core,
// a ticket per attendee with a signed QR code, transfers, refunds by the
// organiser's policy and on cancellation, settlement after the event, and
// check-in at the door with a log. (Named ticketing so it does not clash
// with platform/events, the domain-event contract.)
//
// # Tables (migration 0059; one owner: this package)
//
//	tk_events        an event: organiser (kind sojourn | provider, id, name), details, starts_at/ends_at
//	                 (instants) and time_zone (IANA), refund_days, status, min_price (the cheapest public
//	                 type, for the "free" filter)
//	tk_quotas        seats shared by types: size, sold, held; CHECK sold + held <= size
//	tk_ticket_types  name, price, currency, max_per_order, sales window, unlock_code (hidden until given)
//	tk_orders        one checkout: status, total, hold_until, buy_key (Idempotency-Key), settled
//	tk_tickets       one per attendee: holder, attendee_name, status, version (signed into the QR code),
//	                 checked_in_at
//	tk_checkins      the door's log: ticket (nil when unreadable), scanned_by, result, when
//
// Statuses are TEXT validated in Go: events on_sale -> cancelled | settled;
// orders held -> paid | expired | cancelled, paid -> refunded (cancelled for
// a free order); tickets held -> valid -> void (refunded, order expired or
// cancelled). Scan results: admitted, already_used, forged, void,
// wrong_event.
//
// # Concurrency (decided by the database)
//
// Reserve takes seats per quota, in id order, with UPDATE tk_quotas SET
// held = held + n WHERE id = ? AND sold + held + n <= size: a buyer who
// loses is 409 out_of_stock, however many buy at once (100 buyers for the
// last 10 seats: exactly 10). Pay moves held -> sold only while the order
// is still held and hold_until is ahead (UPDATE ... WHERE status = 'held'
// AND hold_until > now), so a payment and the hold's expiry cannot both
// win. Check-in admits with UPDATE tk_tickets SET checked_in_at WHERE id,
// version, status valid AND checked_in_at IS NULL: a second scan is
// already_used. A refund is decided by UPDATE tk_orders ... WHERE status =
// 'paid' AND settled = false: once.
//
// # Money
//
// A paid order's total is held from the buyer's wallet into the escrow of
// Ref{event_ticket, orderID} (money.Hold, key event-order:<id>) in the
// paying transaction. A refund (the buyer within the policy: until
// refund_days before the start; the organiser cancelling the event)
// returns the escrow to the buyer's wallet (money.Refund). After the event
// the settle job releases each order's escrow to the provider organiser's
// earnings (money.Release, the platform fee as configured) or, for
// Sojourn's own events, keeps it as platform revenue (money.KeepEscrow).
// Card payment of tickets is not offered: buyers top up the wallet by card.
//
// # QR codes
//
// A valid ticket's code is "<ticket id>.<version>.<mac>", mac the first
// 128 bits of HMAC-SHA256 over id and version with a key derived from the
// server secret (SOJOURN_JWT_SECRET, as idempotency derives its own); the
// API also draws it as an SVG data URL (rsc.io/qr). A transfer (to a person
// found by email or username) changes the holder and bumps the version, so
// the old code scans as void; a refund bumps it too. A code not signed by
// the server is forged.
//
// # Jobs (River, enqueued in the causing transaction)
//
//	ticketing.expire_hold  at hold_until: an order still held expires and gives its seats back (snoozes when early)
//	ticketing.settle       at ends_at: releases or keeps every paid order's escrow (re-enqueued when the end moves)
//
// # Trips
//
// NewTripSource(db) is the trips.Source of kind "event" (reads only tk_*,
// built before trips); a paid order for an event in person joins the
// buyer's trip it falls in (trips.Join, in the paying transaction), and
// users may add an order to a trip like other bookings.
//
// # Routes (api/contract/ticketing.yaml, policies/ticketing.csv)
//
//	GET  /events (keyset by start; from, to, city, category, online, free), /events/{id} (?code=)  public
//	POST /events/{id}/orders (hold); GET /event-orders, /event-orders/{id};
//	POST /event-orders/{id}/pay | cancel; GET /event-tickets; POST /event-tickets/{id}/transfer     the caller's own
//	/organiser/events[...]             providers: their own events (another's is 404)
//	/admin/ticketing/events[...]       admins: Sojourn's events
//	  GET, POST; GET, PUT /{id}; POST /{id}/quotas; PATCH /{id}/quotas/{quota_id}; POST /{id}/ticket-types;
//	  POST /{id}/cancel; GET /{id}/attendees (keyset), /{id}/attendees.csv; POST /{id}/check-in; GET /{id}/check-ins
//
// Not built: the waiting list for sold-out events, card payment of
// tickets, event images.
package ticketing
