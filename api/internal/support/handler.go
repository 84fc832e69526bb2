package support

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/jobs"
)

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) {
	r.Get("/support/faqs", s.hFAQs)
	r.Get("/support/linkables", s.hLinkables)
	r.Get("/support/tickets", httpx.OwnCursorList(s.Mine))
	r.Post("/support/tickets", s.hCreate)
	r.Get("/support/tickets/:id", httpx.OwnItem(s.Ticket))
	r.Post("/support/tickets/:id/messages", s.hReply)
	r.Post("/support/tickets/:id/rating", s.hRate)
	r.Get("/admin/support/tickets", s.hQueue)
	r.Get("/admin/support/tickets/:id", s.hAdminTicket)
	r.Patch("/admin/support/tickets/:id", s.hUpdate)
	r.Post("/admin/support/tickets/:id/messages", s.hAdminReply)
	r.Post("/admin/support/tickets/:id/actions", s.hAction)
	r.Get("/admin/support/canned-replies", s.hCanned)
	r.Post("/admin/support/canned-replies", s.hCreateCanned)
	r.Delete("/admin/support/canned-replies/:id", s.hDeleteCanned)
	r.Post("/admin/support/faqs", s.hCreateFAQ)
	r.Put("/admin/support/faqs/:id", s.hUpdateFAQ)
	r.Delete("/admin/support/faqs/:id", s.hDeleteFAQ)
}

func data[T any](c fiber.Ctx, status int, v T, err error) error {
	if err != nil {
		return err
	}
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

func (s *Service) hFAQs(c fiber.Ctx) error {
	out, err := s.FAQs(c.Context(), c.Query("q"))
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hLinkables(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := s.Linkables(c.Context(), p.UserID)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hCreate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in CreateInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.Create(c.Context(), p.UserID, in)
	return data(c, fiber.StatusCreated, out, err)
}

func (s *Service) hReply(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReplyInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	in.Internal = false
	out, err := s.Reply(c.Context(), p.UserID, c.Params("id"), in)
	return data(c, fiber.StatusCreated, out, err)
}

func (s *Service) hRate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in RateInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.Rate(c.Context(), p.UserID, c.Params("id"), in)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hQueue(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	q := Queue{Status: c.Query("status"), Priority: c.Query("priority"), Category: c.Query("category"),
		Assignee: c.Query("assignee"), Breached: c.Query("breached") == "true", Q: c.Query("q")}
	if q.Assignee == "me" {
		q.Assignee = p.UserID
	}
	items, total, err := s.AdminTickets(c.Context(), q, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (s *Service) hAdminTicket(c fiber.Ctx) error {
	out, err := s.AdminTicket(c.Context(), c.Params("id"))
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hUpdate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in UpdateInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.Update(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hAdminReply(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReplyInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.AdminReply(c.Context(), p.UserID, c.Params("id"), in)
	return data(c, fiber.StatusCreated, out, err)
}

func (s *Service) hAction(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ActionInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.RunAction(c.Context(), p.UserID, c.IP(), c.Params("id"), c.Get(idempotency.Header), in)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hCanned(c fiber.Ctx) error {
	out, err := s.CannedReplies(c.Context())
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hCreateCanned(c fiber.Ctx) error {
	var in CannedInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.CreateCanned(c.Context(), in)
	return data(c, fiber.StatusCreated, out, err)
}

func (s *Service) hDeleteCanned(c fiber.Ctx) error {
	if err := s.DeleteCanned(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (s *Service) hCreateFAQ(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in FAQInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.CreateFAQ(c.Context(), p.UserID, c.IP(), in)
	return data(c, fiber.StatusCreated, out, err)
}

func (s *Service) hUpdateFAQ(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in FAQInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := s.UpdateFAQ(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	return data(c, fiber.StatusOK, out, err)
}

func (s *Service) hDeleteFAQ(c fiber.Ctx) error {
	if err := s.DeleteFAQ(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// AutoCloseJob closes solved tickets past AutoCloseAfter.
type AutoCloseJob struct{}

// Kind names the job.
func (AutoCloseJob) Kind() string { return "support.autoclose" }

// SLAJob flags tickets that missed their SLA and tells admins.
type SLAJob struct{}

// Kind names the job.
func (SLAJob) Kind() string { return "support.sla" }

// RegisterJobs adds the support chores.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	jobs.AddChore[AutoCloseJob](r, time.Hour, func(ctx context.Context) error { _, err := s.AutoClose(ctx); return err })
	jobs.AddChore[SLAJob](r, 5*time.Minute, func(ctx context.Context) error { _, err := s.FlagBreaches(ctx); return err })
}
