// Package accounts owns sign-up, sign-in, sessions, email verification,
// password resets and the admin's management of accounts.
package accounts

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/passwords"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/profiles"
)

// Limits of sign-in and of mailed tokens.
const (
	lockoutMax    = 5
	lockoutWindow = 15 * time.Minute
	verifyTTL     = 48 * time.Hour
	resetTTL      = time.Hour
)

// ProfileSource gives the profile shown inside a user (profiles.Service).
type ProfileSource interface {
	ProfileFor(ctx context.Context, userID string) (profiles.Profile, error)
}

// ClientMeta is what a request tells about its sender.
type ClientMeta struct {
	IP        string
	UserAgent string
}

// Service holds the accounts rules.
type Service struct {
	d        *platform.Deps
	audit    *audit.Log
	profiles ProfileSource
	inv      Invalidator
	st       store

	loginIP    *ratelimit.Limiter // sign-in attempts per IP
	registerIP *ratelimit.Limiter // sign-ups per IP
	forgotIP   *ratelimit.Limiter // reset requests per IP
	mailTo     *ratelimit.Limiter // mails per account (silent cap for resets, 429 for resends)
	changePW   *ratelimit.Limiter // change-password attempts per user
}

// NewService makes the service.
func NewService(d *platform.Deps, a *audit.Log, p ProfileSource) *Service {
	return &Service{
		d: d, audit: a, profiles: p, st: store{dialect: d.DB.Kind},
		loginIP:    ratelimit.New(loginIPLimit(d.Config), 5*time.Minute, d.Clock),
		registerIP: ratelimit.New(100, time.Hour, d.Clock),
		forgotIP:   ratelimit.New(20, time.Hour, d.Clock),
		mailTo:     ratelimit.New(5, time.Hour, d.Clock),
		changePW:   ratelimit.New(10, 15*time.Minute, d.Clock),
	}
}

// SetInvalidator connects the authenticator's state cache, dropped after a
// suspension, a reinstatement or a role change.
func (s *Service) SetInvalidator(inv Invalidator) { s.inv = inv }

// Invalidator drops what the authenticator caches about a user or a session.
type Invalidator interface {
	Invalidate(userID string)
	InvalidateSession(sessionID string)
}

// SetLoginIPLimit changes the per-IP sign-in limit (default 30 per 5 minutes),
// for benchmarks that sign in from one address.
func (s *Service) SetLoginIPLimit(max int, window time.Duration) {
	s.loginIP = ratelimit.New(max, window, s.d.Clock)
}

// loginIPLimit is the configured sign-ins per IP per 5 minutes (30 unless set).
func loginIPLimit(c *config.Config) int {
	if c != nil && c.LoginIPLimit > 0 {
		return c.LoginIPLimit
	}
	return 30
}

func (s *Service) invalidate(userID string) {
	if s.inv != nil {
		s.inv.Invalidate(userID)
	}
}

func (s *Service) invalidateSession(sessionID string) {
	if s.inv != nil {
		s.inv.InvalidateSession(sessionID)
	}
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

// ---- services other domains call

// UserState is whether the user may act, and their roles.
func (s *Service) UserState(ctx context.Context, userID string) (authn.UserState, error) {
	return s.AuthState(ctx, userID, "")
}

// AuthState implements authn.StateSource: the user's status and roles and
// whether the session is live, in one query (it runs on every request whose
// state is not cached).
func (s *Service) AuthState(ctx context.Context, userID, sessionID string) (authn.UserState, error) {
	status, roles, live, err := s.st.authState(ctx, s.d.DB.DB, userID, sessionID, s.now())
	if err != nil {
		return authn.UserState{}, err
	}
	return authn.UserState{Active: status == statusActive, Roles: withUser(roles), SessionLive: sessionID == "" || live}, nil
}

// Roles returns the user's roles, "user" included.
func (s *Service) Roles(ctx context.Context, userID string) ([]string, error) {
	if _, err := s.st.userStatus(ctx, s.d.DB.DB, userID); err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return nil, errUserNotFound
		}
		return nil, err
	}
	rs, err := s.st.rolesOf(ctx, s.d.DB.DB, userID)
	if err != nil {
		return nil, err
	}
	return withUser(rs[userID]), nil
}

