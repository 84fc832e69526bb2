package app_test

import (
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/testkit"
)

// TestIntegrationEdgeStatuses covers the answers that come from the HTTP
// stack rather than a handler (issue 8, finding 12): each has its own status
// and code, in the error envelope, and the contract declares it (testkit
// checks every answer against api/openapi.yaml).
func TestIntegrationEdgeStatuses(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		t.Run("an address over 4 KB is 431, not invalid_json", func(t *testing.T) {
			// fasthttp refuses the request line while reading it, before any
			// handler: only a real connection shows what the client gets.
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			go func() { _ = e.Fiber.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true}) }()
			defer ln.Close()
			path := "/api/v1/gift-cards/products?q=" + strings.Repeat("a", 5000)
			// The server answers as soon as the request line overflows and
			// closes with the rest unread, so the kernel may reset the
			// connection before the client has read the answer (a TCP race,
			// not the server's answer): ask again then.
			var hr *http.Response
			for attempt := 1; ; attempt++ {
				hr, err = http.Get("http://" + ln.Addr().String() + path)
				if err == nil || attempt == 5 || !errors.Is(err, syscall.ECONNRESET) && !strings.Contains(err.Error(), "connection reset") {
					break
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			defer hr.Body.Close()
			body, _ := io.ReadAll(hr.Body)
			res := &testkit.Resp{Status: hr.StatusCode, Header: hr.Header, Body: body}
			testkit.CheckContract(t, httptest.NewRequest(http.MethodGet, path, nil), res)
			if res.Status != http.StatusRequestHeaderFieldsTooLarge || !strings.Contains(string(body), `"code":"request_header_fields_too_large"`) {
				t.Fatalf("%d %s, want 431 request_header_fields_too_large", res.Status, body)
			}
		})
		t.Run("a JSON body over 1 MB is a declared 413", func(t *testing.T) {
			admin := e.Admin("edge-admin@example.com", "edge_admin")
			body := `{"reason":"` + strings.Repeat("x", 1<<20) + `"}`
			res := e.Do(testkit.Req{Method: http.MethodPost, Token: admin.AccessToken,
				Path: "/api/v1/admin/role-applications/0b8f2a4e-9c31-4d6a-8e57-1f0c3d9a7b26/reject", Body: body})
			res.Expect(http.StatusRequestEntityTooLarge)
			if got := res.ErrCode(); got != "payload_too_large" {
				t.Fatalf("code %q: %s", got, res.Body)
			}
		})
		t.Run("a bad or expired token on a public route is served as anonymous", func(t *testing.T) {
			s := e.Register("edge@example.com", "edge_user")
			e.Clock.Advance(e.Config.AccessTTL + time.Minute)
			for _, tok := range []string{"not-a-token", s.AccessToken} {
				e.Get("/api/v1/gift-cards/products", tok).Expect(http.StatusOK)
				e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/contact", Token: tok, Body: map[string]any{
					"name": "Ada", "email": "ada@example.com", "subject": "Hello", "message": "A question about gift cards."}}).
					Expect(http.StatusCreated)
				// Where a token is needed, the token's own 401 (not the guard's), so clients refresh.
				res := e.Get("/api/v1/wallet", tok).Expect(http.StatusUnauthorized)
				if res.Header.Get(authz.DeniedHeader) != "" || !strings.Contains(string(res.Body), "invalid or has expired") {
					t.Fatalf("want the token's own 401: %v %s", res.Header, res.Body)
				}
				e.Get("/api/auth/user", tok).Expect(http.StatusUnauthorized)
			}
		})
	})
}
