// Package contact stores messages sent from the public contact form and
// lists them for admins.
//
// # Tables
//
//	contact_messages   name, email, subject, message, the sender's IP and user (when signed in)
//
// # The module
//
//	New(Config{DB, Clock}) (*Service, error)
//	Register(httpx.Router)        POST /api/v1/contact (public), GET /api/v1/admin/contact-messages
//	List(ctx, q, page.Page) ([]Message, int, error)   newest first; q searches every text field
//
// # Errors
//
// 422 for invalid fields, 429 with Retry-After after five messages an hour
// from one IP.
package contact