// Summary is the short form of a user for other domains.
func (s *Service) Summary(ctx context.Context, userID string) (Summary, error) {
	u, err := s.st.userByID(ctx, s.d.DB.DB, userID)
	if err != nil {
		return Summary{}, userErr(err)
	}
	return Summary{ID: u.ID, Email: u.Email, Username: u.Username}, nil
}

// ChangeUsername renames a user inside the caller's transaction: 422
// {"username"} when the name breaks the rules, 409 when it is taken.
func (s *Service) ChangeUsername(ctx context.Context, idb bun.IDB, userID, username string) error {
	username = strings.TrimSpace(username)
	if p := usernameProblem(username); p != "" {
		return apperr.Validation(map[string]string{"username": p})
	}
	return userErr(s.st.setUsername(ctx, idb, userID, username, s.now()))
}

// GrantRole gives a user a role inside the caller's transaction. Granting a
// role the user holds already does nothing; a new grant is audit-logged.
func (s *Service) GrantRole(ctx context.Context, idb bun.IDB, actorID, userID, role string) error {
	if !KnownRole(role) {
		return apperr.Validation(map[string]string{"role": "is not a known role"})
	}
	if _, err := s.st.userByID(ctx, idb, userID); err != nil {
		return userErr(err)
	}
	if role == RoleUser {
		return nil
	}
	added, err := s.st.addRole(ctx, idb, userID, role, optional(actorID), s.now())
	if err != nil {
		return err
	}
	if added {
		if err := s.audit.Record(ctx, idb, audit.Event{ActorID: actorID, Action: "role.grant", TargetType: "user",
			TargetID: userID, Details: map[string]any{"role": role}}); err != nil {
			return err
		}
	}
	s.invalidate(userID)
	return nil
}

// RevokeRole takes a role from a user inside the caller's transaction; "user"
// cannot be taken. Revoking a role the user lacks does nothing.
func (s *Service) RevokeRole(ctx context.Context, idb bun.IDB, actorID, userID, role string) error {
	if !KnownRole(role) || role == RoleUser {
		return apperr.Validation(map[string]string{"role": "is not a role that can be revoked"})
	}
	if _, err := s.st.userByID(ctx, idb, userID); err != nil {
		return userErr(err)
	}
	removed, err := s.st.removeRole(ctx, idb, userID, role)
	if err != nil {
		return err
	}
	if removed {
		if err := s.audit.Record(ctx, idb, audit.Event{ActorID: actorID, Action: "role.revoke", TargetType: "user",
			TargetID: userID, Details: map[string]any{"role": role}}); err != nil {
			return err
		}
	}
	s.invalidate(userID)
	return nil
}

