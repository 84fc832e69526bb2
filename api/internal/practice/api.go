package practice

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// Offering is a bookable service of a provider, as other domains (bookings,
// packages) see it.
type Offering struct {
	ID, ProviderID, ProviderUserID, Kind, Title, Description, Format, Currency           string // Format: video|in_person|phone
	DurationMin, Capacity, BufferBeforeMin, BufferAfterMin, MinNoticeMin, MaxAdvanceDays int
	Price                                                                                int64 // minor units
	RequiresConfirmation, Active                                                         bool
	FreeCancelHours                                                                      int // free cancellation until N hours before start
	LateCancelFeePct                                                                     int // 0..100, fee kept after that
	IntakeQuestions                                                                      []IntakeQuestion
	// Seats and departures (0026): Pricing per_group (Price per booking) or
	// per_person (Price per seat); Departures nil = the provider's hours;
	// CutoffHours: no booking later than this before a start; a departure
	// short of MinParticipants seats at the cut-off is cancelled (0 or 1:
	// no minimum); Exclusive: one booking takes every seat (private).
	Pricing         string
	Departures      *Departures
	CutoffHours     int
	MinParticipants int
	Exclusive       bool
}

// IntakeQuestion is a question a client answers when booking an offering.
type IntakeQuestion struct {
	ID       string   `json:"id"`
	Label    string   `json:"label"`
	Required bool     `json:"required"`
	Kind     string   `json:"kind"` // text | choice
	Choices  []string `json:"choices"`
}

// Interval is a span of local time in a day: "HH:MM" to "HH:MM", End after
// Start, "24:00" allowed as End.
type Interval struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// Override replaces the weekly hours on one local date: a blocked day, or
// the given intervals instead of the weekday's.
type Override struct {
	Date      string
	Blocked   bool
	Intervals []Interval
}

// Availability is what slot search needs of a provider: the weekly hours and
// the overrides of a date range, in the provider's time zone, and the
// booking limits.
type Availability struct {
	ProviderID, ProviderUserID, TimeZone string // IANA
	Weekly                               map[time.Weekday][]Interval
	Overrides                            []Override // only those in the asked range
	DailyLimit, WeeklyLimit              int        // 0 = no limit; counted in bookings (B enforces)
}

// Provider is a provider profile as other domains see it. Status is draft,
// published or suspended; Rating is its review aggregate.
type Provider struct {
	ID, UserID, Kind, DisplayName, AvatarURL, Headline, City, Country, TimeZone string
	Status                                                                      string
	Verified                                                                    bool
	// Rating is the reviews' aggregate (reviews pushes it with SetRating).
	Rating Rating
}

// Offering returns an offering (active or not); ErrNotFound when missing.
func (s *Service) Offering(ctx context.Context, id string) (Offering, error) {
	o, err := s.st.offering(ctx, s.c.DB, id)
	if err != nil {
		return Offering{}, err
	}
	p, err := s.st.provider(ctx, s.c.DB, o.ProviderID, false)
	if err != nil {
		return Offering{}, err
	}
	return toOffering(o, p), nil
}

func toOffering(o *offeringRow, p *providerRow) Offering {
	out := Offering{ID: o.ID, ProviderID: o.ProviderID, ProviderUserID: p.UserID, Kind: p.Kind, Title: o.Title,
		Description: o.Description, Format: o.Format, Currency: o.Currency, DurationMin: o.DurationMin,
		Capacity: o.Capacity, BufferBeforeMin: o.BufferBeforeMin, BufferAfterMin: o.BufferAfterMin,
		MinNoticeMin: o.MinNoticeMin, MaxAdvanceDays: o.MaxAdvanceDays, Price: o.Price,
		RequiresConfirmation: o.RequiresConfirmation, Active: o.Active, FreeCancelHours: o.FreeCancelHours,
		LateCancelFeePct: o.LateCancelFeePct, IntakeQuestions: decodeQuestions(o.IntakeQuestions),
		Pricing: o.Pricing, Departures: decodeDepartures(o.Departures), CutoffHours: o.CutoffHours,
		MinParticipants: o.MinParticipants, Exclusive: o.Exclusive}
	return out
}

func decodeQuestions(s string) []IntakeQuestion {
	qs := []IntakeQuestion{}
	_ = json.Unmarshal([]byte(s), &qs)
	for i := range qs {
		if qs[i].Choices == nil {
			qs[i].Choices = []string{}
		}
	}
	return qs
}

// MaxAvailabilityDays bounds the date range Availability answers.
const MaxAvailabilityDays = 400

// Availability returns a provider's weekly hours, the overrides between
// fromDate and toDate (local dates "YYYY-MM-DD", inclusive) and the limits;
// ErrNotFound for an unknown provider, a validation error for bad dates.
func (s *Service) Availability(ctx context.Context, providerID string, fromDate, toDate string) (Availability, error) {
	f := apperr.Fields{}
	from, okFrom := parseDay(fromDate)
	to, okTo := parseDay(toDate)
	f.Check(okFrom, "from", dayRangeMsg)
	f.Check(okTo, "to", dayRangeMsg)
	if okFrom && okTo {
		f.Check(!to.Before(from), "to", "must not be before from")
		f.Check(to.Sub(from) <= MaxAvailabilityDays*24*time.Hour, "to", "must be at most 400 days after from")
	}
	if err := f.Err(); err != nil {
		return Availability{}, err
	}
	p, err := s.st.provider(ctx, s.c.DB, providerID, false)
	if err != nil {
		return Availability{}, err
	}
	rows, err := s.st.overrides(ctx, s.c.DB, providerID, fromDate, toDate)
	if err != nil {
		return Availability{}, err
	}
	out := Availability{ProviderID: p.ID, ProviderUserID: p.UserID, TimeZone: p.TimeZone,
		Weekly: decodeSchedule(p.Schedule).weekdays(), Overrides: make([]Override, 0, len(rows)),
		DailyLimit: p.DailyLimit, WeeklyLimit: p.WeeklyLimit}
	for _, r := range rows {
		out.Overrides = append(out.Overrides, toOverride(r))
	}
	return out, nil
}

