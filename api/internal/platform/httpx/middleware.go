package httpx

import (
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/requestid"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

// Recover turns a panic into a 500 internal error, logging the panic value and
// stack with the request ID (never sending them).
func Recover(log *slog.Logger) fiber.Handler {
	return func(c fiber.Ctx) (err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic", "request_id", requestid.FromContext(c), "path", c.Path(),
					"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				err = apperr.Wrap(apperr.CodeInternal, "internal", fmt.Errorf("panic: %v", r))
			}
		}()
		return c.Next()
	}
}

// AccessLog writes one structured line per request: method, path (without the
// query string, which may carry tokens), status, duration, request ID. Health
// probes are skipped.
func AccessLog(log *slog.Logger) fiber.Handler {
	return func(c fiber.Ctx) error {
		start := time.Now()
		err := c.Next()
		path := c.Path()
		if path == "/healthz" || path == "/readyz" {
			return err
		}
		status := c.Response().StatusCode()
		if err != nil {
			if ae, ok := apperr.As(err); ok {
				status = ae.Status()
			} else if fe, ok := err.(*fiber.Error); ok {
				status = fe.Code
			} else {
				status = 500
			}
		}
		log.LogAttrs(c.Context(), slog.LevelInfo, "http",
			slog.String("method", c.Method()), slog.String("host", string(c.Request().Host())),
			slog.String("path", path), slog.Int("status", status),
			slog.Duration("duration", time.Since(start)), slog.String("ip", c.IP()),
			slog.String("request_id", requestid.FromContext(c)))
		return err
	}
}

// SecurityHeaders sets the headers every response carries. API answers
// allow nothing to load; uploaded files under /media are sandboxed (a file
// opened directly runs no script and reaches no origin); the portals set
// their own policy (package portals).
func SecurityHeaders(production bool) fiber.Handler {
	return func(c fiber.Ctx) error {
		h := &c.Response().Header
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(self), microphone=(self), geolocation=(), payment=(self)")
		if production {
			h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
		}
		switch p := c.Path(); {
		case strings.HasPrefix(p, "/api/"):
			h.Set("Cache-Control", "no-store")
			h.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
		case strings.HasPrefix(p, "/media/"):
			h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		}
		return c.Next()
	}
}

// Portals are the subdomains of the portals (roledef.Portals); "" is the
// apex, where the user portal is served.
var Portals = func() []string {
	out := make([]string, 0, len(roledef.Portals))
	for _, p := range roledef.Portals {
		if p == "user" {
			p = ""
		}
		out = append(out, p)
	}
	return out
}()

// PortalOrigin reports whether origin is exactly the public origin of a
// portal: scheme, host and port as configured (publicOrigin is
// config.Config.PortalOrigin), so neither http on an https deployment nor
// another port on a portal host passes.
func PortalOrigin(publicOrigin func(portal string) string) func(origin string) bool {
	allowed := map[string]bool{}
	for _, p := range roledef.Portals {
		if o := normalOrigin(publicOrigin(p)); o != "" {
			allowed[o] = true
		}
	}
	return func(origin string) bool {
		o := normalOrigin(origin)
		return o != "" && allowed[o]
	}
}

// normalOrigin is scheme://host:port with the host in lower case and the
// scheme's default port made explicit; "" for anything that is not a bare
// http(s) origin.
func normalOrigin(s string) string {
	u, err := url.Parse(strings.TrimSuffix(s, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
		return ""
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// NotFoundAPI answers every unmatched /api route with a 404 naming the path.
func NotFoundAPI(c fiber.Ctx) error {
	return apperr.Wrap(apperr.CodeNotFound, "No route matches "+c.Method()+" "+c.Path(), fiber.ErrNotFound)
}
