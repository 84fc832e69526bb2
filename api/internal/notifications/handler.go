package notifications

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/roledef"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/notifications", h.list)
	r.Get("/notifications/summary", h.summary)
	r.Post("/notifications/seen", h.seen)
	r.Post("/notifications/read-all", h.readAll)
	r.Get("/notifications/preferences", h.prefs)
	r.Put("/notifications/preferences", h.setPrefs)
	r.Post("/notifications/:id/read", h.read)
}

func data[T any](c fiber.Ctx, v T) error { return c.JSON(httpx.Data[T]{Data: v}) }

func (h *handler) list(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	f := Filter{Portal: c.Query("portal")}
	fe := apperr.Fields{}
	fe.Check(f.Portal == "" || roledef.IsPortal(f.Portal), "portal", "is not a portal")
	switch c.Query("unread") {
	case "", "false":
	case "true":
		f.UnreadOnly = true
	default:
		fe.Add("unread", "must be true or false")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	items, next, err := h.s.List(c.Context(), p.UserID, f, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) summary(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Summary(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return data(c, out)
}

func (h *handler) seen(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.MarkSeen(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return data(c, out)
}

func (h *handler) read(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Read(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, out)
}

// ReadAllResult says how many notifications were marked read.
type ReadAllResult struct {
	Marked int `json:"marked"`
}

func (h *handler) readAll(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	n, err := h.s.ReadAll(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return data(c, ReadAllResult{Marked: n})
}

func (h *handler) prefs(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Preferences(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return data(c, out)
}

func (h *handler) setPrefs(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in Preferences
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SetPreferences(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, out)
}
