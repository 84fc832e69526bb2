package accounts

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/passwords"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/platform/realtime"
	"sojourn/api/internal/platform/roledef"
	"sojourn/api/internal/profiles"
)

// Limits of sign-in and of mailed tokens.
const (
	lockoutMax    = 5
	lockoutWindow = 15 * time.Minute
	verifyTTL     = 48 * time.Hour
	resetTTL      = time.Hour
)

// ProfileSource gives the profile shown inside a user, and the display name
// and avatar inside a Person (profiles.Reader).
type ProfileSource interface {
	ProfileFor(ctx context.Context, userID string) (profiles.Profile, error)
	ProfilesFor(ctx context.Context, userIDs []string) (map[string]profiles.Profile, error)
}

// ClientMeta is what a request tells about its sender.
type ClientMeta struct {
	IP        string
	UserAgent string
}

// Config is what the accounts module needs.
type Config struct {
	DB     *db.DB
	Clock  clock.Clock
	Log    *slog.Logger // nil: slog.Default()
	Mailer mail.Mailer
	Hasher *passwords.Hasher
	// Tokens signs access tokens; the module builds the Authenticator that
	// checks them against its own tables.
	Tokens *authn.Tokens
	// Settings gives the refresh-token lifetimes, the per-IP sign-in limit
	// and the portal origins mailed links point at.
	Settings *config.Config
	Audit    *audit.Log
	Profiles ProfileSource
	// Revoker tells every instance that a user's sessions or standing
	// changed (the realtime hub, through NATS): each drops what it cached of
	// the user and ends the sockets of sessions that are over. nil: this
	// process only.
	Revoker Revoker
	// Limits counts the rate limits on every instance together.
	Limits *ratelimit.Store
}

// Revoker carries a revocation to every instance (realtime.NATSHub).
type Revoker interface {
	Revoke(ctx context.Context, r realtime.Revocation) error
}

// RegisterTakenLimit is how many sign-ups per IP and hour may be told that
// the email or username already has an account (see Service.registerTaken).
const RegisterTakenLimit = 10

// Service holds the accounts rules.
type Service struct {
	c        Config
	audit    *audit.Log
	profiles ProfileSource
	auth     *authn.Authenticator
	st       store
	people   *peopleCache // the directory's accounts (people_cache.go)

	loginIP    *ratelimit.Limiter // sign-in attempts per IP
	registerIP *ratelimit.Limiter // sign-ups per IP
	// registerTaken counts sign-ups per IP answered 409 (the email or
	// username has an account). Register says so plainly, because people
	// need to know, so this is what bounds using it to test addresses: past
	// RegisterTakenLimit such answers in an hour, every sign-up from that
	// IP is 429 until the window passes, whether the address exists or not.
	registerTaken *ratelimit.Limiter
	forgotIP      *ratelimit.Limiter // reset requests per IP
	mailTo        *ratelimit.Limiter // mails per account (silent cap for resets, 429 for resends)
	changePW      *ratelimit.Limiter // change-password attempts per user
}

// New makes the module. It builds the Authenticator too: the authenticator
// reads the accounts' state (sessions, status, roles) through this service,
// and this service drops the authenticator's cache after a suspension, a
// role change or a sign-out, so the two are made together.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Mailer == nil || c.Hasher == nil || c.Tokens == nil || c.Settings == nil ||
		c.Audit == nil || c.Profiles == nil || c.Limits == nil {
		return nil, errors.New("accounts: Config needs DB, Clock, Mailer, Hasher, Tokens, Settings, Audit, Profiles and Limits")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{
		c: c, audit: c.Audit, profiles: c.Profiles, st: store{dialect: c.DB.Kind}, people: newPeopleCache(c.Clock),
		loginIP:       c.Limits.Limiter("accounts.login_ip", loginIPLimit(c.Settings), 5*time.Minute),
		registerIP:    c.Limits.Limiter("accounts.register_ip", 100, time.Hour),
		registerTaken: c.Limits.Limiter("accounts.register_taken_ip", RegisterTakenLimit, time.Hour),
		forgotIP:      c.Limits.Limiter("accounts.forgot_ip", 20, time.Hour),
		mailTo:        c.Limits.Limiter("accounts.mail_to", 5, time.Hour),
		changePW:      c.Limits.Limiter("accounts.change_password", 10, 15*time.Minute),
	}
	s.auth = authn.NewAuthenticator(c.Tokens, s, c.Clock)
	return s, nil
}

