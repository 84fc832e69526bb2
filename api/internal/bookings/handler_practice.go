package bookings

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// The provider's routes: appointments and their actions, the dashboard and
// the clients of the caller's practice. The lists, the dashboard and a
// client's history take ?kind= (the practice kind a portal shows: therapist
// on the therapy portal, coach on the coach portal), so a user with several
// practices sees each on its own; see practiceOf. Routes on one booking
// need none: the booking says whose it is.

func (h *handler) providerReschedule(c fiber.Ctx) error {
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
	b, err := h.s.ProviderReschedule(c.Context(), p.UserID, c.Params("id"), start)
	if err != nil {
		return err
	}
	return h.one(c, b)
}

func parseDateParam(c fiber.Ctx, f apperr.Fields, name string) *time.Time {
	s := c.Query(name)
	if s == "" {
		return nil
	}
	t, err := time.Parse("2006-01-02", s)
	f.Check(err == nil && inDateRange(t), name, "must be a date YYYY-MM-DD from 2000-01-01 to 2100-01-01")
	if err != nil {
		return nil
	}
	return &t
}

func (h *handler) appointments(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	lf := ListFilter{Group: c.Query("status"), From: parseDateParam(c, f, "from"), To: parseDateParam(c, f, "to")}
	if err := f.Err(); err != nil {
		return err
	}
	if lf.To != nil {
		t := lf.To.AddDate(0, 0, 1)
		lf.To = &t
	}
	rows, next, err := h.s.Appointments(c.Context(), p.UserID, c.Query("kind"), lf, cur)
	if err != nil {
		return err
	}
	return h.rows(c, rows, cur, next)
}

func (h *handler) appointment(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	b, err := h.s.Appointment(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return h.one(c, b)
}

func (h *handler) action(name string) fiber.Handler {
	return func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		id := c.Params("id")
		var b *bookingRow
		switch name {
		case "confirm":
			b, err = h.s.Confirm(c.Context(), p.UserID, id)
		case "no-show":
			b, err = h.s.NoShow(c.Context(), p.UserID, id)
		default:
			reason, rerr := optionalReason(c)
			if rerr != nil {
				return rerr
			}
			if name == "decline" {
				b, err = h.s.Decline(c.Context(), p.UserID, id, reason)
			} else {
				b, err = h.s.ProviderCancel(c.Context(), p.UserID, id, reason)
			}
		}
		if err != nil {
			return err
		}
		return h.one(c, b)
	}
}

func (h *handler) dashboard(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	d, err := h.s.Dashboard(c.Context(), p.UserID, c.Query("kind"))
	if err != nil {
		return err
	}
	today, err := h.s.dtos(c.Context(), d.Today)
	if err != nil {
		return err
	}
	reqs, err := h.s.dtos(c.Context(), d.Requests)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[DashboardDTO]{Data: DashboardDTO{TimeZone: d.TimeZone, Today: today, Requests: reqs,
		RequestsWaiting: d.RequestsWaiting, Upcoming: d.Upcoming, CompletedMonth: d.CompletedMonth,
		Clients: d.Clients, Cancellations: d.Cancellations,
		MonthEarnings: MoneyDTO{Amount: d.MonthEarnings, Currency: d.Currency}, NextFree: d.NextFree}})
}

func (h *handler) clients(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.Clients(c.Context(), p.UserID, c.Query("kind"), c.Query("q"), cur)
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.UserID)
	}
	people, err := h.s.c.Directory.Lookup(c.Context(), ids)
	if err != nil {
		return err
	}
	out := make([]ClientDTO, 0, len(items))
	for _, it := range items {
		out = append(out, ClientDTO{Person: *personDTO(it.UserID, people), Sessions: it.Sessions, Bookings: it.Bookings,
			Last: utc(it.Last), Next: utc(it.Next)})
	}
	return c.JSON(httpx.NewCursorList(out, cur, next))
}

func (h *handler) client(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	rows, err := h.s.ClientHistory(c.Context(), p.UserID, c.Query("kind"), c.Params("userId"))
	if err != nil {
		return err
	}
	bs, err := h.s.dtos(c.Context(), rows)
	if err != nil {
		return err
	}
	people, err := h.s.c.Directory.Lookup(c.Context(), []string{rows[0].UserID})
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[ClientDetailDTO]{Data: ClientDetailDTO{Person: *personDTO(rows[0].UserID, people),
		Bookings: bs}})
}
