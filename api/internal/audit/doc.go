// Package audit records who changed what, for admins to review. Services
// write an entry in the same transaction as the change it describes.
//
// # Tables
//
//	audit_log   actor, action (user.suspend, role.grant, role_application.approve, ledger.adjust, ...),
//	            target type and id, details (a JSON object as text), IP, time; append-only
//
// # The module
//
//	New(Config{DB, Clock}) (*Log, error)
//	Record(ctx, db, Event) error                 inside the caller's transaction (db may be a bun.Tx)
//	List(ctx, Filter, page.Page) ([]EntryDTO, int, error)   newest first
//	Register(httpx.Router)                       GET /api/v1/admin/audit-log
//
// # Errors
//
// Record returns the database's error, which rolls the caller's change back
// too; List answers 422 for a bad page.
package audit