// CreateUser makes an account directly (the demo seeder). A duplicate email
// or username is a 409 conflict.
func (s *Service) CreateUser(ctx context.Context, in CreateUserInput) (*User, error) {
	f := apperr.Fields{}
	email := checkEmail(f, in.Email)
	username := strings.TrimSpace(in.Username)
	if p := usernameProblem(username); p != "" {
		f.Add("username", p)
	}
	if p := passwords.Problem(in.Password, email, username); p != "" {
		f.Add("password", p)
	}
	for _, r := range in.Roles {
		f.Check(KnownRole(r), "roles", "holds an unknown role: "+r)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	hash, err := s.d.Hasher.Hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := newUserRow(email, username, hash, now)
	if in.Verified {
		u.EmailVerifiedAt = &now
	}
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertUser(ctx, tx, u); err != nil {
			return err
		}
		for _, r := range in.Roles {
			if r == RoleUser {
				continue
			}
			if _, err := s.st.addRole(ctx, tx, u.ID, r, nil, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out, err := s.user(ctx, s.d.DB.DB, u.ID)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func newUserRow(email, username, hash string, now time.Time) *userRow {
	return &userRow{ID: ids.New(), Email: email, EmailLower: strings.ToLower(email), Username: username,
		UsernameLower: strings.ToLower(username), PasswordHash: hash, Status: statusActive, CreatedAt: now,
		UpdatedAt: now}
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// userErr turns a store not-found into the API's 404 for a user.
func userErr(err error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return errUserNotFound
	}
	return err
}

// user loads the API form of an account.
func (s *Service) user(ctx context.Context, idb bun.IDB, userID string) (User, error) {
	u, err := s.st.userByID(ctx, idb, userID)
	if err != nil {
		return User{}, userErr(err)
	}
	rs, err := s.st.rolesOf(ctx, idb, userID)
	if err != nil {
		return User{}, err
	}
	p, err := s.profile(ctx, userID)
	if err != nil {
		return User{}, err
	}
	return toUser(u, rs[userID], p), nil
}

// profile asks the profiles domain; an account without a stored profile shows an empty one.
func (s *Service) profile(ctx context.Context, userID string) (profiles.Profile, error) {
	if s.profiles == nil {
		return emptyProfile(), nil
	}
	p, err := s.profiles.ProfileFor(ctx, userID)
	if errors.Is(err, apperr.ErrNotFound) {
		return emptyProfile(), nil
	}
	if err != nil {
		return p, err
	}
	if p.Languages == nil {
		p.Languages = []string{}
	}
	if p.Interests == nil {
		p.Interests = []string{}
	}
	if p.Specialties == nil {
		p.Specialties = []string{}
	}
	return p, nil
}

// Me is the signed-in user. The roles come from the principal, which the
// authenticator has just checked against the user's state (cached for at
// most a couple of seconds), saving a query on the busiest read.
func (s *Service) Me(ctx context.Context, p *authn.Principal) (User, error) {
	u, err := s.st.userByID(ctx, s.d.DB.DB, p.UserID)
	if err != nil {
		return User{}, userErr(err)
	}
	prof, err := s.profile(ctx, p.UserID)
	if err != nil {
		return User{}, err
	}
	return toUser(u, p.Roles, prof), nil
}

// ---- sign-up and sign-in

// Register creates an account, mails a verification link and signs the user in.
func (s *Service) Register(ctx context.Context, in RegisterInput, m ClientMeta) (*LoginResponse, error) {
	f := apperr.Fields{}
	email := checkEmail(f, in.Email)
	username := strings.TrimSpace(in.Username)
	if p := usernameProblem(username); p != "" {
		f.Add("username", p)
	}
	if in.Password == "" {
		f.Add("password", "is required")
	} else if p := passwords.Problem(in.Password, email, username); p != "" {
		f.Add("password", p)
	}
	checkPortal(f, in.Portal)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if ok, wait := s.registerIP.Allow(m.IP); !ok {
		return nil, apperr.RateLimited("Too many accounts were created from your network. Try again later.", wait)
	}
	hash, err := s.d.Hasher.Hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := newUserRow(email, username, hash, now)
	verifyRaw := ids.Token(32)
	var sid, refreshRaw string
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertUser(ctx, tx, u); err != nil {
			return err
		}
		if err := s.st.insertEmailToken(ctx, tx, &emailTokenRow{ID: ids.New(), UserID: u.ID, Purpose: purposeVerify,
			TokenHash: ids.Hash(verifyRaw), CreatedAt: now, ExpiresAt: now.Add(verifyTTL)}); err != nil {
			return err
		}
		sid, refreshRaw, err = s.newSession(ctx, tx, u.ID, m, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.sendMail(ctx, verifyMail(s.d.Config.PortalOrigin(in.Portal), u, verifyRaw))
	return s.loginResponse(ctx, u, sid, refreshRaw)
}

// Login checks a password and opens a session. Unknown emails and wrong
// passwords get the same answer in about the same time; five failures within
// fifteen minutes lock the address until the window passes.
func (s *Service) Login(ctx context.Context, in LoginInput, m ClientMeta) (*LoginResponse, error) {
	f := apperr.Fields{}
	email := strings.TrimSpace(in.Email)
	f.Check(email != "", "email", "is required")
	f.Check(in.Password != "", "password", "is required")
	if err := f.Err(); err != nil {
		return nil, err
	}
	if ok, wait := s.loginIP.Allow(m.IP); !ok {
		return nil, apperr.RateLimited("Too many sign-in attempts from your network. Try again later.", wait)
	}
	lower := strings.ToLower(email)
	now := s.now()
	fails, err := s.st.recentFailures(ctx, s.d.DB.DB, lower, now.Add(-lockoutWindow), lockoutMax)
	if err != nil {
		return nil, err
	}
	if len(fails) >= lockoutMax {
		wait := fails[lockoutMax-1].Add(lockoutWindow).Sub(now)
		return nil, apperr.RateLimited("Too many failed sign-in attempts for this account. Try again later.", wait)
	}
	u, err := s.st.userByEmail(ctx, s.d.DB.DB, lower)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return nil, err
	}
	encoded := ""
	if u != nil {
		encoded = u.PasswordHash
	}
	ok, err := s.d.Hasher.Verify(ctx, in.Password, encoded)
	if err != nil {
		return nil, err
	}
	if !ok || u == nil {
		if err := s.st.insertFailure(ctx, s.d.DB.DB, &failureRow{ID: ids.New(), EmailLower: lower, IP: m.IP,
			CreatedAt: now}); err != nil {
			return nil, err
		}
		return nil, errInvalidCredentials
	}
	if u.Status != statusActive {
		return nil, errSuspended
	}
	var sid, refreshRaw string
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if len(fails) > 0 {
			if err := s.st.clearFailures(ctx, tx, lower); err != nil {
				return err
			}
		}
		sid, refreshRaw, err = s.newSession(ctx, tx, u.ID, m, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.loginResponse(ctx, u, sid, refreshRaw)
}

// newSession opens a session with its first refresh token.
func (s *Service) newSession(ctx context.Context, idb bun.IDB, userID string, m ClientMeta, now time.Time) (string, string, error) {
	sess := &sessionRow{ID: ids.New(), UserID: userID, CreatedAt: now, LastUsedAt: now,
		ExpiresAt: now.Add(s.d.Config.RefreshAbsTTL), UserAgent: m.UserAgent, IP: m.IP}
	if err := s.st.insertSession(ctx, idb, sess); err != nil {
		return "", "", err
	}
	raw, err := s.newRefresh(ctx, idb, sess.ID, sess.ExpiresAt, now)
	return sess.ID, raw, err
}

// newRefresh adds a refresh token to a session; it lives for the idle
// lifetime, never beyond the session's absolute end.
func (s *Service) newRefresh(ctx context.Context, idb bun.IDB, sessionID string, sessionEnd, now time.Time) (string, error) {
	raw := ids.Token(32)
	exp := now.Add(s.d.Config.RefreshIdleTTL)
	if exp.After(sessionEnd) {
		exp = sessionEnd
	}
	err := s.st.insertRefresh(ctx, idb, &refreshRow{ID: ids.New(), SessionID: sessionID, TokenHash: ids.Hash(raw),
		CreatedAt: now, ExpiresAt: exp})
	return raw, err
}

func (s *Service) loginResponse(ctx context.Context, u *userRow, sessionID, refreshRaw string) (*LoginResponse, error) {
	out, err := s.user(ctx, s.d.DB.DB, u.ID)
	if err != nil {
		return nil, err
	}
	access, err := s.d.Tokens.Issue(u.ID, sessionID, out.Roles)
	if err != nil {
		return nil, err
	}
	return &LoginResponse{AccessToken: access, RefreshToken: refreshRaw, TokenType: "Bearer",
		ExpiresIn: int(s.d.Tokens.TTL().Seconds()), Email: u.Email, User: out}, nil
}

// Refresh spends a refresh token for a new pair. A token presented after it
// was spent revokes its whole session, so the thief's copy and the owner's
// newest token both stop working.
func (s *Service) Refresh(ctx context.Context, raw string, m ClientMeta) (*LoginResponse, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, apperr.Validation(map[string]string{"refresh_token": "is required"})
	}
	now := s.now()
	rt, err := s.st.refreshByHash(ctx, s.d.DB.DB, ids.Hash(raw))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil, errBadRefresh
	}
	if err != nil {
		return nil, err
	}
	sess, err := s.st.sessionByID(ctx, s.d.DB.DB, rt.SessionID)
	if err != nil {
		return nil, userErr(err)
	}
	if rt.UsedAt != nil {
		return nil, s.reuse(ctx, sess, m, now)
	}
	if sess.RevokedAt != nil || !now.Before(sess.ExpiresAt) || !now.Before(rt.ExpiresAt) {
		return nil, errBadRefresh
	}
	u, err := s.st.userByID(ctx, s.d.DB.DB, sess.UserID)
	if err != nil {
		return nil, errBadRefresh
	}
	if u.Status != statusActive {
		return nil, errSuspended
	}
	var next string
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		spent, err := s.st.spendRefresh(ctx, tx, rt.ID, now)
		if err != nil {
			return err
		}
		if !spent {
			return errReuse
		}
		if err := s.st.touchSession(ctx, tx, sess.ID, now); err != nil {
			return err
		}
		next, err = s.newRefresh(ctx, tx, sess.ID, sess.ExpiresAt, now)
		return err
	})
	if errors.Is(err, errReuse) {
		return nil, s.reuse(ctx, sess, m, now)
	}
	if err != nil {
		return nil, err
	}
	return s.loginResponse(ctx, u, sess.ID, next)
}

func (s *Service) reuse(ctx context.Context, sess *sessionRow, m ClientMeta, now time.Time) error {
	if err := s.st.revokeSession(ctx, s.d.DB.DB, sess.ID, "refresh_token_reuse", now); err != nil {
		return err
	}
	s.invalidateSession(sess.ID)
	s.d.Log.Warn("refresh token reuse: session revoked", "user_id", sess.UserID, "session_id", sess.ID, "ip", m.IP)
	return errBadRefresh
}

// Logout revokes the session of a refresh token. An unknown token is not an
// error: the session is over either way.
func (s *Service) Logout(ctx context.Context, raw string) error {
	if strings.TrimSpace(raw) == "" {
		return apperr.Validation(map[string]string{"refresh_token": "is required"})
	}
	rt, err := s.st.refreshByHash(ctx, s.d.DB.DB, ids.Hash(raw))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.st.revokeSession(ctx, s.d.DB.DB, rt.SessionID, "logout", s.now()); err != nil {
		return err
	}
	s.invalidateSession(rt.SessionID)
	return nil
}

// LogoutAll revokes every session of the user; their access tokens stop
// working at once.
func (s *Service) LogoutAll(ctx context.Context, userID string) error {
	if err := s.st.revokeUserSessions(ctx, s.d.DB.DB, userID, "", "logout_all", s.now()); err != nil {
		return err
	}
	s.invalidate(userID)
	return nil
}

// ---- email verification and passwords

// VerifyEmail spends a verification token and marks the address verified.
func (s *Service) VerifyEmail(ctx context.Context, raw string) (User, error) {
	if strings.TrimSpace(raw) == "" {
		return User{}, apperr.Validation(map[string]string{"token": "is required"})
	}
	now := s.now()
	t, err := s.usableToken(ctx, purposeVerify, raw, now)
	if err != nil {
		return User{}, err
	}
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		spent, err := s.st.spendEmailToken(ctx, tx, t.ID, now)
		if err != nil {
			return err
		}
		if !spent {
			return badEmailToken()
		}
		return s.st.markVerified(ctx, tx, t.UserID, now)
	})
	if err != nil {
		return User{}, err
	}
	return s.user(ctx, s.d.DB.DB, t.UserID)
}

