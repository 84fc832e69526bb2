package blog

import (
	"context"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	// Readers.
	r.Get("/blog/posts", h.published)
	r.Get("/blog/posts/:id", h.publicPost)
	r.Get("/blog/categories", h.categories)
	// Writers (their own posts; another writer's is 404).
	r.Get("/blog/my/overview", h.overview)
	r.Get("/blog/my/posts", h.mine)
	r.Post("/blog/my/posts", h.create)
	r.Get("/blog/my/posts/:id", httpx.OwnItem(h.s.Mine))
	r.Put("/blog/my/posts/:id", h.save)
	r.Post("/blog/my/posts/:id/submit", httpx.OwnItem(h.s.Submit))
	r.Get("/blog/my/posts/:id/revisions", h.revisions)
	r.Get("/blog/my/posts/:id/revisions/:number", h.revision)
	r.Post("/blog/my/posts/:id/revisions/:number/restore", h.restore)
	r.Post("/blog/categories", h.createCategory)
	r.Put("/blog/categories/:id", h.renameCategory)
	// Editors (admins).
	r.Get("/admin/blog/posts", h.adminList)
	r.Get("/admin/blog/posts/:id", h.adminGet)
	r.Post("/admin/blog/posts/:id/comments", h.editorial(h.s.Comment))
	r.Post("/admin/blog/posts/:id/request-changes", h.editorial(h.s.RequestChanges))
	r.Post("/admin/blog/posts/:id/approve", h.approve)
	r.Post("/admin/blog/posts/:id/unpublish", h.editorial(h.s.Unpublish))
}

func (h *handler) published(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	out, next, err := h.s.Published(c.Context(), PublicFilter{Category: c.Query("category"), Q: c.Query("q")}, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) publicPost(c fiber.Ctx) error {
	out, err := h.s.PublicPost(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[PublicPost]{Data: out})
}

func (h *handler) categories(c fiber.Ctx) error {
	out, err := h.s.Categories(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]Category]{Data: out})
}

func (h *handler) overview(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyOverview(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Overview]{Data: out})
}

func (h *handler) list(c fiber.Ctx, writerID string) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	out, next, err := h.s.List(c.Context(), writerID, Filter{Status: c.Query("status"), Q: c.Query("q")}, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) mine(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	return h.list(c, p.UserID)
}

func (h *handler) adminList(c fiber.Ctx) error { return h.list(c, "") }

func (h *handler) create(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in Input
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Create(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Post]{Data: out})
}

func (h *handler) save(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in Input
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Save(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Post]{Data: out})
}

func (h *handler) revisions(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Revisions(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]RevisionSummary]{Data: out})
}

func number(c fiber.Ctx) (int, error) {
	n, err := strconv.Atoi(c.Params("number"))
	if err != nil || n < 1 || n > 1_000_000 {
		return 0, errRevisionNotFound
	}
	return n, nil
}

func (h *handler) revision(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	n, err := number(c)
	if err != nil {
		return err
	}
	out, err := h.s.Revision(c.Context(), p.UserID, c.Params("id"), n)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Revision]{Data: out})
}

func (h *handler) restore(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	n, err := number(c)
	if err != nil {
		return err
	}
	var in struct {
		Version int `json:"version"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Restore(c.Context(), p.UserID, c.Params("id"), n, in.Version)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Post]{Data: out})
}

func (h *handler) createCategory(c fiber.Ctx) error {
	var in struct {
		Name string `json:"name"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SaveCategory(c.Context(), "", in.Name)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Category]{Data: out})
}

func (h *handler) renameCategory(c fiber.Ctx) error {
	var in struct {
		Name string `json:"name"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SaveCategory(c.Context(), c.Params("id"), in.Name)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Category]{Data: out})
}

func (h *handler) adminGet(c fiber.Ctx) error {
	out, err := h.s.Get(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Post]{Data: out})
}

func (h *handler) editorial(fn func(ctx context.Context, editorID, id, body string) (Post, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		var in struct {
			Body string `json:"body"`
		}
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		out, err := fn(c.Context(), p.UserID, c.Params("id"), in.Body)
		if err != nil {
			return err
		}
		return c.JSON(httpx.Data[Post]{Data: out})
	}
}

func (h *handler) approve(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Version   int        `json:"version"`
		PublishAt *time.Time `json:"publish_at"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Version < 1 {
		return apperr.Fields{"version": "is required"}.Err()
	}
	out, err := h.s.Approve(c.Context(), p.UserID, c.Params("id"), in.Version, in.PublishAt)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Post]{Data: out})
}
