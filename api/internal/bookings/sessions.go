package bookings

import (
	"context"
	"sort"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Sessions (0026): a provider's view of their sessions grouped by session
// (an offering's start, a tour's departure) with the seats sold, held and
// left, and the bookings with their travellers. GET
// /practice/sessions?kind&from&to (dates, at most 62 days; default the
// next 30); at most maxSessionBookings bookings are read.

const maxSessionBookings = 1000

// SessionDTO is one session of a practice with its live bookings.
type SessionDTO struct {
	SessionKey      string       `json:"session_key"`
	OfferingID      string       `json:"offering_id"`
	Title           string       `json:"title"`
	Start           time.Time    `json:"start"`
	End             time.Time    `json:"end"`
	TimeZone        string       `json:"time_zone"`
	Capacity        int          `json:"capacity"`
	SeatsSold       int          `json:"seats_sold"`
	SeatsHeld       int          `json:"seats_held"`
	SeatsLeft       int          `json:"seats_left"`
	MinParticipants int          `json:"min_participants"`
	Bookings        []BookingDTO `json:"bookings"`
}

// Sessions lists the sessions of the caller's practice of kind starting in
// [from, to) that have a live booking, soonest first.
func (s *Service) Sessions(ctx context.Context, userID, kind string, from, to time.Time) ([]SessionDTO, error) {
	p, err := s.practiceOf(ctx, userID, kind)
	if err != nil {
		return nil, err
	}
	var rows []*bookingRow
	if err := s.db.NewSelect().Model(&rows).Where("provider_id = ?", p.ID).
		Where("start_at >= ? AND start_at < ?", from, to).
		Where("status IN (?)", bun.In([]string{StatusHeld, StatusAwaitingPayment, StatusPendingConfirmation, StatusConfirmed,
			StatusCompleted})).
		OrderExpr("start_at ASC, id ASC").Limit(maxSessionBookings).Scan(ctx); err != nil {
		return nil, err
	}
	dtos, err := s.dtos(ctx, rows)
	if err != nil {
		return nil, err
	}
	by := map[string]*SessionDTO{}
	var order []string
	for i, r := range rows {
		ss, ok := by[r.SessionKey]
		if !ok {
			ss = &SessionDTO{SessionKey: r.SessionKey, OfferingID: r.OfferingID, Title: r.Title, Start: r.StartAt.UTC(),
				End: r.EndAt.UTC(), TimeZone: r.TimeZone, Capacity: r.Capacity, Bookings: []BookingDTO{}}
			by[r.SessionKey] = ss
			order = append(order, r.SessionKey)
		}
		ss.MinParticipants = max(ss.MinParticipants, r.MinParticipants)
		switch r.Status {
		case StatusHeld, StatusAwaitingPayment:
			ss.SeatsHeld += heldSeats(r)
		default:
			ss.SeatsSold += heldSeats(r)
		}
		ss.Bookings = append(ss.Bookings, dtos[i])
	}
	out := make([]SessionDTO, 0, len(order))
	for _, k := range order {
		ss := by[k]
		ss.SeatsLeft = max(ss.Capacity-ss.SeatsSold-ss.SeatsHeld, 0)
		out = append(out, *ss)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out, nil
}

func (h *handler) sessions(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	from, to := parseDateParam(c, f, "from"), parseDateParam(c, f, "to")
	if err := f.Err(); err != nil {
		return err
	}
	now := h.s.clock.Now().UTC()
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	if from != nil {
		start = *from
	}
	end := start.AddDate(0, 0, 30)
	if to != nil {
		end = to.AddDate(0, 0, 1)
	}
	if !end.After(start) || end.Sub(start) > MaxSearchDays*24*time.Hour {
		return apperr.Validation(map[string]string{"to": "must be from the from date to 62 days after it"})
	}
	out, err := h.s.Sessions(c.Context(), p.UserID, c.Query("kind"), start, end)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]SessionDTO]{Data: out})
}
