// Package authn issues and checks access tokens (HS256 JWTs) and provides the
// middleware that turns a bearer token into a Principal.
package authn

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/golang-jwt/jwt/v5"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/ids"
)

const (
	// Issuer is the iss claim of every access token.
	Issuer = "sojourn"
	// Audience is the aud claim of every access token.
	Audience = "sojourn-api"
	tokenUse = "access"
)

// Claims are the access token's claims.
type Claims struct {
	jwt.RegisteredClaims
	Roles []string `json:"roles"`
	SID   string   `json:"sid,omitempty"`
	Use   string   `json:"use"`
}

// Principal is the authenticated caller.
type Principal struct {
	UserID    string
	SessionID string
	Roles     []string
}

// Has reports whether the principal holds role.
func (p *Principal) Has(role string) bool { return slices.Contains(p.Roles, role) }

// UserState is what the middleware checks on every request: whether the user
// may act now, their current roles, and whether the token's session is live.
type UserState struct {
	Active      bool
	Roles       []string
	SessionLive bool
}

// StateSource loads a user's current state in one look-up (the accounts
// service). sessionID may be "" for tokens without a session; SessionLive is
// then true.
type StateSource interface {
	AuthState(ctx context.Context, userID, sessionID string) (UserState, error)
}

// Issuer signs and verifies access tokens.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	clock  clock.Clock
	parser *jwt.Parser

	// verified remembers tokens that passed Parse, until they expire: a
	// client sends the same token with every request for its lifetime, and
	// the signature and claims of a given string never change, so checking
	// them again only costs time (decoding, JSON, HMAC). Only the time-bound
	// checks are redone on a hit. Bounded: when full it starts again empty.
	mu       sync.RWMutex
	verified map[string]verifiedToken
}

// verifiedToken is a token that passed Parse and the window in which it
// still passes (its iat/nbf and exp, with the parser's leeway).
type verifiedToken struct {
	claims      Claims
	from, until time.Time
}

const (
	tokenLeeway = 5 * time.Second
	// maxVerified bounds the remembered tokens (a token string is a few
	// hundred bytes).
	maxVerified = 20_000
)

// NewTokens makes the token service.
func NewTokens(secret []byte, ttl time.Duration, c clock.Clock) *Tokens {
	return &Tokens{
		secret: secret, ttl: ttl, clock: c,
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
			jwt.WithExpirationRequired(), jwt.WithIssuedAt(),
			jwt.WithIssuer(Issuer), jwt.WithAudience(Audience),
			jwt.WithTimeFunc(c.Now), jwt.WithLeeway(tokenLeeway),
		),
		verified: map[string]verifiedToken{},
	}
}

// TTL is the lifetime of an access token.
func (t *Tokens) TTL() time.Duration { return t.ttl }

// Issue signs an access token for a user.
func (t *Tokens) Issue(userID, sessionID string, roles []string) (string, error) {
	now := t.clock.Now()
	c := Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: Issuer, Subject: userID, Audience: jwt.ClaimStrings{Audience},
			ExpiresAt: jwt.NewNumericDate(now.Add(t.ttl)), IssuedAt: jwt.NewNumericDate(now),
			ID: ids.New(),
		},
		Roles: roles, SID: sessionID, Use: tokenUse,
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(t.secret)
}

// ErrBadToken is any token that does not verify.
var ErrBadToken = errors.New("invalid access token")

// Parse verifies a token: algorithm pinned to HS256, exp required, iat in
// the past, iss and aud checked. A token that passed before is only checked
// against the clock again.
func (t *Tokens) Parse(raw string) (*Claims, error) {
	now := t.clock.Now()
	t.mu.RLock()
	v, hit := t.verified[raw]
	t.mu.RUnlock()
	if hit {
		if now.Before(v.from) || !now.Before(v.until) {
			return nil, ErrBadToken
		}
		return v.copyClaims(), nil
	}
	var c Claims
	tok, err := t.parser.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return t.secret, nil })
	if err != nil || !tok.Valid {
		return nil, ErrBadToken
	}
	if c.Use != tokenUse || c.Subject == "" || c.ID == "" || c.ExpiresAt == nil {
		return nil, ErrBadToken
	}
	v = verifiedToken{claims: c, until: c.ExpiresAt.Add(tokenLeeway)}
	if c.IssuedAt != nil {
		v.from = c.IssuedAt.Add(-tokenLeeway)
	}
	if c.NotBefore != nil && c.NotBefore.Add(-tokenLeeway).After(v.from) {
		v.from = c.NotBefore.Add(-tokenLeeway)
	}
	t.mu.Lock()
	if len(t.verified) >= maxVerified {
		clear(t.verified)
	}
	// A copy: raw may share memory with the request (Fiber's header values
	// do), which is reused once the request is answered.
	t.verified[strings.Clone(raw)] = v
	t.mu.Unlock()
	return v.copyClaims(), nil
}

// copyClaims gives each caller its own claims (the slices copied).
func (v *verifiedToken) copyClaims() *Claims {
	c := v.claims
	c.Roles = slices.Clone(c.Roles)
	c.Audience = slices.Clone(c.Audience)
	return &c
}

