package matchmaking

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/matchmaking/me", h.me)
	r.Post("/matchmaking/opt-in", h.optIn)
	r.Post("/matchmaking/opt-out", h.optOut)
	r.Put("/matchmaking/pause", h.pause)
	r.Put("/matchmaking/preferences/:step", h.savePreference)
	r.Get("/matchmaking/questions", h.questions)
	r.Put("/matchmaking/questions/:id", h.answer)
	r.Get("/matchmaking/candidates", h.candidates)
	r.Post("/matchmaking/likes", h.decide(Like))
	r.Post("/matchmaking/passes", h.decide(Pass))
	r.Get("/matchmaking/matches", h.matches)
	r.Delete("/matchmaking/matches/:id", h.unmatch)
	r.Get("/matchmaking/weights", h.weights)
	r.Delete("/matchmaking/weights", h.resetWeights)
	r.Get("/matchmaking/hidden", h.hidden)
	r.Post("/matchmaking/hidden", h.hide)
	r.Delete("/matchmaking/hidden/:user_id", h.unhide)
	r.Post("/matchmaking/reports", h.report)
	r.Get("/admin/matchmaking/reports", h.reports)
	r.Post("/admin/matchmaking/reports/:id/resolve", h.resolve)
}

func data[T any](c fiber.Ctx, status int, v T) error {
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

// as runs fn for the signed-in caller and answers its result with status.
func as[T any](c fiber.Ctx, status int, fn func(userID string) (T, error)) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := fn(p.UserID)
	if err != nil {
		return err
	}
	return data(c, status, out)
}

// body decodes the JSON body into a new T.
func body[T any](c fiber.Ctx) (T, error) {
	var in T
	err := httpx.Decode(c, &in)
	return in, err
}

func (h *handler) me(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (Me, error) { return h.s.Me(c.Context(), u) })
}

func (h *handler) optIn(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (Me, error) { return h.s.OptIn(c.Context(), u) })
}

func (h *handler) optOut(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (Me, error) { return h.s.OptOut(c.Context(), u) })
}

func (h *handler) pause(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (Me, error) {
		in, err := body[Pause](c)
		if err != nil {
			return Me{}, err
		}
		return h.s.SetPaused(c.Context(), u, in)
	})
}

func (h *handler) savePreference(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (Me, error) {
		if stepFields(c.Params("step")) == nil {
			return Me{}, errStepNotFound
		}
		in, err := body[Prefs](c)
		if err != nil {
			return Me{}, err
		}
		return h.s.SavePreference(c.Context(), u, c.Params("step"), in)
	})
}

func (h *handler) questions(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) ([]QuestionView, error) { return h.s.Questions(c.Context(), u) })
}

func (h *handler) answer(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (QuestionView, error) {
		if _, ok := question(c.Params("id")); !ok {
			return QuestionView{}, errQuestionNotFound
		}
		in, err := body[Answer](c)
		if err != nil {
			return QuestionView{}, err
		}
		return h.s.AnswerQuestion(c.Context(), u, c.Params("id"), in)
	})
}

// cursorList answers a keyset page.
func cursorList[T any](c fiber.Ctx, fn func(userID string, cur page.Cursor) ([]T, *page.Key, error)) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := fn(p.UserID, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) candidates(c fiber.Ctx) error {
	return cursorList(c, func(u string, cur page.Cursor) ([]Candidate, *page.Key, error) {
		return h.s.Candidates(c.Context(), u, cur)
	})
}

func (h *handler) decide(decision string) fiber.Handler {
	return func(c fiber.Ctx) error {
		return as(c, fiber.StatusOK, func(u string) (Decision, error) {
			in, err := body[DecisionInput](c)
			if err != nil {
				return Decision{}, err
			}
			if decision == Like {
				return h.s.Like(c.Context(), u, in)
			}
			return h.s.Pass(c.Context(), u, in)
		})
	}
}

func (h *handler) matches(c fiber.Ctx) error {
	return cursorList(c, func(u string, cur page.Cursor) ([]Match, *page.Key, error) {
		return h.s.Matches(c.Context(), u, cur)
	})
}

func noContent(c fiber.Ctx, fn func(userID string) error) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := fn(p.UserID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) unmatch(c fiber.Ctx) error {
	return noContent(c, func(u string) error { return h.s.Unmatch(c.Context(), u, c.Params("id")) })
}

func (h *handler) weights(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (WeightsView, error) { return h.s.Weights(c.Context(), u) })
}

func (h *handler) resetWeights(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (WeightsView, error) { return h.s.ResetWeights(c.Context(), u) })
}

func (h *handler) hide(c fiber.Ctx) error {
	return noContent(c, func(u string) error {
		in, err := body[DecisionInput](c)
		if err != nil {
			return err
		}
		return h.s.Hide(c.Context(), u, in)
	})
}

func (h *handler) unhide(c fiber.Ctx) error {
	return noContent(c, func(u string) error { return h.s.Unhide(c.Context(), u, c.Params("user_id")) })
}

func (h *handler) report(c fiber.Ctx) error {
	return as(c, fiber.StatusCreated, func(u string) (Report, error) {
		in, err := body[ReportInput](c)
		if err != nil {
			return Report{}, err
		}
		return h.s.ReportPerson(c.Context(), u, in)
	})
}

func (h *handler) reports(c fiber.Ctx) error {
	return cursorList(c, func(_ string, cur page.Cursor) ([]Report, *page.Key, error) {
		return h.s.Reports(c.Context(), c.Query("status"), cur)
	})
}

func (h *handler) resolve(c fiber.Ctx) error {
	return as(c, fiber.StatusOK, func(u string) (Report, error) {
		in, err := body[ResolveInput](c)
		if err != nil {
			return Report{}, err
		}
		return h.s.Resolve(c.Context(), u, c.IP(), c.Params("id"), in)
	})
}

func (h *handler) hidden(c fiber.Ctx) error {
	return cursorList(c, func(u string, cur page.Cursor) ([]HiddenPerson, *page.Key, error) {
		return h.s.Hidden(c.Context(), u, cur)
	})
}
