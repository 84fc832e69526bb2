package bookings

import (
	"context"
	"encoding/json"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/payments"
)

// MoneyDTO is an amount in minor units.
type MoneyDTO struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// PersonDTO is the other party of a booking.
type PersonDTO struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
	Username    string `json:"username"`
	AvatarURL   string `json:"avatar_url"`
}

// BookingDTO is a booking as its user or its provider sees it.
type BookingDTO struct {
	ID               string            `json:"id"`
	OfferingID       string            `json:"offering_id"`
	ProviderID       string            `json:"provider_id"`
	Kind             string            `json:"kind"`
	Title            string            `json:"title"`
	Format           string            `json:"format"`
	Status           string            `json:"status"`
	Start            time.Time         `json:"start"`
	End              time.Time         `json:"end"`
	TimeZone         string            `json:"time_zone"`
	Price            MoneyDTO          `json:"price"`
	PayWith          string            `json:"pay_with"`
	Paid             int64             `json:"paid_amount"`
	Refunded         int64             `json:"refunded_amount"`
	FeeKept          int64             `json:"fee_kept"`
	FreeCancelUntil  time.Time         `json:"free_cancel_until"`
	LateCancelFeePct int               `json:"late_cancel_fee_pct"`
	IntakeAnswers    map[string]string `json:"intake_answers"`
	Note             string            `json:"note"`
	CancelReason     string            `json:"cancel_reason"`
	HoldExpiresAt    *time.Time        `json:"hold_expires_at"`
	ConfirmBy        *time.Time        `json:"confirm_by"`
	CompletedAt      *time.Time        `json:"completed_at"`
	ReviewUntil      *time.Time        `json:"review_until"`
	CancelledAt      *time.Time        `json:"cancelled_at"`
	Reschedules      int               `json:"reschedules"`
	Provider         *PersonDTO        `json:"provider"`
	Client           *PersonDTO        `json:"client"`
	CreatedAt        time.Time         `json:"created_at"`
	// Review is the user's review of the booking and CanReview whether
	// they may write one now (completed, window open, not reviewed): only
	// in the user's own views; provider views have nil and false.
	Review    *ReviewRefDTO `json:"review"`
	CanReview bool          `json:"can_review"`
	// Seats and the travellers' names (0026).
	Seats     int      `json:"seats"`
	Attendees []string `json:"attendees"`
}

// EventDTO is one entry of a booking's history.
type EventDTO struct {
	From      string    `json:"from"`
	To        string    `json:"to"`
	ActorRole string    `json:"actor_role"`
	Note      string    `json:"note"`
	At        time.Time `json:"at"`
}

// BookingDetailDTO is a booking with its history.
type BookingDetailDTO struct {
	BookingDTO
	Events []EventDTO `json:"events"`
}

// BookResultDTO is the answer to POST /bookings.
type BookResultDTO struct {
	Booking BookingDTO           `json:"booking"`
	Payment *payments.StartedDTO `json:"payment"`
}

// SlotDTO is one bookable start.
type SlotDTO struct {
	Start     time.Time `json:"start"`
	End       time.Time `json:"end"`
	Date      string    `json:"date"`
	StartTime string    `json:"start_time"`
	EndTime   string    `json:"end_time"`
	Offset    string    `json:"utc_offset"`
	SeatsLeft int       `json:"seats_left"`
}

// SlotsDTO is a slot search's answer.
type SlotsDTO struct {
	OfferingID  string    `json:"offering_id"`
	TimeZone    string    `json:"time_zone"`
	DurationMin int       `json:"duration_min"`
	Price       MoneyDTO  `json:"price"`
	Slots       []SlotDTO `json:"slots"`
}

// ClientDTO is one client of the practice.
type ClientDTO struct {
	Person   PersonDTO  `json:"person"`
	Sessions int        `json:"sessions"`
	Bookings int        `json:"bookings"`
	Last     *time.Time `json:"last_session"`
	Next     *time.Time `json:"next_session"`
}

// ClientDetailDTO is one client's history with the practice.
type ClientDetailDTO struct {
	Person   PersonDTO    `json:"person"`
	Bookings []BookingDTO `json:"bookings"`
}

// DashboardDTO is the provider dashboard.
type DashboardDTO struct {
	TimeZone        string       `json:"time_zone"`
	Today           []BookingDTO `json:"today"`
	Requests        []BookingDTO `json:"requests"`
	RequestsWaiting int          `json:"requests_waiting"`
	Upcoming        int          `json:"upcoming"`
	CompletedMonth  int          `json:"completed_this_month"`
	Clients         int          `json:"clients"`
	Cancellations   int          `json:"provider_cancellations"`
	MonthEarnings   MoneyDTO     `json:"month_earnings"`
	NextFree        *time.Time   `json:"next_free_slot"`
}