func (s *Service) usableToken(ctx context.Context, purpose, raw string, now time.Time) (*emailTokenRow, error) {
	t, err := s.st.emailTokenByHash(ctx, s.d.DB.DB, purpose, ids.Hash(raw))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil, badEmailToken()
	}
	if err != nil {
		return nil, err
	}
	if t.UsedAt != nil || !now.Before(t.ExpiresAt) {
		return nil, badEmailToken()
	}
	return t, nil
}

// ResendVerification mails a fresh verification link; nothing happens for a
// verified address.
func (s *Service) ResendVerification(ctx context.Context, userID, portal string) error {
	f := apperr.Fields{}
	checkPortal(f, portal)
	if err := f.Err(); err != nil {
		return err
	}
	u, err := s.st.userByID(ctx, s.d.DB.DB, userID)
	if err != nil {
		return userErr(err)
	}
	if u.EmailVerifiedAt != nil {
		return nil
	}
	if ok, wait := s.mailTo.Allow("verify:" + u.ID); !ok {
		return apperr.RateLimited("Several verification emails were sent already. Check your inbox or try again later.", wait)
	}
	now := s.now()
	raw := ids.Token(32)
	if err := s.st.insertEmailToken(ctx, s.d.DB.DB, &emailTokenRow{ID: ids.New(), UserID: u.ID, Purpose: purposeVerify,
		TokenHash: ids.Hash(raw), CreatedAt: now, ExpiresAt: now.Add(verifyTTL)}); err != nil {
		return err
	}
	s.sendMail(ctx, verifyMail(s.d.Config.PortalOrigin(portal), u, raw))
	return nil
}

