package accounts_test

import (
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/testkit"
)

func errField(r *testkit.Resp, field string) string {
	e, _ := r.Map()["error"].(map[string]any)
	f, _ := e["fields"].(map[string]any)
	s, _ := f[field].(string)
	return s
}

func userOf(t *testing.T, r *testkit.Resp) map[string]any {
	t.Helper()
	u, _ := r.Map()["user"].(map[string]any)
	if u == nil {
		t.Fatalf("no user in %s", r.Body)
	}
	return u
}

func TestIntegrationRegister(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		res := e.Post("/api/auth/register", "", map[string]any{
			"email": "  Ada@Example.com ", "username": "ada.l", "password": testkit.DefaultPassword}).Expect(http.StatusCreated)
		body := res.Map()
		if body["token_type"] != "Bearer" || body["email"] != "Ada@Example.com" || body["expires_in"] != float64(900) {
			t.Fatalf("login body: %s", res.Body)
		}
		u := userOf(t, res)
		if u["email_verified"] != false || u["status"] != "active" || u["username"] != "ada.l" {
			t.Fatalf("user: %v", u)
		}
		if roles, _ := u["roles"].([]any); len(roles) != 1 || roles[0] != "user" {
			t.Fatalf("roles: %v", u["roles"])
		}
		token, _ := body["access_token"].(string)
		me := userOf(t, e.Get("/api/auth/user", token).Expect(http.StatusOK))
		if me["id"] != u["id"] || me["email"] != "Ada@Example.com" {
			t.Fatalf("me: %v", me)
		}
		m := e.Mail("ada@example.com")
		if !strings.Contains(m.BodyText, "http://localhost:8080/verification?token=") {
			t.Fatalf("verification mail: %s", m.BodyText)
		}

		// The portal the person signed up on gets the link.
		e.Post("/api/auth/register", "", map[string]any{"email": "vee@example.com", "username": "vee",
			"password": testkit.DefaultPassword, "portal": "vendor"}).Expect(http.StatusCreated)
		if m := e.Mail("vee@example.com"); !strings.Contains(m.BodyText, "http://vendor.localhost:8080/verification?token=") {
			t.Fatalf("vendor link: %s", m.BodyText)
		}

		// Email unique whatever its case; username too.
		r := e.Post("/api/auth/register", "", map[string]any{"email": "ADA@example.COM", "username": "other",
			"password": testkit.DefaultPassword}).Expect(http.StatusConflict)
		if errField(r, "email") == "" {
			t.Fatalf("duplicate email: %s", r.Body)
		}
		r = e.Post("/api/auth/register", "", map[string]any{"email": "ada2@example.com", "username": "ADA.L",
			"password": testkit.DefaultPassword}).Expect(http.StatusConflict)
		if errField(r, "username") == "" {
			t.Fatalf("duplicate username: %s", r.Body)
		}
	})
}

func TestIntegrationRegisterValidation(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		cases := []struct {
			name, email, username, password, portal, field string
		}{
			{"short password", "a@example.com", "alice", "Sh0rt!", "", "password"},
			{"common password", "a@example.com", "alice", "football123", "", "password"},
			{"password holds email", "maria.k@example.com", "alice", "xx-maria.k@example.com", "", "password"},
			{"password holds local part", "mariak@example.com", "alice", "Mariak-Spring-2041", "", "password"},
			{"password holds username", "a@example.com", "harbour", "Vivid-Harbour-2041", "", "password"},
			{"bad email", "not-an-email", "alice", testkit.DefaultPassword, "", "email"},
			{"missing email", "", "alice", testkit.DefaultPassword, "", "email"},
			{"short username", "a@example.com", "al", testkit.DefaultPassword, "", "username"},
			{"username characters", "a@example.com", "al ice!", testkit.DefaultPassword, "", "username"},
			{"unknown portal", "a@example.com", "alice", testkit.DefaultPassword, "mars", "portal"},
		}
		for _, c := range cases {
			r := e.Post("/api/auth/register", "", map[string]any{"email": c.email, "username": c.username,
				"password": c.password, "portal": c.portal})
			if r.Status != http.StatusUnprocessableEntity || errField(r, c.field) == "" {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/auth/register", Body: "{not json",
			RawType: "application/json"}).Expect(http.StatusBadRequest)
	})
}