// Authenticator is the middleware that checks access tokens against the
// accounts' current state (mounted by app in front of /api).
func (s *Service) Authenticator() *authn.Authenticator { return s.auth }

// Register mounts the admin's user management under /api/v1.
func (s *Service) Register(r httpx.Router) { (&Handler{s: s}).RegisterV1(r) }

// RegisterAuth mounts the sign-in routes (r is /api/auth; no route policy:
// each route checks what it needs itself).
func (s *Service) RegisterAuth(r fiber.Router) { (&Handler{s: s}).RegisterAuth(r) }

// loginIPLimit is the configured sign-ins per IP per 5 minutes (30 unless set).
func loginIPLimit(c *config.Config) int {
	if c != nil && c.LoginIPLimit > 0 {
		return c.LoginIPLimit
	}
	return 30
}

// invalidate drops what every instance cached of a user: the
// authenticator's state and the directory's account, here at once and on
// the other instances through the Revoker (which also ends the user's
// sockets whose session is over or whose account was suspended).
func (s *Service) invalidate(userID string) {
	s.DropCached(realtime.Revocation{UserID: userID})
	s.revoke(realtime.Revocation{UserID: userID})
}

// invalidateSession does the same for one ended session.
func (s *Service) invalidateSession(sessionID string) {
	s.DropCached(realtime.Revocation{SessionID: sessionID})
	s.revoke(realtime.Revocation{SessionID: sessionID})
}

// DropCached drops what this process cached of a revocation's user or
// session (the realtime hub calls it on every instance).
func (s *Service) DropCached(r realtime.Revocation) {
	if r.UserID != "" {
		s.auth.Invalidate(r.UserID)
		s.people.drop(r.UserID)
		return
	}
	if r.SessionID != "" {
		s.auth.InvalidateSession(r.SessionID)
	}
}

func (s *Service) revoke(r realtime.Revocation) {
	if s.c.Revoker == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := s.c.Revoker.Revoke(ctx, r); err != nil {
		// The change is committed; the other instances' caches lapse within
		// their 2 s TTL and the sockets are checked again when they reconnect.
		s.c.Log.Error("accounts: revocation not published", "err", err, "user", r.UserID)
	}
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

// CreateUser makes an account directly (the demo seeder). A duplicate email
// or username is a 409 conflict.
func (s *Service) CreateUser(ctx context.Context, in CreateUserInput) (*User, error) {
	f := apperr.Fields{}
	email := checkEmail(f, in.Email)
	username := normUsername(in.Username)
	if p := usernameProblem(username); p != "" {
		f.Add("username", p)
	}
	if p := passwords.Problem(in.Password, email, username); p != "" {
		f.Add("password", p)
	}
	for _, r := range in.Roles {
		f.Check(roledef.Known(r), "roles", "holds an unknown role: "+r)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	hash, err := s.c.Hasher.Hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := newUserRow(email, username, hash, now)
	if in.Verified {
		u.EmailVerifiedAt = &now
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertUser(ctx, tx, u); err != nil {
			return err
		}
		for _, r := range in.Roles {
			if r == roledef.User {
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
	out, err := s.user(ctx, s.c.DB.DB, u.ID)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func newUserRow(email, username, hash string, now time.Time) *userRow {
	return &userRow{ID: ids.New(), Email: email, EmailLower: foldEmail(email), Username: username,
		UsernameLower: FoldHandle(username), PasswordHash: hash, Status: statusActive, CreatedAt: now,
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
	u, err := s.st.userByID(ctx, s.c.DB.DB, p.UserID)
	if err != nil {
		return User{}, userErr(err)
	}
	prof, err := s.profile(ctx, p.UserID)
	if err != nil {
		return User{}, err
	}
	return toUser(u, p.Roles, prof), nil
}
