package video

import (
	"context"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/practice"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/video/rooms", h.rooms)
	r.Post("/video/rooms", h.callFriend)
	r.Get("/video/rooms/:id", h.room)
	r.Post("/video/rooms/:id/join", h.act(h.s.Join))
	r.Post("/video/rooms/:id/admit", h.act(h.s.Admit))
	r.Post("/video/rooms/:id/leave", h.act(h.s.Leave))
	r.Post("/video/rooms/:id/token", h.token)
}

func data[T any](c fiber.Ctx, status int, v T) error {
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

func (h *handler) rooms(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	kind := c.Query("kind")
	if kind != "" && kind != practice.KindTherapist && kind != practice.KindCoach {
		return apperr.Validation(apperr.Fields{"kind": "kind is therapist or coach."})
	}
	out, err := h.s.Rooms(c.Context(), p.UserID, kind)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) callFriend(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in FriendCallInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.FriendID == "" {
		return apperr.Validation(apperr.Fields{"friend_id": "Choose the friend to call."})
	}
	out, err := h.s.CallFriend(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) room(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Room(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) act(fn func(ctx context.Context, userID, id string) (Room, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		out, err := fn(c.Context(), p.UserID, c.Params("id"))
		if err != nil {
			return err
		}
		return data(c, fiber.StatusOK, out)
	}
}

func (h *handler) token(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Token(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}