func TestIntegrationLogin(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("bola@example.com", "bola")
		in := e.Login("BOLA@example.com", testkit.DefaultPassword)
		if in.UserID != s.UserID {
			t.Fatalf("login user %s, want %s", in.UserID, s.UserID)
		}
		wrong := e.Post("/api/auth/login", "", map[string]any{"email": "bola@example.com", "password": "Wrong-Password-99"}).
			Expect(http.StatusUnauthorized)
		unknown := e.Post("/api/auth/login", "", map[string]any{"email": "nobody@example.com", "password": "Wrong-Password-99"}).
			Expect(http.StatusUnauthorized)
		if wrong.ErrCode() != "invalid_credentials" || unknown.ErrCode() != "invalid_credentials" {
			t.Fatalf("codes %q %q", wrong.ErrCode(), unknown.ErrCode())
		}
		msg := func(r *testkit.Resp) any { return r.Map()["error"].(map[string]any)["message"] }
		if msg(wrong) != msg(unknown) {
			t.Fatalf("messages differ: %v / %v", msg(wrong), msg(unknown))
		}
		e.Post("/api/auth/login", "", map[string]any{"email": "bola@example.com"}).Expect(http.StatusUnprocessableEntity)
	})
}

func TestIntegrationLockout(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Register("chi@example.com", "chi")
		other := e.Register("dayo@example.com", "dayo")
		for i := 0; i < 5; i++ {
			e.Clock.Advance(time.Minute)
			e.Post("/api/auth/login", "", map[string]any{"email": "chi@example.com", "password": "Wrong-Password-99"}).
				Expect(http.StatusUnauthorized)
		}
		// Locked: even the right password waits, and Retry-After counts down
		// to the end of the window of the first failure (at +1 min, now +5 min).
		r := e.Post("/api/auth/login", "", map[string]any{"email": "Chi@example.com", "password": testkit.DefaultPassword}).
			Expect(http.StatusTooManyRequests)
		if got := r.Header.Get("Retry-After"); got != "660" {
			t.Fatalf("Retry-After %q, want 660", got)
		}
		// Another account is not affected.
		e.Login(other.Email, testkit.DefaultPassword)

		e.Clock.Advance(11 * time.Minute) // the first failure leaves the window
		e.Login("chi@example.com", testkit.DefaultPassword)
		// Success cleared the failures: four more mistakes do not lock.
		for i := 0; i < 4; i++ {
			e.Post("/api/auth/login", "", map[string]any{"email": "chi@example.com", "password": "Wrong-Password-99"}).
				Expect(http.StatusUnauthorized)
		}
		e.Login("chi@example.com", testkit.DefaultPassword)

		// Unknown addresses lock the same way (no hint that they are unknown).
		for i := 0; i < 5; i++ {
			e.Post("/api/auth/login", "", map[string]any{"email": "ghost@example.com", "password": "Wrong-Password-99"}).
				Expect(http.StatusUnauthorized)
		}
		e.Post("/api/auth/login", "", map[string]any{"email": "ghost@example.com", "password": "Wrong-Password-99"}).
			Expect(http.StatusTooManyRequests)
	})
}

