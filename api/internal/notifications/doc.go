// Package notifications is the outbox of domain events and the notification
// centre built on it.
//
// # The outbox
//
// Service implements events.Emitter. A domain calls Emit(ctx, tx, event)
// inside the transaction of its change: Emit writes a domain_events row
// (the event as JSON) and inserts the River job notifications.deliver
// (DeliverJob) with InsertTx in that same transaction. If the change rolls
// back, neither exists, so nobody is told about something that did not
// happen. The actor is never told about their own action.
//
// Delivery (Deliver, run by the job; the chore notifications.sweep
// delivers anything a lost job left behind) takes each recipient in its
// own short transaction and first claims the pair (event, recipient) in
// notification_deliveries with INSERT ... ON CONFLICT DO NOTHING: a second
// run, or two runs at once, find the claim taken and do nothing. Under the
// claim it reads the recipient's preferences (notification_settings):
//
//   - in-app, unless the person turned the category off (account events
//     are always in-app): the notification is written, or, when the event
//     has a GroupKey and an unread notification with that key exists, that
//     one is bumped (group_count + 1, the newer title, body, link and time;
//     a unique partial index on (user_id, group_key) WHERE unread decides
//     it). After commit the notification is pushed to the person's sockets
//     as notification.new through realtime.Publisher.
//   - email, when the event says it is worth one and the person keeps email
//     on for the category: due now, or at the end of the person's quiet
//     hours (start and end as HH:MM in their own IANA zone, wrapping
//     midnight). The email is the River job notifications.email
//     (EmailJob) scheduled at that time, inserted under the claim; it
//     claims emailed_at with a conditional update before sending (released
//     again if the mailer fails, for the retry), and snoozes if it runs
//     before its time. The address comes from the accounts directory.
//
// # Unseen and unread (the spec, section 4)
//
// A notification is unseen when created (or last bumped) after the
// person's last_seen_at. With no last_seen_at and notifications present,
// Summary sets last_seen_at to the newest notification's time, so the
// unseen count is 0. POST /notifications/seen sets it to now (the portals
// call it at sign-in and when the bell is opened). Unread is read_at IS
// NULL, cleared one at a time or all at once.
//
// # Tables (migration 0049_notifications)
//
//	domain_events            id, type, category, actor, payload (the event as JSON), delivered_at
//	notifications            user, event, type, category, title, body, portal, link, subject, group_key,
//	                         group_count, first_at, created_at (the sort key, moved by a bump), read_at
//	notification_deliveries  (event, user) claim, the notification written, email_due_at, emailed_at
//	notification_settings    user, channels (JSON category -> {in_app, email}), quiet hours, zone, last_seen_at
//
// # API
//
//	New(Config{DB, Clock, Log, Jobs, Live, Directory, Mailer, Origins}) (*Service, error)
//	Emit (events.Emitter), Deliver, DeliverPending, SendEmail, List, Summary, MarkSeen, Read, ReadAll,
//	Preferences, SetPreferences; RegisterJobs
//
// Routes (signed-in, one's own only; another's notification answers 404):
// GET /notifications (keyset newest first, ?portal=, ?unread=true),
// GET /notifications/summary, POST /notifications/seen,
// POST /notifications/{id}/read, POST /notifications/read-all,
// GET and PUT /notifications/preferences.
package notifications
