package accounts

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Handler serves the accounts routes.
type Handler struct {
	s *Service
}

// RegisterAuth mounts the sign-in routes under /api/auth.
func (h *Handler) RegisterAuth(r fiber.Router) {
	r.Post("/register", h.register)
	r.Post("/login", h.login)
	r.Post("/refresh", h.refresh)
	r.Post("/logout", h.logout)
	r.Post("/logout-all", h.logoutAll)
	r.Get("/user", h.me)
	r.Post("/verify-email", h.verifyEmail)
	r.Post("/verify-email/resend", h.resendVerification)
	r.Post("/forgot-password", h.forgotPassword)
	r.Post("/reset-password", h.resetPassword)
	r.Post("/change-password", h.changePassword)
}

// RegisterV1 mounts the admin's user management under /api/v1.
func (h *Handler) RegisterV1(r httpx.Router) {
	r.Get("/admin/users", h.listUsers)
	r.Get("/admin/users/:id", h.getUser)
	r.Patch("/admin/users/:id", h.updateUser)
}

func meta(c fiber.Ctx) ClientMeta {
	ua := c.Get(fiber.HeaderUserAgent)
	if len(ua) > 300 {
		ua = ua[:300]
	}
	return ClientMeta{IP: c.IP(), UserAgent: ua}
}

// Message is the body of a 202 answer.
type Message struct {
	Message string `json:"message"`
}

func accepted(c fiber.Ctx, msg string) error {
	return c.Status(fiber.StatusAccepted).JSON(httpx.Data[Message]{Data: Message{Message: msg}})
}

func (h *Handler) register(c fiber.Ctx) error {
	var in RegisterInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SignUp(c.Context(), in, meta(c))
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(out)
}

func (h *Handler) login(c fiber.Ctx) error {
	var in LoginInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Login(c.Context(), in, meta(c))
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *Handler) refresh(c fiber.Ctx) error {
	var in RefreshInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Refresh(c.Context(), in.RefreshToken, meta(c))
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *Handler) logout(c fiber.Ctx) error {
	var in RefreshInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := h.s.Logout(c.Context(), in.RefreshToken); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) logoutAll(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := h.s.LogoutAll(c.Context(), p.UserID); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) me(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	u, err := h.s.Me(c.Context(), p)
	if err != nil {
		return err
	}
	return c.JSON(UserBody{User: u})
}

func (h *Handler) verifyEmail(c fiber.Ctx) error {
	var in TokenInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	u, err := h.s.VerifyEmail(c.Context(), in.Token)
	if err != nil {
		return err
	}
	return c.JSON(UserBody{User: u})
}

func (h *Handler) resendVerification(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in PortalInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := h.s.ResendVerification(c.Context(), p.UserID, in.Portal); err != nil {
		return err
	}
	return accepted(c, "If your address still needs confirming, a new link is on its way.")
}

func (h *Handler) forgotPassword(c fiber.Ctx) error {
	var in ForgotInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := h.s.ForgotPassword(c.Context(), in, meta(c)); err != nil {
		return err
	}
	return accepted(c, "If an account uses that address, a link to reset its password is on its way.")
}

func (h *Handler) resetPassword(c fiber.Ctx) error {
	var in ResetInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := h.s.ResetPassword(c.Context(), in); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) changePassword(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ChangePasswordInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := h.s.ChangePassword(c.Context(), p, in); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *Handler) listUsers(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.s.ListUsers(c.Context(),
		UserFilter{Q: c.Query("q"), Role: c.Query("role"), Status: c.Query("status")}, pg.Limit(), pg.Offset())
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *Handler) getUser(c fiber.Ctx) error {
	u, err := h.s.GetUser(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminUser]{Data: u})
}

func (h *Handler) updateUser(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in UpdateUserInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	u, err := h.s.UpdateUser(c.Context(), p.UserID, c.Params("id"), in, c.IP())
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminUser]{Data: u})
}