// TestIntegrationLockoutHoldsUnderParallelGuesses is issue 8's finding 2:
// 24 wrong passwords and then the right one, all in flight at once, were all
// checked and the right one signed in (the failures were counted only after
// hashing). At most five guesses per account may ever be checked in the
// window, however they arrive.
func TestIntegrationLockoutHoldsUnderParallelGuesses(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Register("femi@example.com", "femi")
		h := e.App.Deps.Hasher
		base := h.Verifications()
		// Every password check waits until the test lets them all go, so the
		// wrong guesses are still in flight when the right one arrives.
		release := make(chan struct{})
		var entered, answered atomic.Int64
		h.OnVerify(func() { entered.Add(1); <-release })
		defer h.OnVerify(nil)
		let := sync.OnceFunc(func() { close(release) })
		defer let()
		waitFor := func(n int64) {
			deadline := time.Now().Add(30 * time.Second)
			for entered.Load()+answered.Load() < n {
				if time.Now().After(deadline) {
					let()
					t.Fatalf("stuck: %d checks started, %d answered", entered.Load(), answered.Load())
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		login := func(pw string) int {
			r := e.Post("/api/auth/login", "", map[string]any{"email": "femi@example.com", "password": pw})
			answered.Add(1)
			return r.Status
		}

		statuses := make([]int, 24)
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Add(1)
			go func() { defer wg.Done(); statuses[i] = login("Wrong-Password-" + testkit.Fmt("%02d", i)) }()
		}
		waitFor(24) // each wrong guess is being checked or was answered
		var right int
		wg.Add(1)
		go func() { defer wg.Done(); right = login(testkit.DefaultPassword) }()
		waitFor(25)
		let()
		wg.Wait()

		if right != http.StatusTooManyRequests {
			t.Errorf("the right password after 24 parallel guesses: status %d, want 429", right)
		}
		if n := h.Verifications() - base; n > 5 {
			t.Errorf("%d passwords were checked, want at most 5", n)
		}
		counts := map[int]int{}
		for _, s := range statuses {
			counts[s]++
		}
		if counts[http.StatusUnauthorized] > 5 || counts[http.StatusUnauthorized]+counts[http.StatusTooManyRequests] != 24 {
			t.Errorf("wrong guesses answered %v, want at most five 401 and the rest 429", counts)
		}
	})
}

func TestIntegrationLoginIPLimit(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		e.Register("eze@example.com", "eze")
		for i := 0; i < 30; i++ {
			e.Post("/api/auth/login", "", map[string]any{"email": testkit.Fmt("u%d@example.com", i), "password": "x"}).
				Expect(http.StatusUnauthorized)
		}
		r := e.Post("/api/auth/login", "", map[string]any{"email": "eze@example.com", "password": testkit.DefaultPassword}).
			Expect(http.StatusTooManyRequests)
		if r.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		e.IP = "198.51.100.7"
		e.Login("eze@example.com", testkit.DefaultPassword)
	})
}

func refresh(e *testkit.Env, token string) *testkit.Resp {
	e.T.Helper()
	return e.Post("/api/auth/refresh", "", map[string]any{"refresh_token": token})
}

func TestIntegrationRefreshLifetimes(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("gbenga@example.com", "gbenga")
		// Idle: a refresh token unused for longer than the idle lifetime dies.
		e.Clock.Advance(e.Config.RefreshIdleTTL + time.Second)
		refresh(e, s.RefreshToken).Expect(http.StatusUnauthorized)

		// Absolute: refreshing often keeps a session alive only until its end.
		s2 := e.Login("gbenga@example.com", testkit.DefaultPassword)
		tok := s2.RefreshToken
		for used := time.Duration(0); used+6*24*time.Hour < e.Config.RefreshAbsTTL; used += 6 * 24 * time.Hour {
			e.Clock.Advance(6 * 24 * time.Hour)
			tok, _ = refresh(e, tok).Expect(http.StatusOK).Map()["refresh_token"].(string)
		}
		e.Clock.Advance(6 * 24 * time.Hour)
		refresh(e, tok).Expect(http.StatusUnauthorized)
	})
}