type cached struct {
	state UserState
	until time.Time
}

// Authenticator is the middleware factory. It checks each token against the
// user's and the session's current state, cached for at most CacheTTL and
// dropped at once by Invalidate/InvalidateSession in this process.
type Authenticator struct {
	tokens   *Tokens
	source   StateSource
	clock    clock.Clock
	CacheTTL time.Duration
	mu       sync.Mutex
	cache    map[cacheKey]cached
}

type cacheKey struct{ user, session string }

// NewAuthenticator makes the authenticator.
func NewAuthenticator(t *Tokens, s StateSource, c clock.Clock) *Authenticator {
	return &Authenticator{tokens: t, source: s, clock: c, CacheTTL: 2 * time.Second, cache: map[cacheKey]cached{}}
}

// Invalidate drops a user's cached state, every session included (after
// suspension, a role change or signing out everywhere).
func (a *Authenticator) Invalidate(userID string) {
	a.mu.Lock()
	for k := range a.cache {
		if k.user == userID {
			delete(a.cache, k)
		}
	}
	a.mu.Unlock()
}

// InvalidateSession drops one session's cached state (after signing out).
func (a *Authenticator) InvalidateSession(sessionID string) {
	a.mu.Lock()
	for k := range a.cache {
		if k.session == sessionID {
			delete(a.cache, k)
		}
	}
	a.mu.Unlock()
}

func (a *Authenticator) state(ctx context.Context, userID, sessionID string) (UserState, error) {
	now := a.clock.Now()
	k := cacheKey{userID, sessionID}
	a.mu.Lock()
	if c, ok := a.cache[k]; ok && now.Before(c.until) {
		a.mu.Unlock()
		return c.state, nil
	}
	a.mu.Unlock()
	st, err := a.source.AuthState(ctx, userID, sessionID)
	if err != nil {
		return st, err
	}
	a.mu.Lock()
	if len(a.cache) > 100_000 {
		clear(a.cache)
	}
	a.cache[k] = cached{state: st, until: now.Add(a.CacheTTL)}
	a.mu.Unlock()
	return st, nil
}

const principalKey = "sojourn.principal"

const rejectionKey = "sojourn.rejection"

// Authenticate resolves the bearer token, if any, into a Principal. No token
// leaves the request anonymous. A present but bad token (malformed, expired,
// of an ended session or a suspended account) also leaves it anonymous, with
// the reason kept: a route anonymous callers may use (the public catalogue,
// the contact form, signing in) answers as to anyone, and every other route
// answers 401 with that reason (the authorization guard and Must return
// Rejection), so a client refreshes its token exactly where it matters.
func (a *Authenticator) Authenticate() fiber.Handler {
	return func(c fiber.Ctx) error {
		h := c.Get(fiber.HeaderAuthorization)
		if h == "" {
			return c.Next()
		}
		raw, ok := strings.CutPrefix(h, "Bearer ")
		if !ok || strings.TrimSpace(raw) == "" {
			c.Locals(rejectionKey, apperr.Unauthenticated("Use an Authorization header of the form 'Bearer <token>'."))
			return c.Next()
		}
		p, err := a.Verify(c.Context(), strings.TrimSpace(raw))
		if err != nil {
			if ae, ok := apperr.As(err); ok && ae.Code == apperr.CodeUnauthenticated {
				c.Locals(rejectionKey, ae)
				return c.Next()
			}
			return err
		}
		c.Locals(principalKey, p)
		return c.Next()
	}
}

// Rejection is why the request's bearer token was refused (a 401 error), or
// nil when it had none or a good one.
func Rejection(c fiber.Ctx) error {
	if e, ok := c.Locals(rejectionKey).(*apperr.Error); ok {
		return e
	}
	return nil
}

// Verify checks a raw access token and the user's state.
func (a *Authenticator) Verify(ctx context.Context, raw string) (*Principal, error) {
	claims, err := a.tokens.Parse(raw)
	if err != nil {
		return nil, apperr.Unauthenticated("The access token is invalid or has expired.")
	}
	st, err := a.state(ctx, claims.Subject, claims.SID)
	if err != nil {
		if errors.Is(err, apperr.ErrNotFound) {
			return nil, apperr.Unauthenticated("The access token is invalid or has expired.")
		}
		return nil, err
	}
	if !st.Active {
		return nil, apperr.Unauthenticated("This account is suspended.")
	}
	if !st.SessionLive {
		return nil, apperr.Unauthenticated("This session has ended. Sign in again.")
	}
	return &Principal{UserID: claims.Subject, SessionID: claims.SID, Roles: st.Roles}, nil
}

// From returns the request's principal, or nil when anonymous.
func From(c fiber.Ctx) *Principal {
	p, _ := c.Locals(principalKey).(*Principal)
	return p
}

// Must returns the principal or a 401 error.
func Must(c fiber.Ctx) (*Principal, error) {
	if p := From(c); p != nil {
		return p, nil
	}
	if err := Rejection(c); err != nil {
		return nil, err
	}
	return nil, apperr.Unauthenticated("Sign in to continue.")
}
