package ticketing

import (
	"context"
	"slices"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/page"
)

type handler struct {
	s    *Service
	idem *idempotency.Middleware
}

func (h *handler) routes(r httpx.Router) {
	r.Get("/events", h.events)
	r.Get("/events/:id", h.event)
	r.Post("/events/:id/orders", h.idem.Wrap(h.reserve))
	r.Get("/event-orders", httpx.OwnCursorList(h.s.MyOrders))
	r.Get("/event-orders/:id", httpx.OwnItem(h.s.MyOrder))
	r.Post("/event-orders/:id/pay", h.idem.Wrap(h.pay))
	r.Post("/event-orders/:id/cancel", h.idem.Wrap(httpx.OwnItem(h.s.CancelOrder)))
	r.Get("/event-tickets", httpx.OwnCursorList(h.s.MyTickets))
	r.Post("/event-tickets/:id/transfer", h.idem.Wrap(h.transfer))
	for _, base := range []string{"/organiser/events", "/admin/ticketing/events"} {
		r.Get(base, h.orgEvents)
		r.Post(base, h.create)
		r.Get(base+"/:id", h.org(h.s.OrganiserEvent))
		r.Put(base+"/:id", h.update)
		r.Post(base+"/:id/quotas", h.addQuota)
		r.Patch(base+"/:id/quotas/:quota_id", h.resizeQuota)
		r.Post(base+"/:id/ticket-types", h.addType)
		r.Post(base+"/:id/cancel", h.idem.Wrap(h.cancel))
		r.Get(base+"/:id/attendees", h.attendees)
		r.Get(base+"/:id/attendees.csv", h.attendeesCSV)
		r.Post(base+"/:id/check-in", h.checkIn)
		r.Get(base+"/:id/check-ins", h.scans)
	}
}

// orgOf is who the caller acts as: Sojourn on the admin routes, else the
// provider themselves.
func orgOf(c fiber.Ctx) (Org, error) {
	p, err := authn.Must(c)
	if err != nil {
		return Org{}, err
	}
	if len(c.Path()) >= len("/api/v1/admin/") && c.Path()[:len("/api/v1/admin/")] == "/api/v1/admin/" {
		return Org{Kind: OrganiserSojourn, UserID: p.UserID}, nil
	}
	return Org{Kind: OrganiserProvider, ID: p.UserID, UserID: p.UserID}, nil
}

func (h *handler) org(get func(ctx context.Context, org Org, id string) (Event, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		o, err := orgOf(c)
		if err != nil {
			return err
		}
		out, err := get(c.Context(), o, c.Params("id"))
		if err != nil {
			return err
		}
		return c.JSON(httpx.Data[Event]{Data: out})
	}
}

func dateQ(f apperr.Fields, c fiber.Ctx, name string) *time.Time {
	v := c.Query(name)
	if v == "" {
		return nil
	}
	t, err := time.Parse("2006-01-02", v)
	if err != nil || t.Year() < 2000 || t.Year() > 2200 {
		f.Add(name, "must be a date (YYYY-MM-DD)")
		return nil
	}
	return &t
}

func boolQ(f apperr.Fields, c fiber.Ctx, name string) *bool {
	switch c.Query(name) {
	case "":
		return nil
	case "true":
		t := true
		return &t
	case "false":
		b := false
		return &b
	}
	f.Add(name, "must be true or false")
	return nil
}

func (h *handler) events(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	flt := Filter{From: dateQ(f, c, "from"), To: dateQ(f, c, "to"), City: c.Query("city"), Category: c.Query("category"),
		Online: boolQ(f, c, "online"), Free: boolQ(f, c, "free")}
	if flt.To != nil {
		to := flt.To.Add(24 * time.Hour)
		flt.To = &to
	}
	checkLen(f, "city", flt.City, 0, 80)
	f.Check(flt.Category == "" || slices.Contains(Categories, flt.Category), "category", "is not a category")
	if err := f.Err(); err != nil {
		return err
	}
	out, next, err := h.s.Events(c.Context(), flt, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) event(c fiber.Ctx) error {
	code := c.Query("code")
	if len(code) > 40 {
		return apperr.Validation(map[string]string{"code": "must be at most 40 characters"})
	}
	out, err := h.s.Event(c.Context(), c.Params("id"), code)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) reserve(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Code  string `json:"code"`
		Items []Line `json:"items"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Reserve(c.Context(), p.UserID, c.Params("id"), in.Code, c.Get(idempotency.Header), in.Items)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Order]{Data: out})
}

func (h *handler) pay(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		PayWith string `json:"pay_with"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Pay(c.Context(), p.UserID, c.Params("id"), in.PayWith)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Order]{Data: out})
}

func (h *handler) transfer(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		To           string `json:"to"`
		AttendeeName string `json:"attendee_name"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Transfer(c.Context(), p.UserID, c.Params("id"), in.To, in.AttendeeName)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Ticket]{Data: out})
}

func (h *handler) orgEvents(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	out, next, err := h.s.OrganiserEvents(c.Context(), o, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) create(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in NewEvent
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Create(c.Context(), o, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) update(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in EventInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Update(c.Context(), o, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) addQuota(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in QuotaInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AddQuota(c.Context(), o, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) resizeQuota(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in struct {
		Size int `json:"size"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.ResizeQuota(c.Context(), o, c.Params("id"), c.Params("quota_id"), in.Size)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) addType(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in TypeInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AddType(c.Context(), o, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) cancel(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CancelEvent(c.Context(), o, c.Params("id"), in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Event]{Data: out})
}

func (h *handler) attendees(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	out, next, err := h.s.Attendees(c.Context(), o, c.Params("id"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) attendeesCSV(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	b, err := h.s.AttendeesCSV(c.Context(), o, c.Params("id"))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="attendees.csv"`)
	return c.Send(b)
}

func (h *handler) checkIn(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CheckIn(c.Context(), o, c.Params("id"), in.Code)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[CheckIn]{Data: out})
}

func (h *handler) scans(c fiber.Ctx) error {
	o, err := orgOf(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	out, next, err := h.s.Scans(c.Context(), o, c.Params("id"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

var _ = page.Cursor{}
