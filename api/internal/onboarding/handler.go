package onboarding

import (
	"encoding/json"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Register mounts the onboarding routes under /api/v1.
func (s *Service) Register(r httpx.Router) {
	r.Get("/onboarding/:flow", s.getProgress)
	r.Put("/onboarding/:flow/steps/:step", s.putStep)
	r.Post("/onboarding/:flow/submit", s.postSubmit)
}

func (s *Service) getProgress(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := s.Progress(c.Context(), p.UserID, p.Roles, c.Params("flow"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": out})
}

type stepInput struct {
	Data map[string]any `json:"data"`
}

func (s *Service) putStep(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in stepInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Data == nil {
		return apperr.Validation(map[string]string{"data": "is required (an object)"})
	}
	raw, err := json.Marshal(in.Data)
	if err != nil {
		return apperr.Validation(map[string]string{"data": "must be an object"})
	}
	out, err := s.SaveStep(c.Context(), p.UserID, p.Roles, c.Params("flow"), c.Params("step"), raw)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": out})
}

func (s *Service) postSubmit(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := s.Submit(c.Context(), p.UserID, p.Roles, c.Params("flow"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": out})
}
