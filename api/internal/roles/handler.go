package roles

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Handler serves the role-application routes.
type Handler struct {
	s *Service
}

// routes mounts the routes (under /api/v1, behind the casbin guard, which
// keeps /admin/* to admins).
func (h *Handler) routes(r httpx.Router) {
	r.Post("/role-applications", h.apply)
	r.Get("/role-applications/mine", h.mine)
	r.Get("/admin/role-applications", h.list)
	r.Post("/admin/role-applications/:id/approve", h.approve)
	r.Post("/admin/role-applications/:id/reject", h.reject)
}

func caller(c fiber.Ctx) (*authn.Principal, error) {
	p := authn.From(c)
	if p == nil {
		return nil, apperr.Unauthenticated("Sign in to continue.")
	}
	return p, nil
}

func (h *Handler) apply(c fiber.Ctx) error {
	p, err := caller(c)
	if err != nil {
		return err
	}
	var in ApplyInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	a, err := h.s.Apply(c.Context(), p.UserID, p.Roles, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Application]{Data: a})
}

func (h *Handler) mine(c fiber.Ctx) error {
	p, err := caller(c)
	if err != nil {
		return err
	}
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.s.Mine(c.Context(), p.UserID, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *Handler) list(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	f := Filter{Status: strings.TrimSpace(c.Query("status")), Role: strings.TrimSpace(c.Query("role")),
		UserID: strings.TrimSpace(c.Query("user_id"))}
	items, total, err := h.s.List(c.Context(), f, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *Handler) approve(c fiber.Ctx) error {
	p, err := caller(c)
	if err != nil {
		return err
	}
	a, err := h.s.Approve(c.Context(), p.UserID, c.Params("id"), c.IP())
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Application]{Data: a})
}

func (h *Handler) reject(c fiber.Ctx) error {
	p, err := caller(c)
	if err != nil {
		return err
	}
	var in RejectInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	a, err := h.s.Reject(c.Context(), p.UserID, c.Params("id"), in, c.IP())
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Application]{Data: a})
}
