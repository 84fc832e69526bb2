// Package contact stores messages sent from the public contact form and
// lists them for admins.
//
// # Tables
//
//	contact_messages   name, email, subject, message, the sender's IP and user (when signed in),
//	                   handled_at and handled_by (the admin inbox's state: open while NULL)
//
// # The module
//
//	New(Config{DB, Clock, Limits, Tickets}) (*Service, error)   Tickets (support, wired in app) is handed
//	                              each new message in the transaction that stores it: it becomes a ticket
//	                              in the admins' support console, which replaced the inbox page
//	Register(httpx.Router)        POST /api/v1/contact (public), GET /api/v1/admin/contact-messages
//	                              (keyset cursor), PATCH /api/v1/admin/contact-messages/:id {handled}
//	List(ctx, Inbox{Q, State}, page.Cursor) ([]Message, *page.Key, error)   newest first; Q searches
//	                              every text field, State is open or handled
//	SetHandled(ctx, adminID, id, handled) (Message, error)   marks a message handled, or open again
//
// # Errors
//
// 422 for invalid fields, 429 with Retry-After after five messages an hour
// from one IP.
package contact