// ForgotPassword mails a reset link when the address belongs to an active
// account. The answer never says whether it does.
func (s *Service) ForgotPassword(ctx context.Context, in ForgotInput, m ClientMeta) error {
	f := apperr.Fields{}
	email := checkEmail(f, in.Email)
	checkPortal(f, in.Portal)
	if err := f.Err(); err != nil {
		return err
	}
	if ok, wait := s.forgotIP.Allow(m.IP); !ok {
		return apperr.RateLimited("Too many reset requests from your network. Try again later.", wait)
	}
	u, err := s.st.userByEmail(ctx, s.d.DB.DB, strings.ToLower(email))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if u.Status != statusActive {
		return nil
	}
	if ok, _ := s.mailTo.Allow("reset:" + u.ID); !ok {
		return nil
	}
	now := s.now()
	raw := ids.Token(32)
	if err := s.st.insertEmailToken(ctx, s.d.DB.DB, &emailTokenRow{ID: ids.New(), UserID: u.ID, Purpose: purposeReset,
		TokenHash: ids.Hash(raw), CreatedAt: now, ExpiresAt: now.Add(resetTTL)}); err != nil {
		return err
	}
	s.sendMail(ctx, resetMail(s.d.Config.PortalOrigin(in.Portal), u, raw))
	return nil
}

