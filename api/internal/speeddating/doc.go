// Package speeddating is speed-dating events run by Sojourn's admins: timed
// video rounds in which each person meets a rotation of others, then a
// private yes or no about each of them; mutual yeses become matches with a
// conversation (matchmaking).
//
// # Tables (migration 0057_speed_dating)
//
//	speed_events   one event: title, description, starts_at with an IANA time_zone for display, rounds,
//	               round_seconds, changeover_seconds, audience (everyone | women_men | women | men), age range,
//	               capacity, min_participants, price and currency; status, current_round, phase
//	               ('' | date | changeover), phase_ends_at, remaining_ms (paused), seq (the timing's version),
//	               voting_closes_at, cancel_reason
//	speed_seats    the seats of one group (women_men: women and men, half the capacity each; otherwise one
//	               group: everyone, women or men): capacity and taken
//	speed_tickets  a person's ticket: group, status (pending_payment | confirmed | cancelled | refunded),
//	               pay_with (wallet | card | free), price, the buyer's age and home city when they bought,
//	               checked_in_at, left_at, from_round (a late joiner's first round), refunded_at, kept_at
//	speed_pairs    the rotation schedule: (event, round, a_id < b_id) and the date's video room; UNIQUE
//	               (event_id, a_id, b_id), so no pair meets twice even by accident
//	speed_breaks   who sits a round out
//	speed_votes    (event, voter, partner) yes or no, changeable until voting closes; private
//	speed_matches  the mutual yeses made matches (matchmaking's match id and conversation)
//
// # Seats and tickets
//
// A ticket takes a seat of the buyer's group with one conditional update,
// UPDATE speed_seats SET taken = taken + 1 WHERE taken < capacity, so the
// groups stay balanced and a full group is refused by the write (409
// out_of_stock naming the group) however many buy at once; one live ticket
// per person and event is a partial unique index on (event_id, user_id)
// over pending_payment and confirmed. The buyer must take part in
// matchmaking (matchmaking.EventParticipant: opted in, not paused, not
// removed), be inside the age range and belong to a group of the audience.
// The purchase reads the event FOR SHARE (PostgreSQL), so an admin's
// cancellation waits for it and refunds it too. Sales close at the start.
//
// Paid from the wallet, the price is held into the escrow of
// money.Ref{event_ticket, <ticket id>} in the purchase's transaction. Paid
// by card (purpose speed_ticket, registered with payments.RegisterHeld) the
// ticket waits in pending_payment with its seat held; paid in time it is
// confirmed and the price held from the card; failed or abandoned, or not
// paid by pay_by (the speeddating.ticket_payment job, 40 minutes), it is
// cancelled and the seat given back; paid late, the money goes back to the
// wallet at once. A free event's tickets need no payment (pay_with free).
//
// Refunds go back to the holder's wallet (money.Refund from the escrow),
// the ticket refunded and its seat freed, when an admin cancels the event
// before it starts, when the minimum is not reached (speeddating.minimum at
// starts_at - 1 h, or at starts_at for an event created inside that hour),
// when the host never starts it (speeddating.no_show at starts_at + 30 min),
// and when the holder cancels up to 24 hours before the start (DELETE
// tickets/mine; a ticket still waiting for its card payment may be given up
// until the start). A cancelled event's holders are told (the domain event
// speed_event.cancelled, emitted in the cancelling transaction: in-app and
// email by their preferences). Once voting closes, each confirmed ticket's price leaves
// its escrow to Sojourn's revenue (money.KeepEscrow, once per ticket by
// kept_at).
//
// # States
//
//	scheduled -> live <-> paused -> voting -> ended
//	scheduled -> cancelled (an admin, the minimum, the host's no-show)
//
// Check-in opens 15 minutes before the start and closes when the last round
// begins. The host (any admin) starts the event from then on with at least
// min_participants confirmed tickets and two people checked in: the
// schedule is planned for the people present who still take part in
// matchmaking (rotation.Plan, compatibility from matchmaking.Compatibility
// within the audience: women_men pairs only a woman and a man) and stored,
// round 1's rooms open (video.OpenPairRoom, no lobby) and its bell is set.
// A running event is in the date phase (round_seconds) or the changeover
// (changeover_seconds) before the next round; the bell ends a phase: a date
// closes its rooms (video.ClosePairRooms) and the changeover begins, or
// after the last round voting opens; voting also opens early when no round
// still to come has a date (everyone met everyone they can: the event does
// not sit everyone out for the remaining rounds, and the admin's schedule
// counts no breaks in them). A start in which nobody present can meet
// anyone is refused (409). Every change of the timing bumps seq
// with a conditional UPDATE ... WHERE seq = ?, and a bell job names the seq
// it was set for, so a stale job (the event paused, resumed, rung early or
// ended since) changes nothing. Host controls: pause (keeps what is left of
// the phase), resume, next (ring the bell now: the next round at once, after
// the last voting), end (voting now). Voting lasts 10 minutes
// (speeddating.close_voting) and closes early once every present person has
// voted on everyone they met; closing ends the event and makes a match
// (matchmaking.MatchFromEvent, idempotent per pair) of every mutual yes.
//
// A ticket holder who checks in after the start takes part from the next
// round, and one who leaves is taken out of the rounds not run yet: both
// repair the future rounds (rotation.Repair, the rounds run kept, nobody
// meeting anyone twice); the person left without a partner sits the round
// out. Every state change is pushed to the holders as the realtime event
// speed.state {event_id, status, round}; the page refetches /live.
//
// Votes are only about someone the caller was paired with in a round that
// has started, and private: /live shows the caller their own votes only,
// admins see how many were cast.
//
// # Jobs
//
//	speeddating.minimum          {event_id}             the minimum check (snoozes until its time)
//	speeddating.no_show          {event_id}             the host never started it
//	speeddating.bell             {event_id, round, seq} the end of a date or a changeover
//	speeddating.close_voting     {event_id, seq}        voting closes, matches are made
//	speeddating.ticket_payment   {ticket_id}            a card ticket not paid by pay_by gives its seat back
//
// Each is inserted in the transaction that causes it and re-checks the
// state with a conditional update; tests run them through the exported
// CheckMinimum, CheckNoShow, Bell, CloseVoting and LapseUnpaid.
//
// # Routes (api/contract/speeddating.yaml, policies/speeddating.csv)
//
//	GET    /speed-dating/events                       upcoming and running, soonest first (keyset)
//	GET    /speed-dating/events/{id}                  one event (my_ticket, can_buy for the caller)
//	POST   /speed-dating/events/{id}/tickets          buy {pay_with: wallet | card} (Idempotency-Key)
//	DELETE /speed-dating/events/{id}/tickets/mine     cancel the caller's ticket
//	GET    /speed-dating/tickets                      the caller's tickets, newest first (keyset)
//	GET    /speed-dating/events/{id}/live             the event as the caller takes part in it
//	POST   /speed-dating/events/{id}/check-in|leave
//	PUT    /speed-dating/events/{id}/votes/{partner_id}  {yes}
//	GET|POST /admin/speed-dating/events               every event (numbered pages, ?status=) | create
//	GET|PUT  /admin/speed-dating/events/{id}          with participants and schedule | edit (scheduled only)
//	POST   /admin/speed-dating/events/{id}/start|pause|resume|next|end|cancel
//
// # Errors
//
// ErrNotFound (404 Event; also /live without a confirmed ticket),
// ErrTicketNotFound, 404 Partner for a vote about someone not met; 409 for
// a sold-out group (out_of_stock), a second ticket, sales closed, the age
// range or group, a cancellation too late, an event not in the state a
// control needs; 422 for input out of its bounds.
package speeddating
