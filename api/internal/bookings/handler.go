package bookings

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/page"
)

// handler serves the booking routes.
type handler struct {
	s    *Service
	idem *idempotency.Middleware
}

func (h *handler) routes(r httpx.Router) {
	r.Get("/offerings/:id/slots", h.slots)
	r.Post("/bookings/holds", h.hold)
	r.Post("/bookings", h.idem.Wrap(h.book))
	r.Get("/bookings", h.list)
	r.Get("/bookings/:id", h.get)
	r.Post("/bookings/:id/cancel", h.idem.Wrap(h.cancel))
	r.Post("/bookings/:id/reschedule", h.reschedule)
	r.Get("/calendar", h.calendar)
	r.Get("/calendar/feed-url", h.feedURL)
	r.Post("/calendar/feed-url/rotate", h.rotate)
	r.Get("/calendar/:token.ics", h.feed)
	r.Get("/practice/appointments", h.appointments)
	r.Get("/practice/appointments/:id", h.appointment)
	r.Post("/practice/appointments/:id/confirm", h.action("confirm"))
	r.Post("/practice/appointments/:id/decline", h.idem.Wrap(h.action("decline")))
	r.Post("/practice/appointments/:id/no-show", h.idem.Wrap(h.action("no-show")))
	r.Post("/practice/appointments/:id/cancel", h.idem.Wrap(h.action("cancel")))
	r.Post("/practice/appointments/:id/reschedule", h.providerReschedule)
	r.Get("/practice/sessions", h.sessions)
	r.Get("/practice/dashboard", h.dashboard)
	r.Get("/practice/clients", h.clients)
	r.Get("/practice/clients/:userId", h.client)
}

func (h *handler) slots(c fiber.Ctx) error {
	res, err := h.s.Slots(c.Context(), c.Params("id"), c.Query("from"), c.Query("to"), c.Query("tz"))
	if err != nil {
		return err
	}
	out := SlotsDTO{OfferingID: res.Offering.ID, TimeZone: res.Viewer.String(), DurationMin: res.Offering.DurationMin,
		Price: MoneyDTO{Amount: res.Offering.Price, Currency: res.Offering.Currency}, Slots: make([]SlotDTO, 0, len(res.Slots))}
	for _, s := range res.Slots {
		l := Label(s, res.Viewer)
		out.Slots = append(out.Slots, SlotDTO{Start: s.Start, End: s.End, Date: l.Date, StartTime: l.StartTime,
			EndTime: l.EndTime, Offset: l.Offset, SeatsLeft: s.SeatsLeft})
	}
	return c.JSON(httpx.Data[SlotsDTO]{Data: out})
}

// holdInput is POST /bookings/holds.
type holdInput struct {
	OfferingID string   `json:"offering_id"`
	Start      string   `json:"start"`
	Seats      int      `json:"seats"`
	Attendees  []string `json:"attendees"`
}

func parseStart(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil || !inDateRange(t) {
		return t, apperr.Validation(map[string]string{"start": "must be an RFC 3339 time between 2000 and 2100"})
	}
	return t, nil
}

func (h *handler) hold(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in holdInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	f := apperr.Fields{}
	f.Check(in.OfferingID != "" && len(in.OfferingID) <= 64, "offering_id", "is required")
	f.Check(in.Seats >= 0 && in.Seats <= 50, "seats", "must be from 1 to 50")
	f.Check(len(in.Attendees) <= 50, "attendees", "must name at most 50 travellers")
	if err := f.Err(); err != nil {
		return err
	}
	start, err := parseStart(in.Start)
	if err != nil {
		return err
	}
	b, err := h.s.Hold(c.Context(), p.UserID, HoldInput{OfferingID: in.OfferingID, Start: start, Seats: in.Seats,
		Attendees: in.Attendees})
	if err != nil {
		return err
	}
	out, err := h.s.dto(c.Context(), b)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[BookingDTO]{Data: out})
}

// bookInput is POST /bookings.
type bookInput struct {
	HoldID        string            `json:"hold_id"`
	PayWith       string            `json:"pay_with"`
	PackageID     string            `json:"package_id"`
	IntakeAnswers map[string]string `json:"intake_answers"`
	Note          string            `json:"note"`
}