func TestIntegrationLogout(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("ify@example.com", "ify")
		s2 := e.Login("ify@example.com", testkit.DefaultPassword)
		e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusOK) // caches the session as live
		e.Post("/api/auth/logout", "", map[string]any{"refresh_token": s.RefreshToken}).Expect(http.StatusNoContent)
		refresh(e, s.RefreshToken).Expect(http.StatusUnauthorized)
		// The signed-out session's access token stops at once; the other session's does not.
		e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", s2.AccessToken).Expect(http.StatusOK)
		refresh(e, s2.RefreshToken).Expect(http.StatusOK)
		// Logging out twice, or with an unknown token, is harmless.
		e.Post("/api/auth/logout", "", map[string]any{"refresh_token": s.RefreshToken}).Expect(http.StatusNoContent)
		e.Post("/api/auth/logout", "", map[string]any{}).Expect(http.StatusUnprocessableEntity)

		s3 := e.Login("ify@example.com", testkit.DefaultPassword)
		s4 := e.Login("ify@example.com", testkit.DefaultPassword)
		e.Post("/api/auth/logout-all", "", nil).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", s4.AccessToken).Expect(http.StatusOK)
		e.Post("/api/auth/logout-all", s3.AccessToken, nil).Expect(http.StatusNoContent)
		refresh(e, s3.RefreshToken).Expect(http.StatusUnauthorized)
		refresh(e, s4.RefreshToken).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", s3.AccessToken).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", s4.AccessToken).Expect(http.StatusUnauthorized)
	})
}

func sign(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestIntegrationCraftedTokens(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("jide@example.com", "jide")
		secret := e.Config.JWTSecret
		now := e.Clock.Now()
		base := func() jwt.MapClaims {
			return jwt.MapClaims{"iss": authn.Issuer, "aud": []string{authn.Audience}, "sub": s.UserID,
				"exp": now.Add(10 * time.Minute).Unix(), "iat": now.Unix(), "jti": "x1", "roles": []string{"user", "admin"},
				"use": "access"}
		}
		// A well-formed token signed with the secret is accepted (the baseline).
		e.Get("/api/auth/user", sign(t, jwt.SigningMethodHS256, secret, base())).Expect(http.StatusOK)

		none := base()
		expired := base()
		expired["exp"] = now.Add(-time.Hour).Unix()
		expired["iat"] = now.Add(-2 * time.Hour).Unix()
		wrongAud := base()
		wrongAud["aud"] = []string{"someone-else"}
		wrongIss := base()
		wrongIss["iss"] = "evil"
		noExp := base()
		delete(noExp, "exp")
		refreshUse := base()
		refreshUse["use"] = "refresh"
		tokens := map[string]string{
			"alg none":      sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, none),
			"wrong key":     sign(t, jwt.SigningMethodHS256, []byte("another-secret-another-secret-12"), base()),
			"HS512":         sign(t, jwt.SigningMethodHS512, secret, base()),
			"expired":       sign(t, jwt.SigningMethodHS256, secret, expired),
			"wrong aud":     sign(t, jwt.SigningMethodHS256, secret, wrongAud),
			"wrong iss":     sign(t, jwt.SigningMethodHS256, secret, wrongIss),
			"missing exp":   sign(t, jwt.SigningMethodHS256, secret, noExp),
			"not access":    sign(t, jwt.SigningMethodHS256, secret, refreshUse),
			"refresh token": s.RefreshToken,
			"garbage":       "a.b.c",
		}
		for name, tok := range tokens {
			r := e.Get("/api/auth/user", tok)
			if r.Status != http.StatusUnauthorized || r.ErrCode() != "unauthenticated" {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		// The real access token expires with the clock.
		e.Clock.Advance(16 * time.Minute)
		e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusUnauthorized)
	})
}

