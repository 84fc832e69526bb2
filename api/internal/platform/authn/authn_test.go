package authn_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/clock"
)

// UserState is the package's type, named here for brevity.
type UserState = authn.UserState

var secret = []byte("0123456789abcdef0123456789abcdef")

func sign(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseRejectsCraftedTokens(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clk := clock.NewFake(now)
	tokens := authn.NewTokens(secret, 15*time.Minute, clk)
	good, err := tokens.Issue("user-1", "sess-1", []string{"user"})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := tokens.Parse(good); err != nil || c.Subject != "user-1" || c.Roles[0] != "user" || c.ID == "" {
		t.Fatalf("a good token must parse: %v %+v", err, c)
	}
	base := func() jwt.MapClaims {
		return jwt.MapClaims{"iss": authn.Issuer, "aud": authn.Audience, "sub": "user-1", "iat": now.Unix(),
			"exp": now.Add(time.Minute).Unix(), "jti": "j1", "use": "access", "roles": []string{"admin"}}
	}
	noExp := base()
	delete(noExp, "exp")
	wrongAud := base()
	wrongAud["aud"] = "someone-else"
	wrongIss := base()
	wrongIss["iss"] = "evil"
	refreshUse := base()
	refreshUse["use"] = "refresh"
	expired := base()
	expired["exp"] = now.Add(-time.Minute).Unix()
	noneTok := sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, base())
	cases := map[string]string{
		"alg none":          noneTok,
		"wrong key":         sign(t, jwt.SigningMethodHS256, []byte("another-secret-another-secret-xx"), base()),
		"HS512":             sign(t, jwt.SigningMethodHS512, secret, base()),
		"expired":           sign(t, jwt.SigningMethodHS256, secret, expired),
		"missing exp":       sign(t, jwt.SigningMethodHS256, secret, noExp),
		"wrong audience":    sign(t, jwt.SigningMethodHS256, secret, wrongAud),
		"wrong issuer":      sign(t, jwt.SigningMethodHS256, secret, wrongIss),
		"not an access use": sign(t, jwt.SigningMethodHS256, secret, refreshUse),
		"garbage":           "not.a.jwt",
		"opaque string":     strings.Repeat("a", 43),
	}
	for name, tok := range cases {
		if _, err := tokens.Parse(tok); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	clk.Advance(16 * time.Minute)
	if _, err := tokens.Parse(good); err == nil {
		t.Error("a token past its 15 minutes must be refused")
	}
}

type fakeSource struct {
	calls int
	state UserState
}

func (f *fakeSource) AuthState(_ context.Context, _, _ string) (UserState, error) {
	f.calls++
	return f.state, nil
}

func TestAuthenticatorCachesBrieflyAndInvalidates(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	tokens := authn.NewTokens(secret, 15*time.Minute, clk)
	src := &fakeSource{state: UserState{Active: true, Roles: []string{"user"}, SessionLive: true}}
	a := authn.NewAuthenticator(tokens, src, clk)
	tok, _ := tokens.Issue("u1", "s1", []string{"user"})
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		if _, err := a.Verify(ctx, tok); err != nil {
			t.Fatal(err)
		}
	}
	if src.calls != 1 {
		t.Fatalf("state looked up %d times within the cache window, want 1", src.calls)
	}
	src.state.Active = false
	if _, err := a.Verify(ctx, tok); err != nil {
		t.Fatal("within the window the cached state still answers")
	}
	a.Invalidate("u1")
	if _, err := a.Verify(ctx, tok); err == nil {
		t.Fatal("a suspended user's token must stop working once invalidated")
	}
	src.state = UserState{Active: true, Roles: []string{"user"}, SessionLive: false}
	clk.Advance(3 * time.Second)
	if _, err := a.Verify(ctx, tok); err == nil {
		t.Fatal("an ended session's token must stop working after the cache window")
	}
	src.state.SessionLive = true
	a.InvalidateSession("s1")
	if p, err := a.Verify(ctx, tok); err != nil || p.UserID != "u1" || p.SessionID != "s1" {
		t.Fatalf("live again: %v %+v", err, p)
	}
}

// Parse remembers tokens it verified: a second parse answers the same
// claims, each caller gets its own copy, and the time-bound checks still
// apply to a remembered token.
func TestParseRemembersVerifiedTokens(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clk := clock.NewFake(now)
	tokens := authn.NewTokens(secret, 15*time.Minute, clk)
	tok, err := tokens.Issue("user-1", "sess-1", []string{"user", "vendor"})
	if err != nil {
		t.Fatal(err)
	}
	first, err := tokens.Parse(tok)
	if err != nil {
		t.Fatal(err)
	}
	first.Roles[0] = "admin"
	again, err := tokens.Parse(tok)
	if err != nil || again.Subject != "user-1" || again.SID != "sess-1" || again.Roles[0] != "user" ||
		again.ID != first.ID || !again.ExpiresAt.Equal(first.ExpiresAt.Time) {
		t.Fatalf("second parse: %+v %v", again, err)
	}
	// Before its iat (less the 5 s leeway) a remembered token is refused too.
	clk.Set(now.Add(-time.Minute))
	if _, err := tokens.Parse(tok); err == nil {
		t.Error("a token used before it was issued must be refused")
	}
	clk.Set(now.Add(15*time.Minute + 4*time.Second))
	if _, err := tokens.Parse(tok); err != nil {
		t.Errorf("within the leeway after exp: %v", err)
	}
	clk.Set(now.Add(15*time.Minute + 5*time.Second))
	if _, err := tokens.Parse(tok); err == nil {
		t.Error("a remembered token past its exp and leeway must be refused")
	}
	// A tampered copy of a remembered token is not remembered.
	if _, err := tokens.Parse(tok[:len(tok)-2] + "xx"); err == nil {
		t.Error("a tampered token must be refused")
	}
}