// FeedDTO is the calendar feed address.
type FeedDTO struct {
	URL string `json:"url"`
}

func personDTO(id string, people map[string]accounts.Person) *PersonDTO {
	p, ok := people[id]
	if !ok {
		return &PersonDTO{ID: id}
	}
	return &PersonDTO{ID: id, DisplayName: p.DisplayName, Username: p.Username, AvatarURL: p.AvatarURL}
}

func toDTO(r *bookingRow, people map[string]accounts.Person) BookingDTO {
	answers := map[string]string{}
	_ = json.Unmarshal([]byte(r.IntakeAnswers), &answers)
	return BookingDTO{ID: r.ID, OfferingID: r.OfferingID, ProviderID: r.ProviderID, Kind: r.Kind, Title: r.Title,
		Format: r.Format, Status: r.Status, Start: r.StartAt.UTC(), End: r.EndAt.UTC(), TimeZone: r.TimeZone,
		Price: MoneyDTO{Amount: r.Price, Currency: r.Currency}, PayWith: r.PayWith, Paid: r.PaidAmount,
		Refunded: r.RefundedAmount, FeeKept: r.FeeKept,
		FreeCancelUntil:  r.StartAt.Add(-time.Duration(r.FreeCancelHours) * time.Hour).UTC(),
		LateCancelFeePct: r.LateCancelFeePct, IntakeAnswers: answers, Note: r.Note, CancelReason: r.CancelReason,
		HoldExpiresAt: utc(r.HoldExpiresAt), ConfirmBy: utc(r.ConfirmBy), CompletedAt: utc(r.CompletedAt),
		ReviewUntil: utc(r.ReviewUntil), CancelledAt: utc(r.CancelledAt), Reschedules: r.Reschedules,
		Provider: personDTO(r.ProviderUserID, people), Client: personDTO(r.UserID, people),
		CreatedAt: r.CreatedAt.UTC(), Seats: max(r.Seats, 1), Attendees: decodeAttendees(r.Attendees)}
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// dtos maps rows, looking the people up once.
func (s *Service) dtos(ctx context.Context, rows []*bookingRow) ([]BookingDTO, error) {
	seen := map[string]bool{}
	var ids []string
	for _, r := range rows {
		for _, id := range []string{r.UserID, r.ProviderUserID} {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	people := map[string]accounts.Person{}
	if len(ids) > 0 {
		var err error
		if people, err = s.c.Directory.Lookup(ctx, ids); err != nil {
			return nil, err
		}
	}
	// The provider goes by its practice's public name (a dealership's trading
	// name), as on its profile.
	var pids []string
	pseen := map[string]bool{}
	for _, r := range rows {
		if !pseen[r.ProviderID] {
			pseen[r.ProviderID] = true
			pids = append(pids, r.ProviderID)
		}
	}
	providers, err := s.c.Practice.ProvidersByID(ctx, pids)
	if err != nil {
		return nil, err
	}
	out := make([]BookingDTO, 0, len(rows))
	for _, r := range rows {
		d := toDTO(r, people)
		if p, ok := providers[r.ProviderID]; ok && p.DisplayName != "" && d.Provider != nil {
			named := *d.Provider
			named.DisplayName = p.DisplayName
			d.Provider = &named
		}
		out = append(out, d)
	}
	return out, nil
}

func (s *Service) dto(ctx context.Context, r *bookingRow) (BookingDTO, error) {
	out, err := s.dtos(ctx, []*bookingRow{r})
	if err != nil {
		return BookingDTO{}, err
	}
	return out[0], nil
}

func (s *Service) detail(ctx context.Context, r *bookingRow) (BookingDetailDTO, error) {
	d, err := s.dto(ctx, r)
	if err != nil {
		return BookingDetailDTO{}, err
	}
	return s.withEvents(ctx, d)
}

// withEvents adds a booking's history.
func (s *Service) withEvents(ctx context.Context, d BookingDTO) (BookingDetailDTO, error) {
	evs, err := s.Events(ctx, d.ID)
	if err != nil {
		return BookingDetailDTO{}, err
	}
	out := BookingDetailDTO{BookingDTO: d, Events: make([]EventDTO, 0, len(evs))}
	for _, e := range evs {
		out.Events = append(out.Events, EventDTO{From: e.FromStatus, To: e.ToStatus, ActorRole: e.ActorRole,
			Note: e.Note, At: e.CreatedAt.UTC()})
	}
	return out, nil
}
