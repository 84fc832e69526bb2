package practice

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
)

// The licence document routes: the owner uploads, removes and reads their
// own; admins read any profile's (audited). Files leave as downloads of
// type application/octet-stream with their real type in X-Document-Type,
// never cached, so a browser never renders one from its address: the
// portals fetch them with the bearer token and show them from memory.

func (h *handler) addLicenceDocument(c fiber.Ctx) error {
	uid, kind, err := provider(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "file", Max: MaxDocumentBytes, NotMultipart: errMediaMultipart,
		Missing: errMediaMissing, TooLarge: errDocTooLarge})
	if err != nil {
		return err
	}
	out, err := h.s.AddLicenceDocument(c.Context(), uid, kind, data)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[LicenceDocument]{Data: out})
}

func (h *handler) deleteLicenceDocument(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	if err := h.s.DeleteLicenceDocument(c.Context(), uid, c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// fileSize reads ?size=: full (the default) or preview.
func fileSize(c fiber.Ctx) (bool, error) {
	switch c.Query("size") {
	case "", "full":
		return false, nil
	case "preview":
		return true, nil
	}
	return false, apperr.Validation(map[string]string{"size": "must be full or preview"})
}

func (h *handler) myLicenceFile(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	thumb, err := fileSize(c)
	if err != nil {
		return err
	}
	f, err := h.s.MyLicenceFile(c.Context(), uid, c.Params("id"), thumb)
	if err != nil {
		return err
	}
	return sendDocument(c, f)
}

func (h *handler) adminLicenceFile(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	thumb, err := fileSize(c)
	if err != nil {
		return err
	}
	f, err := h.s.AdminLicenceFile(c.Context(), uid, c.IP(), c.Params("id"), c.Params("docId"), thumb)
	if err != nil {
		return err
	}
	return sendDocument(c, f)
}

var docExtensions = map[string]string{"image/jpeg": ".jpg", "image/png": ".png"}

func sendDocument(c fiber.Ctx, f DocumentFile) error {
	ext, ok := docExtensions[f.ContentType]
	if !ok {
		ext = ".bin"
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEOctetStream)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="licence-`+f.ID+ext+`"`)
	c.Set("X-Document-Type", f.ContentType)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return c.Send(f.Data)
}