// Provider returns a provider profile by its id; ErrNotFound when missing.
func (s *Service) Provider(ctx context.Context, providerID string) (Provider, error) {
	p, err := s.st.provider(ctx, s.c.DB, providerID, false)
	if err != nil {
		return Provider{}, err
	}
	out, err := s.withPeople(ctx, []*providerRow{p})
	if err != nil {
		return Provider{}, err
	}
	return out[0], nil
}

// ProviderOfUser returns the user's profile of the given kind; ErrNotFound
// when they have none.
func (s *Service) ProviderOfUser(ctx context.Context, userID, kind string) (Provider, error) {
	p, err := s.st.providerOfUser(ctx, s.c.DB, userID, kind)
	if err != nil {
		return Provider{}, err
	}
	out, err := s.withPeople(ctx, []*providerRow{p})
	if err != nil {
		return Provider{}, err
	}
	return out[0], nil
}

// ProvidersOfUser returns every provider profile of the user (one per kind).
func (s *Service) ProvidersOfUser(ctx context.Context, userID string) ([]Provider, error) {
	rows, err := s.st.providersOfUser(ctx, s.c.DB, userID)
	if err != nil {
		return nil, err
	}
	return s.withPeople(ctx, rows)
}

// ProvidersByID returns the profiles with the given ids by id (missing ones
// are left out): one query for a page of bookings or orders.
func (s *Service) ProvidersByID(ctx context.Context, ids []string) (map[string]Provider, error) {
	rows, err := s.st.providersByID(ctx, s.c.DB, ids)
	if err != nil {
		return nil, err
	}
	list, err := s.withPeople(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Provider, len(list))
	for _, p := range list {
		out[p.ID] = p
	}
	return out, nil
}

// BookableProviders returns up to limit ids of listed (published, not
// suspended) providers after the id after ("" from the start), in id order.
func (s *Service) BookableProviders(ctx context.Context, after string, limit int) ([]string, error) {
	if limit < 1 || limit > 1000 {
		limit = 1000
	}
	return s.st.listedIDs(ctx, s.c.DB, after, limit)
}

// SetNextAvailable records a provider's next free slot (nil: none within the
// searched horizon) and updates the directory relevance inside db (the
// caller's transaction or the database).
func (s *Service) SetNextAvailable(ctx context.Context, db bun.IDB, providerID string, at *time.Time) error {
	var t *time.Time
	if at != nil {
		u := at.UTC()
		t = &u
	}
	return s.st.setNextAvailable(ctx, db, providerID, t, availabilityPoints(s.c.Clock.Now(), t))
}

// SetRating records a provider's review aggregate (average 0..5 and count)
// and updates the directory relevance inside db.
func (s *Service) SetRating(ctx context.Context, db bun.IDB, providerID string, avg float64, count int) error {
	if count < 0 || avg < 0 || avg > 5 || avg != avg {
		return apperr.Validation(map[string]string{"rating": "must be an average from 0 to 5 over a count of at least 0"})
	}
	if count == 0 {
		avg = 0
	}
	return s.st.setRating(ctx, db, providerID, avg, count, ratingPoints(avg, count))
}

// withPeople turns rows into Providers with the display name and avatar of
// the people behind them.
func (s *Service) withPeople(ctx context.Context, rows []*providerRow) ([]Provider, error) {
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.UserID)
	}
	people, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Provider, 0, len(rows))
	for _, r := range rows {
		pp := people[r.UserID]
		name := pp.DisplayName
		if name == "" {
			name = pp.Username
		}
		out = append(out, Provider{ID: r.ID, UserID: r.UserID, Kind: r.Kind, DisplayName: practiceName(r, name),
			AvatarURL: pp.AvatarURL, Headline: r.Headline, City: r.City, Country: r.Country,
			TimeZone: r.TimeZone, Status: providerStatus(r), Verified: r.Verification == VerificationVerified,
			Rating: Rating{Average: r.RatingAvg, Count: r.RatingCount}})
	}
	return out, nil
}

// SetResponseTime records a provider's typical response time in minutes
// (nil: not enough requests yet to say), computed by bookings from how fast
// the provider answers requests; providers never enter it.
func (s *Service) SetResponseTime(ctx context.Context, db bun.IDB, providerID string, minutes *int) error {
	if minutes != nil && (*minutes < 0 || *minutes > 60*24*30) {
		return apperr.Validation(map[string]string{"minutes": "must be from 0 to 43200"})
	}
	s.st.dir.dirty()
	res, err := db.NewUpdate().Model((*providerRow)(nil)).Set("response_minutes = ?", minutes).
		Where("id = ?", providerID).Exec(ctx)
	return affected(res, err, errProviderNotFound)
}
