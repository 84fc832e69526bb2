// Package authz asks casbin whether the caller's roles may use a route.
// Every /api/v1 route is registered through Guard; a route with no policy
// line is denied to everyone. The policy is policies/*.csv (one file per
// domain); its subjects are the roles of roledef and the groups "anonymous"
// and "provider".
//
// The guard's own refusals carry the header "X-Denied-By: policy": a 401 to a
// caller without a token, a 403 to a signed-in caller whose roles may not use
// the route. A handler's 401 or 403 (a webhook's bad signature, a service
// refusing for its own reasons) never does, so clients and the permission
// matrix test (api/internal/app) tell the two apart.
package authz

import (
	"fmt"
	"strings"
	"sync"

	"github.com/casbin/casbin/v3"
	"github.com/casbin/casbin/v3/model"
	stringadapter "github.com/casbin/casbin/v3/persist/string-adapter"
	"github.com/casbin/casbin/v3/util"
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
)

// Anonymous is the subject of a caller without a token. Every signed-in user
// holds the role user, which inherits it (a g line of policies/_base.csv), so
// public routes need one line.
const Anonymous = "anonymous"

// DeniedHeader and DeniedByPolicy mark the guard's own 401 and 403 answers.
const (
	DeniedHeader   = "X-Denied-By"
	DeniedByPolicy = "policy"
)

// Enforcer wraps casbin with a decision cache (the policy is static, and the
// keys are route patterns, so the cache is bounded).
type Enforcer struct {
	e     *casbin.Enforcer
	mu    sync.RWMutex
	cache map[string]bool
}

// New loads the model and the policy text.
func New(modelText, policyText string) (*Enforcer, error) {
	m, err := model.NewModelFromString(modelText)
	if err != nil {
		return nil, fmt.Errorf("casbin model: %w", err)
	}
	e, err := casbin.NewEnforcer(m, stringadapter.NewAdapter(stripComments(policyText)))
	if err != nil {
		return nil, fmt.Errorf("casbin policy: %w", err)
	}
	return &Enforcer{e: e, cache: map[string]bool{}}, nil
}

func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		b.WriteString(t)
		b.WriteByte('\n')
	}
	return b.String()
}

// Allowed reports whether subject may call method on the route pattern.
func (en *Enforcer) Allowed(subject, route, method string) bool {
	key := subject + " " + method + " " + route
	en.mu.RLock()
	ok, hit := en.cache[key]
	en.mu.RUnlock()
	if hit {
		return ok
	}
	ok, err := en.e.Enforce(subject, route, method)
	if err != nil {
		ok = false
	}
	en.mu.Lock()
	en.cache[key] = ok
	en.mu.Unlock()
	return ok
}

// AllowedAny reports whether any of the roles (or an anonymous caller) may.
func (en *Enforcer) AllowedAny(roles []string, route, method string) bool {
	if en.Allowed(Anonymous, route, method) {
		return true
	}
	for _, r := range roles {
		if en.Allowed(r, route, method) {
			return true
		}
	}
	return false
}

// HasLine reports whether any policy line names the route and method (used by
// the test that every registered route has a policy).
func (en *Enforcer) HasLine(route, method string) bool {
	ps, _ := en.e.GetPolicy()
	for _, p := range ps {
		if len(p) < 3 {
			continue
		}
		if (p[2] == method || p[2] == "*") && keyMatch2(route, p[1]) {
			return true
		}
	}
	return false
}

func keyMatch2(route, pattern string) bool { return util.KeyMatch2(route, pattern) }

// Guard is the middleware: a 401 for an anonymous caller of a private route,
// a 403 for a signed-in caller whose roles may not use it, both marked with
// DeniedHeader.
func (en *Enforcer) Guard() fiber.Handler {
	return func(c fiber.Ctx) error {
		route, method := c.Route().Path, c.Method()
		if method == fiber.MethodHead {
			method = fiber.MethodGet
		}
		p := authn.From(c)
		if p == nil {
			if en.Allowed(Anonymous, route, method) {
				return c.Next() // a refused token on a public route: served as anonymous
			}
			if err := authn.Rejection(c); err != nil {
				return err // the token's own 401 (expired, ended session), which a client refreshes on
			}
			c.Set(DeniedHeader, DeniedByPolicy)
			return apperr.Unauthenticated("Sign in to continue.")
		}
		if en.AllowedAny(p.Roles, route, method) {
			return c.Next()
		}
		c.Set(DeniedHeader, DeniedByPolicy)
		return apperr.Forbidden("Your account's role may not use this route.")
	}
}
