// Package accounts owns who people are on Sojourn: sign-up, sign-in,
// sessions, email verification, password resets, roles, suspension and the
// admin's management of accounts. It is the only package that names the
// users table (api/internal/app's ownership test fails otherwise): every
// other domain asks it for people through its Directory.
//
// # Tables
//
//	users            one row per account: email, username (both unique, case-insensitively),
//	                 password hash, status (active | suspended) and its reason, email_verified_at
//	user_roles       the roles an account holds besides "user" (every account holds "user")
//	sessions         one sign-in: the family of its rotating refresh tokens, revoked as a whole
//	refresh_tokens   one refresh token of a session, stored as its hash, spent once (successor_id:
//	                 the token issued for it; superseded_at: replaced unused within the reuse grace)
//	login_failures   failed sign-ins per email (five in fifteen minutes lock the address)
//	email_tokens     verification and reset links, stored as their hash, spent once
//
// Roles come from package platform/roledef (names, provider roles, portals,
// labels); the route policy decides who may call what.
//
// # The module
//
//	New(Config{DB, Clock, Log, Mailer, Hasher, Tokens, Settings, Audit, Profiles}) (*Service, error)
//	Authenticator() *authn.Authenticator   the /api middleware, made by New (it reads the
//	                                       accounts' state; the service drops its cache)
//	Register(httpx.Router)                 /api/v1/admin/users...
//	RegisterAuth(fiber.Router)             /api/auth/... (register, login, refresh, logout, user, ...)
//
// # The Directory: what other domains call
//
// A domain declares the small interface it needs where it uses it (for
// example wallet.Directory{FindByHandle, Lookup}) and app passes this
// service:
//
//	Lookup(ctx, ids) (map[string]Person, error)    unknown ids are absent; two queries for any number
//	Person(ctx, id) (Person, error)                404 for an unknown id
//	FindByHandle(ctx, emailOrUsername) (Person, error)  an "@" means email; case-insensitive; 404 when none
//	Search(ctx, q, limit) ([]Person, error)        email or username contains q; at most MaxSearch
//	Username(ctx, id) (string, error)
//	Roles(ctx, id) ([]string, error)               "user" included
//
// A Person is {ID, Username, DisplayName, AvatarURL, Email, Roles, Status}:
// the account's own columns plus the display name and avatar of its profile
// (read through the profiles.Reader it is given). Person.Active() is false for
// a suspended account.
//
// Inside another domain's transaction (pass its bun.Tx):
//
//	ChangeUsername(ctx, db, userID, username) error        422 {"username"} or 409 when taken
//	GrantRole(ctx, db, actorID, userID, role) error        audit-logged; drops the cached state
//	RevokeRole(ctx, db, actorID, userID, role) error
//
// For the seeder and the authenticator: CreateUser, AuthState, UserState.
//
// # Files
//
//	service.go      Config, New, the user view (Me, CreateUser)
//	directory.go    Person and the Directory methods
//	grants.go       ChangeUsername, GrantRole, RevokeRole
//	sessions.go     SignUp, Login, Logout, LogoutAll
//	refresh.go      Refresh: rotation, reuse detection and the reuse grace
//	emailtokens.go  VerifyEmail, ResendVerification and the mails
//	passwords.go    ForgotPassword, ResetPassword, ChangePassword
//	admin.go        ListUsers, GetUser, UpdateUser (suspend, reinstate, set roles)
//
// # Sessions and refresh tokens
//
// A sign-in opens a session (idle and absolute lifetimes from Settings) with
// one refresh token. Refresh spends it and issues its successor; at any time a
// session has at most one live refresh token. A spent token presented again is
// reuse, the sign of a copy in other hands, and revokes the whole session
// (its access tokens stop at once), except within the reuse grace
// (SOJOURN_REFRESH_REUSE_GRACE, 30 s by default, at most 1 minute, 0 turns it
// off), which is there for a reply that never arrived: a page reloaded while
// its refresh was in flight presents the spent token again.
//
//   - Within the grace after its spend, while its successor is unused, the
//     spent token answers a new pair: the successor is superseded (never
//     usable; presenting it later is reuse) and a new one issued in its
//     place. The window runs from the first spend; replacing does not extend
//     it.
//   - After the grace, or once the successor was used, the spent token is
//     reuse. A superseded token is reuse whenever it comes: a thief who
//     re-presents a stolen spent token within the grace gets a session that
//     ends as soon as the owner's superseded token comes back.
//   - The database decides: the presented token's row is locked (PostgreSQL;
//     SQLite serialises write transactions) and spending or superseding is a
//     conditional update. Parallel refreshes with one token run one after the
//     other: within the grace every one succeeds and the last one's token is
//     the only live one; a successor spent while its parent is presented again
//     fails one of the two conditions, and the session is revoked.
//
// The portals refresh once at a time across tabs (a Web Lock in
// libs/shared/api-client), so parallel refreshes from one browser do not
// happen; the grace covers what a lock cannot: a page that unloads mid-refresh.
//
// # Errors
//
// apperr errors: 401 invalid_credentials for a wrong email or password (the
// same answer and about the same time for an unknown email), 401 for a
// suspended account or a bad, spent or expired refresh token (a spent one
// revokes its whole session unless the reuse grace lets it through, see
// above), 404 "User not found", 409 for a taken email or
// username (Fields names which) and for an admin suspending or demoting
// themselves, 422 for invalid input and invalid, spent or expired email
// tokens, 429 with Retry-After for the sign-in, sign-up, reset and resend
// limits.
//
// # Normalised handles
//
// Emails and usernames are NFKC-normalised, must be ASCII (an international
// domain in its xn-- form; invisible characters have their own message) and
// are compared lower-case, at sign-up, sign-in, password reset and
// FindByHandle (see validate.go), so "ＡＤＭＩＮ@example.com" is
// admin@example.com and "аdmin@example.com" (Cyrillic а) is refused. Rows
// stored before this rule are not rewritten (SQL has no NFKC); an address
// stored with non-ASCII characters keeps signing in when typed in its NFKC
// form, which is how people type almost every address.
//
// # Account enumeration: the trade-off
//
// Sign-up answers 409 "email is already registered": people who forgot they
// have an account need to be told, and hiding it (always "check your mail")
// would cost every honest sign-up a round trip through the mailbox. So the
// answer is clear, and its use as an oracle is bounded instead: sign-ups are
// limited to 100 per IP and hour, and at most RegisterTakenLimit (10) of them
// may be told that an email or username is taken; after that every sign-up
// from the IP is 429 with Retry-After for the rest of the hour, whether the
// address exists or not. Sign-in and password reset never tell. The wallet's
// transfers bound recipient look-ups per user the same way (wallet.RecipientLookups).
package accounts
