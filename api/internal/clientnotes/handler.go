package clientnotes

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/practice/clients/:userId/notes", h.notes)
	r.Post("/practice/clients/:userId/notes", h.createNote)
	r.Get("/practice/clients/:userId/notes/:id", h.note)
	r.Patch("/practice/clients/:userId/notes/:id", h.updateNote)
	r.Get("/practice/clients/:userId/documents", h.clientDocs)
	r.Get("/practice/clients/:userId/documents/:id/file", h.clientFile)
	r.Post("/bookings/:id/documents", h.share)
	r.Get("/me/documents", h.mine)
	r.Get("/me/documents/:id/file", h.myFile)
}

func (h *handler) notes(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.Notes(c.Context(), p.UserID, c.IP(), c.Params("userId"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) note(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Note(c.Context(), p.UserID, c.IP(), c.Params("userId"), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Note]{Data: out})
}

func (h *handler) createNote(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in NoteInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateNote(c.Context(), p.UserID, c.IP(), c.Params("userId"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Note]{Data: out})
}

func (h *handler) updateNote(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in NoteInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateNote(c.Context(), p.UserID, c.IP(), c.Params("userId"), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Note]{Data: out})
}

func (h *handler) clientDocs(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.OfClient(c.Context(), p.UserID, c.Params("userId"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) mine(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.Mine(c.Context(), p.UserID, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

var (
	errMultipart = apperr.New(apperr.CodeUnsupportedMedia, "Send the document as multipart/form-data in the field \"file\".")
	errNoFile    = apperr.Validation(map[string]string{"file": "is required"})
)

func (h *handler) share(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "file", Max: MaxDocumentBytes, NotMultipart: errMultipart,
		Missing: errNoFile, TooLarge: errDocTooLarge})
	if err != nil {
		return err
	}
	title := c.FormValue("title")
	fl := apperr.Fields{}
	httpx.CheckText(fl, "title", title)
	if err := fl.Err(); err != nil {
		return err
	}
	out, err := h.s.Share(c.Context(), p.UserID, c.Params("id"), title, data)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Document]{Data: out})
}

var extensions = map[string]string{"image/jpeg": ".jpg", "image/png": ".png", "image/gif": ".gif",
	"image/webp": ".webp", "application/pdf": ".pdf"}

// sendFile answers a document's bytes as a download (never rendered from
// the API's origin); its real type is in X-Document-Type and the list.
func sendFile(c fiber.Ctx, f *docFile) error {
	ext, ok := extensions[f.ContentType]
	if !ok {
		ext = ".bin"
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEOctetStream)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="document-`+f.ID+ext+`"`)
	c.Set("X-Document-Type", f.ContentType)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return c.Send(f.Content)
}

func (h *handler) myFile(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	f, err := h.s.MyFile(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return sendFile(c, f)
}

func (h *handler) clientFile(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	f, err := h.s.ClientFile(c.Context(), p.UserID, c.IP(), c.Params("userId"), c.Params("id"))
	if err != nil {
		return err
	}
	return sendFile(c, f)
}