func TestIntegrationVerifyEmail(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("kemi@example.com", "kemi")
		tok := e.TokenFromMail("kemi@example.com")
		u := userOf(t, e.Post("/api/auth/verify-email", "", map[string]any{"token": tok}).Expect(http.StatusOK))
		if u["email_verified"] != true {
			t.Fatalf("not verified: %v", u)
		}
		// Single use.
		r := e.Post("/api/auth/verify-email", "", map[string]any{"token": tok}).Expect(http.StatusUnprocessableEntity)
		if errField(r, "token") == "" {
			t.Fatalf("reuse: %s", r.Body)
		}
		// Resend for a verified address sends nothing.
		before := e.Mail("kemi@example.com").ID
		e.Post("/api/auth/verify-email/resend", s.AccessToken, nil).Expect(http.StatusAccepted)
		if e.Mail("kemi@example.com").ID != before {
			t.Fatal("a verified address got another mail")
		}
		e.Post("/api/auth/verify-email/resend", "", nil).Expect(http.StatusUnauthorized)

		// Expiry after 48 hours; a resent link works.
		s2 := e.Register("lola@example.com", "lola")
		old := e.TokenFromMail("lola@example.com")
		e.Clock.Advance(48*time.Hour + time.Second)
		e.Post("/api/auth/verify-email", "", map[string]any{"token": old}).Expect(http.StatusUnprocessableEntity)
		fresh := e.Login("lola@example.com", testkit.DefaultPassword)
		_ = s2
		e.Post("/api/auth/verify-email/resend", fresh.AccessToken, map[string]any{"portal": "coach"}).Expect(http.StatusAccepted)
		m := e.Mail("lola@example.com")
		if !strings.Contains(m.BodyText, "http://coach.localhost:8080/verification?token=") {
			t.Fatalf("resend link: %s", m.BodyText)
		}
		e.Post("/api/auth/verify-email", "", map[string]any{"token": e.TokenFromMail("lola@example.com")}).Expect(http.StatusOK)
		e.Post("/api/auth/verify-email", "", map[string]any{"token": "made-up"}).Expect(http.StatusUnprocessableEntity)
	})
}

func TestIntegrationPasswordReset(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("musa@example.com", "musa")
		s2 := e.Login("musa@example.com", testkit.DefaultPassword)
		// Unknown address: same answer, no mail.
		unknown := e.Post("/api/auth/forgot-password", "", map[string]any{"email": "nobody@example.com"}).Expect(http.StatusAccepted)
		known := e.Post("/api/auth/forgot-password", "", map[string]any{"email": "MUSA@example.com", "portal": "tour"}).
			Expect(http.StatusAccepted)
		if string(unknown.Body) != string(known.Body) {
			t.Fatalf("answers differ: %s / %s", unknown.Body, known.Body)
		}
		if _, err := e.App.Outbox.List(testkit.Ctx(), "nobody@example.com", 1); err != nil {
			t.Fatal(err)
		} else if ms, _ := e.App.Outbox.List(testkit.Ctx(), "nobody@example.com", 1); len(ms) != 0 {
			t.Fatal("mail sent to an unknown address")
		}
		m := e.Mail("musa@example.com")
		if !strings.Contains(m.BodyText, "http://tour.localhost:8080/reset-password?token=") {
			t.Fatalf("reset mail: %s", m.BodyText)
		}
		tok := e.TokenFromMail("musa@example.com")
		const newPW = "Quiet-Meadow-7788"
		r := e.Post("/api/auth/reset-password", "", map[string]any{"token": tok, "password": "short"}).
			Expect(http.StatusUnprocessableEntity)
		if errField(r, "password") == "" {
			t.Fatalf("weak reset password: %s", r.Body)
		}
		e.Post("/api/auth/reset-password", "", map[string]any{"token": tok, "password": newPW}).Expect(http.StatusNoContent)
		// Single use; every session revoked; the new password works, the old does not.
		e.Post("/api/auth/reset-password", "", map[string]any{"token": tok, "password": "Another-Pass-4411"}).
			Expect(http.StatusUnprocessableEntity)
		refresh(e, s.RefreshToken).Expect(http.StatusUnauthorized)
		refresh(e, s2.RefreshToken).Expect(http.StatusUnauthorized)
		e.Post("/api/auth/login", "", map[string]any{"email": "musa@example.com", "password": testkit.DefaultPassword}).
			Expect(http.StatusUnauthorized)
		after := e.Login("musa@example.com", newPW)
		if u := userOf(t, e.Get("/api/auth/user", after.AccessToken)); u["email_verified"] != true {
			t.Fatalf("a reset proves the address: %v", u)
		}

		// Expiry after one hour.
		e.Post("/api/auth/forgot-password", "", map[string]any{"email": "musa@example.com"}).Expect(http.StatusAccepted)
		late := e.TokenFromMail("musa@example.com")
		e.Clock.Advance(time.Hour + time.Second)
		e.Post("/api/auth/reset-password", "", map[string]any{"token": late, "password": "Another-Pass-4411"}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/auth/forgot-password", "", map[string]any{"email": "not-an-email"}).Expect(http.StatusUnprocessableEntity)
	})
}

