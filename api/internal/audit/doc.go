// Package audit records who changed what, for admins to review. Services
// write an entry in the same transaction as the change it describes.
//
// # Tables
//
//	audit_log   actor, action (user.suspend, role.grant, role_application.approve, ledger.adjust, ...),
//	            target type and id, subject (the person the event is about: the target user, an
//	            application's applicant, a refunded payer), details (a JSON object as text), IP,
//	            time; append-only
//
// # The module
//
//	New(Config{DB, Clock}) (*Log, error)
//	Record(ctx, db, Event) error                 inside the caller's transaction (db may be a bun.Tx)
//	List(ctx, Filter, page.Page) ([]EntryDTO, int, error)   newest first, ids only
//
//	NewViewer(ViewerConfig{Log, Directory, Products}) (*Viewer, error)
//	                                             the admin's read, built after the accounts and gift-card
//	                                             services: Directory and Products are interfaces declared
//	                                             here (the log never reads the accounts' table)
//	Viewer.List(ctx, Filter, page.Page)          entries with actor, subject and product named
//	Viewer.Register(httpx.Router)                GET /api/v1/admin/audit-log (?action, target_type,
//	                                             target_id, actor_id, person: made by or about a user)
//
// # Errors
//
// Record returns the database's error, which rolls the caller's change back
// too; List answers 422 for a bad page or filter.
package audit