func (h *handler) book(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in bookInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	f := apperr.Fields{}
	f.Check(in.HoldID != "" && len(in.HoldID) <= 64, "hold_id", "is required")
	f.Check(len(in.IntakeAnswers) <= 50, "intake_answers", "must have at most 50 answers")
	if err := f.Err(); err != nil {
		return err
	}
	res, err := h.s.Book(c.Context(), p.UserID, BookInput{HoldID: in.HoldID, PayWith: in.PayWith,
		PackageID: in.PackageID, IntakeAnswers: in.IntakeAnswers, Note: in.Note, Origin: c.Get(fiber.HeaderOrigin)})
	if err != nil {
		return err
	}
	d, err := h.s.dto(c.Context(), res.Booking)
	if err != nil {
		return err
	}
	out := BookResultDTO{Booking: d}
	if res.Payment != nil {
		st := payments.ToStarted(*res.Payment)
		out.Payment = &st
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[BookResultDTO]{Data: out})
}

func (h *handler) list(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	rows, next, err := h.s.List(c.Context(), p.UserID, ListFilter{Group: c.Query("status")}, cur)
	if err != nil {
		return err
	}
	out, err := h.s.userDTOs(c.Context(), p.UserID, rows)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

// rows answers a page of bookings in the provider's view.
func (h *handler) rows(c fiber.Ctx, rows []*bookingRow, cur page.Cursor, next *page.Key) error {
	out, err := h.s.dtos(c.Context(), rows)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) get(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	b, err := h.s.Get(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return h.own(c, p.UserID, b)
}

// own answers one of the caller's own bookings (the user's view).
func (h *handler) own(c fiber.Ctx, userID string, b *bookingRow) error {
	out, err := h.s.userDetail(c.Context(), userID, b)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[BookingDetailDTO]{Data: out})
}

type reasonInput struct {
	Reason string `json:"reason"`
}

// optionalReason decodes {reason} when a body was sent.
func optionalReason(c fiber.Ctx) (string, error) {
	var in reasonInput
	if len(c.Body()) == 0 {
		return "", nil
	}
	if err := httpx.Decode(c, &in); err != nil {
		return "", err
	}
	return in.Reason, nil
}

func (h *handler) cancel(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	reason, err := optionalReason(c)
	if err != nil {
		return err
	}
	b, err := h.s.Cancel(c.Context(), p.UserID, c.Params("id"), reason)
	if err != nil {
		return err
	}
	return h.own(c, p.UserID, b)
}

// one answers a booking in the provider's view.
func (h *handler) one(c fiber.Ctx, b *bookingRow) error {
	out, err := h.s.detail(c.Context(), b)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[BookingDetailDTO]{Data: out})
}

type rescheduleInput struct {
	Start string `json:"start"`
}

func (h *handler) reschedule(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in rescheduleInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	start, err := parseStart(in.Start)
	if err != nil {
		return err
	}
	b, err := h.s.Reschedule(c.Context(), p.UserID, c.Params("id"), start)
	if err != nil {
		return err
	}
	return h.own(c, p.UserID, b)
}

func (h *handler) calendar(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	from, to, err := calendarRange(c.Query("from"), c.Query("to"), c.Query("tz"))
	if err != nil {
		return err
	}
	rows, err := h.s.Calendar(c.Context(), p.UserID, from, to)
	if err != nil {
		return err
	}
	out, err := h.s.userDTOs(c.Context(), p.UserID, rows)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]BookingDTO]{Data: out})
}

func (h *handler) feedURL(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	u, err := h.s.FeedURL(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[FeedDTO]{Data: FeedDTO{URL: u}})
}

func (h *handler) rotate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	u, err := h.s.RotateFeed(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[FeedDTO]{Data: FeedDTO{URL: u}})
}

func (h *handler) feed(c fiber.Ctx) error {
	body, err := h.s.Feed(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "text/calendar; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "private, max-age=300")
	return c.Send(body)
}
