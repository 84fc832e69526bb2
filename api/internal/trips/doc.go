// Package trips ties a user's bookings of every kind (flights, stays, car
// rentals, tours, therapy and coaching sessions) into journeys: one trip
// per journey, a timeline in each place's local time, and conflict
// warnings between its items.
//
// # Tables (migration 0041_trips)
//
//	trips        id, user_id, name, created_at, updated_at
//	trip_items   trip_id, user_id, kind, ref_id (UNIQUE (kind, ref_id): a booking is in one trip at most), added_at
//
// An item is only a name of a booking: its details (title, times, zones,
// places, status) are never copied but read live from the booking's own
// domain through a Source (item.go), one per kind, registered in app.New:
// rentals.TripSource (kind rental: pick-up and drop-off at the branches, in
// each branch's zone), tours.TripSource (kind tour: a booking of a
// departure, at the meeting point) and bookings.SessionSource (kind
// session: therapy and coaching, in person at the practice's city or by
// video/phone with no place); flights and stays add theirs. Trips never
// read another domain's tables. An item whose booking is gone or no longer
// the user's is left out of every view.
//
// # Attach (attach.go)
//
// A booking domain puts a new booking in a trip in its own transaction
// (trips.Attacher): the explicit trip (the user's own, else 404), else the
// user's trip whose live items come within a day of the booking (one
// touching its city first), else a new trip named by the caller or "Trip to
// <city>". A user's trip writes are serialised (a transaction-scoped
// advisory lock on PostgreSQL; SQLite's write transactions are serialised),
// so bookings attached at the same time find or create one trip. Attaching
// a booking already in a trip answers that trip.
//
// # Conflicts (conflicts.go)
//
// Computed in Go for every pair of live items, one rule per pair of kinds
// (error: the plan cannot work; warning: probably not as meant), e.g. a car
// picked up before the flight lands in that city (or within 30 minutes of
// landing), a flight departing before the car is returned, two flights
// overlapping or a connection under an hour, a tour or session overlapping
// a flight (2 hours at the airport before, 30 minutes after landing for
// things in person), a tour before check-in or after check-out in the
// stay's city, a stay in one city while a car pick-up, tour or in-person
// session is in another, overlapping stays, tours, sessions or rentals, a
// car handover during a tour or session. Messages name times in the
// items' local zones.
//
// # Routes (api/contract/trips.yaml, policies/trips.csv; all the caller's own, another's trip is 404)
//
//	GET  /trips (keyset on created_at, id), POST /trips {name}
//	GET  /trips/upcoming?limit          trips not over yet, soonest first (dashboard, travel hub)
//	GET  /trips/candidates              upcoming bookings of every kind in no trip ("Add to trip")
//	GET  /trips/calendar?from&to        items of the caller's trips in a window (at most 100 days)
//	GET  /trips/{id}                    the timeline (items by start, local times, day) and conflicts
//	PATCH /trips/{id} {name}, DELETE /trips/{id} (the bookings stay)
//	POST /trips/{id}/items {kind, ref_id}, DELETE /trips/{id}/items/{kind}/{refId}
//
// # Limits
//
// 200 trips per user, 100 bookings per trip, names 1..80 characters.
//
// # Exported
//
//	New(Config{DB, Clock, Log, Sources}), Attach (Attacher), Create, Rename, Delete, AddItem, RemoveItem,
//	Trip, List, Upcoming, Candidates, CalendarItems, Conflicts (pure), Live
package trips
