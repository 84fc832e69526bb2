package practice

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// handler maps the practice routes onto the service.
type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/practice/profile", h.getProfile)
	r.Put("/practice/profile", h.putProfile)
	r.Post("/practice/profile/publish", h.publish)
	r.Post("/practice/profile/unpublish", h.unpublish)
	r.Post("/practice/media", h.addMedia)
	r.Delete("/practice/media/:id", h.deleteMedia)
	r.Post("/practice/licence/documents", h.addLicenceDocument)
	r.Delete("/practice/licence/documents/:id", h.deleteLicenceDocument)
	r.Get("/practice/licence/documents/:id/file", h.myLicenceFile)
	r.Get("/practice/offerings", h.listOfferings)
	r.Post("/practice/offerings", h.createOffering)
	r.Get("/practice/offerings/:id", h.getOffering)
	r.Patch("/practice/offerings/:id", h.patchOffering)
	r.Delete("/practice/offerings/:id", h.archiveOffering)
	r.Get("/practice/schedule", h.getSchedule)
	r.Put("/practice/schedule", h.putSchedule)
	r.Get("/practice/schedule/overrides", h.listOverrides)
	r.Post("/practice/schedule/overrides", h.addOverride)
	r.Delete("/practice/schedule/overrides/:id", h.deleteOverride)

	r.Get("/providers", h.directory)
	r.Get("/providers/:id", h.publicProfile)
	r.Get("/providers/:id/offerings", h.publicOfferings)

	r.Get("/admin/providers", h.adminList)
	r.Get("/admin/providers/:id", h.adminDetail)
	r.Post("/admin/providers/:id/verification", h.adminDecide)
	r.Post("/admin/providers/:id/suspend", h.adminSuspend)
	r.Post("/admin/providers/:id/reinstate", h.adminReinstate)
	r.Get("/admin/providers/:id/licence/documents/:docId/file", h.adminLicenceFile)
}

// provider is the signed-in caller and the provider kind of ?kind=, which
// must be a practice kind (422) the caller holds as a role (403).
func provider(c fiber.Ctx) (string, string, error) {
	p, err := authn.Must(c)
	if err != nil {
		return "", "", err
	}
	kind := c.Query("kind")
	if !validKind(kind) {
		return "", "", apperr.Validation(map[string]string{"kind": kindMessage})
	}
	if !p.Has(kind) {
		return "", "", errNoRole
	}
	return p.UserID, kind, nil
}

// self is the signed-in caller (routes on one object, whose ownership the
// service checks).
func self(c fiber.Ctx) (string, error) {
	p, err := authn.Must(c)
	if err != nil {
		return "", err
	}
	return p.UserID, nil
}

func (h *handler) getProfile(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyProfile(c.Context(), uid, kind)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OwnProfile]{Data: out})
}

func (h *handler) putProfile(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	var in ProfileInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SaveProfile(c.Context(), uid, kind, in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OwnProfile]{Data: out})
}

func (h *handler) publish(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	out, err := h.s.Publish(c.Context(), uid, kind)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OwnProfile]{Data: out})
}

func (h *handler) unpublish(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	out, err := h.s.Unpublish(c.Context(), uid, kind)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OwnProfile]{Data: out})
}

var (
	errMediaMultipart = apperr.Validation(map[string]string{"file": "must be sent as multipart/form-data"})
	errMediaMissing   = apperr.Validation(map[string]string{"file": "is required"})
)

func (h *handler) addMedia(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "file", Max: MaxMediaBytes, NotMultipart: errMediaMultipart,
		Missing: errMediaMissing, TooLarge: errMediaTooLarge})
	if err != nil {
		return err
	}
	out, err := h.s.AddPhoto(c.Context(), uid, kind, data)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[MediaItem]{Data: out})
}

func (h *handler) deleteMedia(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	if err := h.s.DeleteMedia(c.Context(), uid, c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) listOfferings(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyOfferings(c.Context(), uid, kind)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]OfferingView]{Data: out})
}

func (h *handler) createOffering(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	var in OfferingInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateOffering(c.Context(), uid, kind, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[OfferingView]{Data: out})
}

func (h *handler) getOffering(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyOffering(c.Context(), uid, c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OfferingView]{Data: out})
}

func (h *handler) patchOffering(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	var in OfferingInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateOffering(c.Context(), uid, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OfferingView]{Data: out})
}

func (h *handler) archiveOffering(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	out, err := h.s.ArchiveOffering(c.Context(), uid, c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[OfferingView]{Data: out})
}

func (h *handler) getSchedule(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	out, err := h.s.MySchedule(c.Context(), uid, kind)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Schedule]{Data: out})
}

func (h *handler) putSchedule(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	var in ScheduleInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SaveSchedule(c.Context(), uid, kind, in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Schedule]{Data: out})
}

func (h *handler) listOverrides(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	from, to := c.Query("from"), c.Query("to")
	if from == "" {
		from = h.s.c.Clock.Now().UTC().AddDate(0, 0, -1).Format(time.DateOnly)
	}
	if to == "" {
		if t, ok := parseDay(from); ok {
			to = t.AddDate(0, 0, 365).Format(time.DateOnly)
		}
	}
	out, err := h.s.MyOverrides(c.Context(), uid, kind, from, to)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]OverrideView]{Data: out})
}

func (h *handler) addOverride(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	var in OverrideInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AddOverride(c.Context(), uid, kind, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[OverrideView]{Data: out})
}

func (h *handler) deleteOverride(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	if err := h.s.DeleteOverride(c.Context(), uid, c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