// ResetPassword spends a reset token, sets the new password and revokes every session.
func (s *Service) ResetPassword(ctx context.Context, in ResetInput) error {
	f := apperr.Fields{}
	f.Check(strings.TrimSpace(in.Token) != "", "token", "is required")
	f.Check(in.Password != "", "password", "is required")
	if err := f.Err(); err != nil {
		return err
	}
	now := s.now()
	t, err := s.usableToken(ctx, purposeReset, in.Token, now)
	if err != nil {
		return err
	}
	u, err := s.st.userByID(ctx, s.d.DB.DB, t.UserID)
	if err != nil {
		return badEmailToken()
	}
	if p := passwords.Problem(in.Password, u.Email, u.Username); p != "" {
		return apperr.Validation(map[string]string{"password": p})
	}
	hash, err := s.d.Hasher.Hash(ctx, in.Password)
	if err != nil {
		return err
	}
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		spent, err := s.st.spendEmailToken(ctx, tx, t.ID, now)
		if err != nil {
			return err
		}
		if !spent {
			return badEmailToken()
		}
		if err := s.st.setPassword(ctx, tx, u.ID, hash, now); err != nil {
			return err
		}
		if err := s.st.spendUserTokens(ctx, tx, u.ID, purposeReset, now); err != nil {
			return err
		}
		// The link reached the mailbox, so the address is proven too.
		if err := s.st.markVerified(ctx, tx, u.ID, now); err != nil {
			return err
		}
		if err := s.st.clearFailures(ctx, tx, u.EmailLower); err != nil {
			return err
		}
		return s.st.revokeUserSessions(ctx, tx, u.ID, "", "password_reset", now)
	})
	if err != nil {
		return err
	}
	s.invalidate(u.ID)
	return nil
}

