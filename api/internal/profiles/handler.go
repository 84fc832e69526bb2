package profiles

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Handler serves the profile routes.
type Handler struct {
	s *Service
}

// routes mounts the routes (under /api/v1, behind the casbin guard).
func (h *Handler) routes(r httpx.Router) {
	r.Get("/profile", h.get)
	r.Patch("/profile", h.patch)
	r.Post("/profile/avatar", h.uploadAvatar)
	r.Delete("/profile/avatar", h.deleteAvatar)
	r.Get("/profile/completeness", h.completeness)
}

func caller(c fiber.Ctx) (string, error) {
	p := authn.From(c)
	if p == nil {
		return "", apperr.Unauthenticated("Sign in to continue.")
	}
	return p.UserID, nil
}

func (h *Handler) get(c fiber.Ctx) error {
	uid, err := caller(c)
	if err != nil {
		return err
	}
	p, err := h.s.WithUsername(c.Context(), uid)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[ProfileWithUsername]{Data: p})
}

func (h *Handler) patch(c fiber.Ctx) error {
	uid, err := caller(c)
	if err != nil {
		return err
	}
	var in UpdateInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	p, err := h.s.UpdateWithUsername(c.Context(), uid, in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[ProfileWithUsername]{Data: p})
}

func (h *Handler) uploadAvatar(c fiber.Ctx) error {
	uid, err := caller(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "avatar", Max: MaxAvatarBytes, NotMultipart: errAvatarMultipart,
		Missing: errAvatarMissing, TooLarge: errAvatarTooLarge})
	if err != nil {
		return err
	}
	p, err := h.s.SetAvatar(c.Context(), uid, data)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Profile]{Data: p})
}

func (h *Handler) deleteAvatar(c fiber.Ctx) error {
	uid, err := caller(c)
	if err != nil {
		return err
	}
	p, err := h.s.RemoveAvatar(c.Context(), uid)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Profile]{Data: p})
}

func (h *Handler) completeness(c fiber.Ctx) error {
	uid, err := caller(c)
	if err != nil {
		return err
	}
	pct, missing, err := h.s.Completeness(c.Context(), uid)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[CompletenessDTO]{Data: CompletenessDTO{Completeness: pct, MissingFields: missing}})
}
