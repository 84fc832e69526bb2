// Package roles handles applications for provider roles: a user applies
// with some details, an admin approves (granting the role through the
// accounts domain, in the approval's transaction) or rejects with a reason,
// and the applicant is emailed the decision. Which roles may be applied for,
// their portals and labels come from platform/roledef.
//
// # Tables
//
//	role_applications   one application: user, role, details (a JSON object as text, at most 8 KB),
//	                    status (pending | approved | rejected), reason, decided_at, decided_by;
//	                    at most one pending application per user and role (a partial unique index)
//
// # The module
//
//	New(Config{DB, Clock, Log, Mailer, PortalOrigin, Audit, Accounts, Auth}) (*Service, error)
//	Register(httpx.Router)        /api/v1/role-applications..., /api/v1/admin/role-applications...
//
//	Apply(ctx, userID, held, ApplyInput) (Application, error)
//	Mine(ctx, userID, page.Page) ([]Application, int, error)
//	List(ctx, Filter, page.Page) ([]Application, int, error)   the admin queue, oldest first, with applicants
//	Approve(ctx, actorID, id, ip) / Reject(ctx, actorID, id, RejectInput, ip)
//
// Accounts (accounts.Service) grants the role and names the applicants;
// Profiles (profiles.Service) fills the applicant's empty profile fields from
// the application's details in the approval's transaction (business name,
// licence, specialties, languages, base city, about); Auth (the
// authenticator) drops the applicant's cached roles once the approval commits. Deciding is one conditional update, so one of several
// concurrent admins wins; the decision and its audit entry commit together.
//
// # Errors
//
// 404 "Role application", 409 when the user already holds the role, already
// has a pending application for it, or the application was decided already,
// 422 for an unknown or not applicable role, oversize details or a
// rejection reason outside 3-500 characters.
package roles