// ChangePassword checks the current password, sets the new one and revokes
// every other session of the user.
func (s *Service) ChangePassword(ctx context.Context, p *authn.Principal, in ChangePasswordInput) error {
	f := apperr.Fields{}
	f.Check(in.CurrentPassword != "", "current_password", "is required")
	f.Check(in.NewPassword != "", "new_password", "is required")
	if err := f.Err(); err != nil {
		return err
	}
	if ok, wait := s.changePW.Allow(p.UserID); !ok {
		return apperr.RateLimited("Too many password change attempts. Try again later.", wait)
	}
	u, err := s.st.userByID(ctx, s.d.DB.DB, p.UserID)
	if err != nil {
		return userErr(err)
	}
	ok, err := s.d.Hasher.Verify(ctx, in.CurrentPassword, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Validation(map[string]string{"current_password": "is incorrect"})
	}
	if in.NewPassword == in.CurrentPassword {
		return apperr.Validation(map[string]string{"new_password": "must differ from the current password"})
	}
	if prob := passwords.Problem(in.NewPassword, u.Email, u.Username); prob != "" {
		return apperr.Validation(map[string]string{"new_password": prob})
	}
	hash, err := s.d.Hasher.Hash(ctx, in.NewPassword)
	if err != nil {
		return err
	}
	now := s.now()
	err = s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.setPassword(ctx, tx, u.ID, hash, now); err != nil {
			return err
		}
		if err := s.st.spendUserTokens(ctx, tx, u.ID, purposeReset, now); err != nil {
			return err
		}
		return s.st.revokeUserSessions(ctx, tx, u.ID, p.SessionID, "password_change", now)
	})
	if err != nil {
		return err
	}
	s.invalidate(u.ID)
	return nil
}

// sendMail delivers after the transaction; a failure is logged, not returned
// (the person can ask for the mail again).
func (s *Service) sendMail(ctx context.Context, m mail.Message) {
	if err := s.d.Mailer.Send(ctx, m); err != nil {
		s.d.Log.Error("send mail failed", "subject", m.Subject, "error", err.Error())
	}
}

func verifyMail(origin string, u *userRow, raw string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Confirm your email address for Sojourn", Text: "Hello " + u.Username +
		",\n\nConfirm your email address by opening this link within 48 hours:\n\n" +
		origin + "/verification?token=" + raw +
		"\n\nIf you did not create a Sojourn account, you can ignore this email.\n"}
}

func resetMail(origin string, u *userRow, raw string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Reset your Sojourn password", Text: "Hello " + u.Username +
		",\n\nSomeone asked to reset the password of your Sojourn account. Choose a new password within one hour:\n\n" +
		origin + "/reset-password?token=" + raw +
		"\n\nIf it was not you, ignore this email: your password stays as it is.\n"}
}

// ---- admin

// ListUsers is the admin's paged, filtered list of accounts.
func (s *Service) ListUsers(ctx context.Context, f UserFilter, limit, offset int64) ([]User, int, error) {
	fs := apperr.Fields{}
	f.Q, f.Role, f.Status = strings.TrimSpace(f.Q), strings.TrimSpace(f.Role), strings.TrimSpace(f.Status)
	fs.Check(f.Role == "" || KnownRole(f.Role), "role", "is not a known role")
	fs.Check(f.Status == "" || f.Status == statusActive || f.Status == statusSuspended, "status", "must be active or suspended")
	fs.Check(len(f.Q) <= 254, "q", "must be at most 254 characters")
	if err := fs.Err(); err != nil {
		return nil, 0, err
	}
	rows, total, err := s.st.listUsers(ctx, s.d.DB.DB, f, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	idList := make([]string, len(rows))
	for i := range rows {
		idList[i] = rows[i].ID
	}
	rs, err := s.st.rolesOf(ctx, s.d.DB.DB, idList...)
	if err != nil {
		return nil, 0, err
	}
	out := make([]User, 0, len(rows))
	for i := range rows {
		p, err := s.profile(ctx, rows[i].ID)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, toUser(&rows[i], rs[rows[i].ID], p))
	}
	return out, total, nil
}

