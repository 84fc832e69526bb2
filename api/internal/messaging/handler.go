package messaging

import (
	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) {
	r.Get("/messaging/conversations", s.hList)
	r.Post("/messaging/conversations", s.hStart)
	r.Post("/messaging/conversations/groups", s.hGroup)
	r.Get("/messaging/conversations/:id", s.hGet)
	r.Post("/messaging/conversations/:id/members", s.hMembers)
	r.Get("/messaging/conversations/:id/messages", s.hMessages)
	r.Post("/messaging/conversations/:id/messages", s.hSend)
	r.Patch("/messaging/conversations/:id/messages/:msgId", s.hEdit)
	r.Delete("/messaging/conversations/:id/messages/:msgId", s.hDelete)
	r.Post("/messaging/conversations/:id/messages/:msgId/reactions", s.hReact)
	r.Post("/messaging/conversations/:id/attachments", s.hAttach)
	r.Get("/messaging/conversations/:id/attachments/:attId", s.hFile)
	r.Post("/messaging/conversations/:id/read", s.hRead)
	r.Get("/messaging/unread", s.hUnread)
	r.Get("/messaging/search", s.hSearch)
	r.Get("/messaging/settings", s.hGetSettings)
	r.Put("/messaging/settings", s.hPutSettings)
	r.Post("/messaging/reports", s.hReport)
	r.Get("/admin/messaging/reports", s.hReports)
	r.Post("/admin/messaging/reports/:id/decision", s.hDecide)
}

func (s *Service) hList(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := s.List(c.Context(), p.UserID, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (s *Service) hStart(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in StartInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	conv, created, err := s.Start(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	status := fiber.StatusOK
	if created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(httpx.Data[Conversation]{Data: conv})
}

func (s *Service) hGroup(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in GroupInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	conv, err := s.CreateGroup(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Conversation]{Data: conv})
}

func (s *Service) hGet(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	conv, err := s.Get(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Conversation]{Data: conv})
}

func (s *Service) hMembers(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in MembersInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	conv, err := s.AddMembers(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Conversation]{Data: conv})
}

func (s *Service) hMessages(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	after := c.Query("after")
	if after != "" && c.Query("cursor") != "" {
		return apperr.Validation(map[string]string{"after": "cannot be combined with cursor"})
	}
	items, next, err := s.Messages(c.Context(), p.UserID, c.Params("id"), ListInput{Cursor: cur, After: after})
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (s *Service) hSend(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in SendInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	m, err := s.Send(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Message]{Data: m})
}

func (s *Service) hEdit(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in EditInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	m, err := s.Edit(c.Context(), p.UserID, c.Params("id"), c.Params("msgId"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Message]{Data: m})
}

func (s *Service) hDelete(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	m, err := s.Delete(c.Context(), p.UserID, c.Params("id"), c.Params("msgId"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Message]{Data: m})
}

// ReactionInput adds or (Remove) takes back a reaction.
type ReactionInput struct {
	Emoji  string `json:"emoji"`
	Remove bool   `json:"remove"`
}

func (s *Service) hReact(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReactionInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	m, err := s.React(c.Context(), p.UserID, c.Params("id"), c.Params("msgId"), in.Emoji, in.Remove)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Message]{Data: m})
}

func (s *Service) hAttach(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "file", Max: MaxFileBytes, NotMultipart: errMultipart,
		Missing: errMissingFile, TooLarge: errFileTooLarge})
	if err != nil {
		return err
	}
	caption := c.FormValue("body")
	fl := apperr.Fields{}
	httpx.CheckText(fl, "body", caption)
	if fh, err := c.FormFile("file"); err == nil {
		httpx.CheckText(fl, "file", fh.Filename)
	}
	if err := fl.Err(); err != nil {
		return err
	}
	name := ""
	if fh, err := c.FormFile("file"); err == nil {
		name = fh.Filename
	}
	m, err := s.SendAttachment(c.Context(), p.UserID, c.Params("id"), name, caption, data)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Message]{Data: m})
}

// hFile answers an attachment's bytes to a member, as a private download
// (its real type in X-Document-Type).
func (s *Service) hFile(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	f, err := s.File(c.Context(), p.UserID, c.Params("id"), c.Params("attId"))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEOctetStream)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+f.Name+`"`)
	c.Set("X-Document-Type", f.ContentType)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return c.Send(f.Content)
}

// ReadResult is where the read mark now stands.
type ReadResult struct {
	ReadUpTo int64 `json:"read_up_to"`
}

func (s *Service) hRead(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReadInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	seq, err := s.Read(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[ReadResult]{Data: ReadResult{ReadUpTo: seq}})
}

func (s *Service) hUnread(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	u, err := s.Unread(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Unread]{Data: u})
}

func (s *Service) hSearch(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := s.Search(c.Context(), p.UserID, c.Query("q"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (s *Service) hGetSettings(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	st, err := s.GetSettings(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Settings]{Data: st})
}

func (s *Service) hPutSettings(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in SettingsInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	st, err := s.PutSettings(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Settings]{Data: st})
}

// Created names what a route made.
type Created struct {
	ID string `json:"id"`
}

func (s *Service) hReport(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ReportInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	id, err := s.ReportMessage(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Created]{Data: Created{ID: id}})
}

func (s *Service) hReports(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, n, err := s.Reports(c.Context(), c.Query("status"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, n))
}

func (s *Service) hDecide(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in DecideInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	r, err := s.Decide(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Report]{Data: r})
}