func TestIntegrationChangePassword(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := e.Register("nneka@example.com", "nneka")
		other := e.Login("nneka@example.com", testkit.DefaultPassword)
		r := e.Post("/api/auth/change-password", s.AccessToken, map[string]any{"current_password": "Wrong-Password-99",
			"new_password": "Quiet-Meadow-7788"}).Expect(http.StatusUnprocessableEntity)
		if errField(r, "current_password") == "" {
			t.Fatalf("wrong current: %s", r.Body)
		}
		r = e.Post("/api/auth/change-password", s.AccessToken, map[string]any{"current_password": testkit.DefaultPassword,
			"new_password": "password123"}).Expect(http.StatusUnprocessableEntity)
		if errField(r, "new_password") == "" {
			t.Fatalf("weak new: %s", r.Body)
		}
		e.Post("/api/auth/change-password", "", map[string]any{"current_password": testkit.DefaultPassword,
			"new_password": "Quiet-Meadow-7788"}).Expect(http.StatusUnauthorized)
		e.Post("/api/auth/change-password", s.AccessToken, map[string]any{"current_password": testkit.DefaultPassword,
			"new_password": "Quiet-Meadow-7788"}).Expect(http.StatusNoContent)
		refresh(e, other.RefreshToken).Expect(http.StatusUnauthorized)
		// Other sessions end at once, access tokens included; this one goes on.
		e.Get("/api/auth/user", other.AccessToken).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusOK)
		refresh(e, s.RefreshToken).Expect(http.StatusOK)
		e.Login("nneka@example.com", "Quiet-Meadow-7788")
	})
}

var nonAdminRoles = []string{"affiliate", "car_dealer", "car_rental", "coach", "therapist", "tour_guide", "vendor",
	"writer", "recruiter", "user"}

func TestIntegrationAdminRoutesRefuseOthers(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		target := e.Register("target@example.com", "target")
		routes := []struct{ method, path string }{
			{http.MethodGet, "/api/v1/admin/users"},
			{http.MethodGet, "/api/v1/admin/users/" + target.UserID},
			{http.MethodPatch, "/api/v1/admin/users/" + target.UserID},
		}
		body := map[string]any{"status": "suspended"}
		for _, rt := range routes {
			r := e.Do(testkit.Req{Method: rt.method, Path: rt.path, Body: body})
			if r.Status != http.StatusUnauthorized {
				t.Errorf("anonymous %s %s: %d", rt.method, rt.path, r.Status)
			}
		}
		for i, role := range nonAdminRoles {
			s := e.Register(testkit.Fmt("r%d@example.com", i), testkit.Fmt("role_%d", i))
			if role != "user" {
				e.GrantRole(s.UserID, role)
			}
			for _, rt := range routes {
				r := e.Do(testkit.Req{Method: rt.method, Path: rt.path, Token: s.AccessToken, Body: body})
				if r.Status != http.StatusForbidden || r.ErrCode() != "forbidden" {
					t.Errorf("%s %s %s: %d %s", role, rt.method, rt.path, r.Status, r.Body)
				}
			}
		}
		// Nothing changed.
		e.Get("/api/auth/user", target.AccessToken).Expect(http.StatusOK)
	})
}