// GetUser is one account as an admin sees it.
func (s *Service) GetUser(ctx context.Context, userID string) (AdminUser, error) {
	if !ids.Valid(userID) {
		return AdminUser{}, errUserNotFound
	}
	u, err := s.st.userByID(ctx, s.d.DB.DB, userID)
	if err != nil {
		return AdminUser{}, userErr(err)
	}
	rs, err := s.st.rolesOf(ctx, s.d.DB.DB, userID)
	if err != nil {
		return AdminUser{}, err
	}
	p, err := s.profile(ctx, userID)
	if err != nil {
		return AdminUser{}, err
	}
	n, err := s.st.countActiveSessions(ctx, s.d.DB.DB, userID, s.now())
	if err != nil {
		return AdminUser{}, err
	}
	return toAdminUser(u, rs[userID], p, n), nil
}

// UpdateUser suspends, reinstates or sets the roles of an account. Every
// change is audit-logged in the same transaction; suspension revokes every
// session. Admins cannot suspend themselves or drop their own admin role.
func (s *Service) UpdateUser(ctx context.Context, actorID, userID string, in UpdateUserInput, ip string) (AdminUser, error) {
	if !ids.Valid(userID) {
		return AdminUser{}, errUserNotFound
	}
	f := apperr.Fields{}
	if in.Status != nil {
		f.Check(*in.Status == statusActive || *in.Status == statusSuspended, "status", "must be active or suspended")
	}
	var want []string
	if in.Roles != nil {
		for _, r := range *in.Roles {
			if !KnownRole(r) {
				f.Add("roles", "holds an unknown role: "+r)
				continue
			}
			if r != RoleUser && !slices.Contains(want, r) {
				want = append(want, r)
			}
		}
	}
	in.Reason = strings.TrimSpace(in.Reason)
	f.Check(len([]rune(in.Reason)) <= 500, "reason", "must be at most 500 characters")
	if err := f.Err(); err != nil {
		return AdminUser{}, err
	}
	if actorID == userID {
		if in.Status != nil && *in.Status == statusSuspended {
			return AdminUser{}, errSelfSuspend
		}
		if in.Roles != nil && !slices.Contains(want, RoleAdmin) {
			return AdminUser{}, errSelfDemote
		}
	}
	now := s.now()
	err := s.d.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		u, err := s.st.userByIDForUpdate(ctx, tx, userID)
		if err != nil {
			return userErr(err)
		}
		record := func(action string, details map[string]any) error {
			return s.audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: action, TargetType: "user",
				TargetID: userID, Details: details, IP: ip})
		}
		if in.Status != nil && *in.Status != u.Status {
			if err := s.st.setStatus(ctx, tx, userID, *in.Status, in.Reason, now); err != nil {
				return err
			}
			action := "user.reinstate"
			if *in.Status == statusSuspended {
				action = "user.suspend"
				if err := s.st.revokeUserSessions(ctx, tx, userID, "", "suspended", now); err != nil {
					return err
				}
			}
			if err := record(action, map[string]any{"reason": in.Reason}); err != nil {
				return err
			}
		}
		if in.Roles == nil {
			return nil
		}
		rs, err := s.st.rolesOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		have := rs[userID]
		for _, r := range want {
			if slices.Contains(have, r) {
				continue
			}
			if _, err := s.st.addRole(ctx, tx, userID, r, optional(actorID), now); err != nil {
				return err
			}
			if err := record("role.grant", map[string]any{"role": r, "reason": in.Reason}); err != nil {
				return err
			}
		}
		for _, r := range have {
			if slices.Contains(want, r) {
				continue
			}
			if _, err := s.st.removeRole(ctx, tx, userID, r); err != nil {
				return err
			}
			if err := record("role.revoke", map[string]any{"role": r, "reason": in.Reason}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return AdminUser{}, err
	}
	s.invalidate(userID)
	return s.GetUser(ctx, userID)
}