func TestIntegrationAdminUsers(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("root@example.com", "root")
		a := e.Register("ngozi@example.com", "ngozi")
		e.Clock.Advance(time.Second)
		b := e.Register("obi@example.com", "obi_100")
		e.Clock.Advance(time.Second)
		c := e.Register("percent@example.com", "p_c")
		e.GrantRole(b.UserID, "vendor")

		var list struct {
			Data []map[string]any `json:"data"`
			Meta struct{ Page, PerPage, Total int }
		}
		e.Get("/api/v1/admin/users", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 4 || len(list.Data) != 4 || list.Data[0]["id"] != c.UserID {
			t.Fatalf("list: %+v", list)
		}
		e.Get("/api/v1/admin/users?q=NGO", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || list.Data[0]["id"] != a.UserID {
			t.Fatalf("search: %+v", list)
		}
		// LIKE wildcards are searched literally.
		e.Get("/api/v1/admin/users?q=_", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 2 {
			t.Fatalf("underscore search: %+v", list)
		}
		e.Get("/api/v1/admin/users?role=vendor", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || list.Data[0]["id"] != b.UserID {
			t.Fatalf("role filter: %+v", list)
		}
		e.Get("/api/v1/admin/users?per_page=2&page=2", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 4 || len(list.Data) != 2 || list.Meta.Page != 2 {
			t.Fatalf("paging: %+v", list)
		}
		e.Get("/api/v1/admin/users?role=king", admin.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/admin/users?status=gone", admin.AccessToken).Expect(http.StatusUnprocessableEntity)

		d := e.Get("/api/v1/admin/users/"+a.UserID, admin.AccessToken).Expect(http.StatusOK).Data()
		if d["email"] != "ngozi@example.com" || d["active_sessions"] != float64(1) {
			t.Fatalf("detail: %v", d)
		}
		e.Get("/api/v1/admin/users/0190f1f2-0000-7000-8000-000000000000", admin.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/admin/users/nope", admin.AccessToken).Expect(http.StatusNotFound)

		// Roles: the full set; "user" is always kept.
		d = e.Patch("/api/v1/admin/users/"+a.UserID, admin.AccessToken,
			map[string]any{"roles": []string{"coach", "therapist"}, "reason": "verified credentials"}).Expect(http.StatusOK).Data()
		if roles := toStrings(d["roles"]); !slices.Equal(roles, []string{"coach", "therapist", "user"}) {
			t.Fatalf("roles: %v", roles)
		}
		// The user's existing token carries the new roles at once.
		e.Get("/api/v1/admin/users", a.AccessToken).Expect(http.StatusForbidden)
		d = e.Patch("/api/v1/admin/users/"+a.UserID, admin.AccessToken, map[string]any{"roles": []string{"coach"}}).
			Expect(http.StatusOK).Data()
		if roles := toStrings(d["roles"]); !slices.Equal(roles, []string{"coach", "user"}) {
			t.Fatalf("roles: %v", roles)
		}
		e.Patch("/api/v1/admin/users/"+a.UserID, admin.AccessToken, map[string]any{"roles": []string{"wizard"}}).
			Expect(http.StatusUnprocessableEntity)
		e.Patch("/api/v1/admin/users/"+a.UserID, admin.AccessToken, map[string]any{"status": "gone"}).
			Expect(http.StatusUnprocessableEntity)

		// Admins cannot lock themselves out.
		e.Patch("/api/v1/admin/users/"+admin.UserID, admin.AccessToken, map[string]any{"status": "suspended"}).
			Expect(http.StatusConflict)
		e.Patch("/api/v1/admin/users/"+admin.UserID, admin.AccessToken, map[string]any{"roles": []string{"user"}}).
			Expect(http.StatusConflict)

		var audit struct {
			Data []map[string]any `json:"data"`
		}
		e.Get("/api/v1/admin/audit-log?target_id="+a.UserID, admin.AccessToken).Expect(http.StatusOK).JSON(&audit)
		var actions []string
		for _, en := range audit.Data {
			actions = append(actions, en["action"].(string))
			if en["actor_id"] != admin.UserID {
				t.Fatalf("actor: %v", en)
			}
		}
		slices.Sort(actions)
		if !slices.Equal(actions, []string{"role.grant", "role.grant", "role.revoke"}) {
			t.Fatalf("audit actions: %v", actions)
		}
	})
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

func TestIntegrationSuspend(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("boss@example.com", "boss")
		s := e.Register("quadri@example.com", "quadri")
		e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusOK)

		d := e.Patch("/api/v1/admin/users/"+s.UserID, admin.AccessToken,
			map[string]any{"status": "suspended", "reason": "spam"}).Expect(http.StatusOK).Data()
		if d["status"] != "suspended" || d["status_reason"] != "spam" || d["active_sessions"] != float64(0) {
			t.Fatalf("suspended: %v", d)
		}
		// The access token stops working at once; no sign-in, no refresh.
		r := e.Get("/api/auth/user", s.AccessToken).Expect(http.StatusUnauthorized)
		if !strings.Contains(strings.ToLower(string(r.Body)), "suspended") {
			t.Fatalf("message: %s", r.Body)
		}
		r = e.Post("/api/auth/login", "", map[string]any{"email": s.Email, "password": testkit.DefaultPassword}).
			Expect(http.StatusUnauthorized)
		if !strings.Contains(strings.ToLower(string(r.Body)), "suspended") {
			t.Fatalf("login message: %s", r.Body)
		}
		refresh(e, s.RefreshToken).Expect(http.StatusUnauthorized)
		e.Post("/api/auth/forgot-password", "", map[string]any{"email": s.Email}).Expect(http.StatusAccepted)

		var list struct {
			Meta struct{ Total int }
		}
		e.Get("/api/v1/admin/users?status=suspended", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 {
			t.Fatalf("suspended list: %+v", list)
		}

		e.Patch("/api/v1/admin/users/"+s.UserID, admin.AccessToken, map[string]any{"status": "active"}).Expect(http.StatusOK)
		back := e.Login(s.Email, testkit.DefaultPassword)
		e.Get("/api/auth/user", back.AccessToken).Expect(http.StatusOK)

		var audit struct {
			Data []map[string]any `json:"data"`
		}
		e.Get("/api/v1/admin/audit-log?target_id="+s.UserID, admin.AccessToken).Expect(http.StatusOK).JSON(&audit)
		if len(audit.Data) != 2 || audit.Data[0]["action"] != "user.reinstate" || audit.Data[1]["action"] != "user.suspend" {
			t.Fatalf("audit: %v", audit.Data)
		}
	})
}

func TestIntegrationUsersSeeOnlyThemselves(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a := e.Register("rita@example.com", "rita")
		b := e.Register("sade@example.com", "sade")
		if u := userOf(t, e.Get("/api/auth/user", a.AccessToken)); u["id"] != a.UserID {
			t.Fatalf("a sees %v", u["id"])
		}
		if u := userOf(t, e.Get("/api/auth/user", b.AccessToken)); u["id"] != b.UserID {
			t.Fatalf("b sees %v", u["id"])
		}
		e.Get("/api/v1/admin/users/"+b.UserID, a.AccessToken).Expect(http.StatusForbidden)
		// A's logout-all leaves B's sessions alone.
		e.Post("/api/auth/logout-all", a.AccessToken, nil).Expect(http.StatusNoContent)
		refresh(e, b.RefreshToken).Expect(http.StatusOK)
		refresh(e, a.RefreshToken).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", a.AccessToken).Expect(http.StatusUnauthorized)
		e.Get("/api/auth/user", b.AccessToken).Expect(http.StatusOK)
		a = e.Login(a.Email, testkit.DefaultPassword)
		// Changing A's password needs A's password, and leaves B's sign-in working.
		e.Post("/api/auth/change-password", a.AccessToken, map[string]any{"current_password": testkit.DefaultPassword,
			"new_password": "Quiet-Meadow-7788"}).Expect(http.StatusNoContent)
		e.Login(b.Email, testkit.DefaultPassword)
	})
}
