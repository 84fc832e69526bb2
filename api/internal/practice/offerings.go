package practice

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// Bounds of an offering.
const (
	minDuration, maxDuration       = 15, 240
	maxCapacity                    = 50
	maxBuffer                      = 120
	maxNotice                      = 10080 // a week, in minutes
	maxAdvanceDays                 = 365
	maxFreeCancelHours             = 720
	maxIntakeQuestions             = 10
	maxTitle, maxDescription       = 120, 4000
	maxQuestionLabel, maxChoiceLen = 200, 100
	maxChoices                     = 10
	maxOfferingsPerProvider        = 50
)

// OfferingInput creates (every required field set) or changes (only the
// fields present) an offering.
type OfferingInput struct {
	Title                *string           `json:"title"`
	Description          *string           `json:"description"`
	Format               *string           `json:"format"`
	DurationMin          *int              `json:"duration_min"`
	Price                *Money            `json:"price"`
	Capacity             *int              `json:"capacity"`
	RequiresConfirmation *bool             `json:"requires_confirmation"`
	BufferBeforeMin      *int              `json:"buffer_before_min"`
	BufferAfterMin       *int              `json:"buffer_after_min"`
	MinNoticeMin         *int              `json:"min_notice_min"`
	MaxAdvanceDays       *int              `json:"max_advance_days"`
	FreeCancelHours      *int              `json:"free_cancel_hours"`
	LateCancelFeePct     *int              `json:"late_cancel_fee_pct"`
	IntakeQuestions      *[]IntakeQuestion `json:"intake_questions"`
	Active               *bool             `json:"active"`
	Pricing              *string           `json:"pricing"`
	Departures           *Departures       `json:"departures"`
	CutoffHours          *int              `json:"cutoff_hours"`
	MinParticipants      *int              `json:"min_participants"`
	Exclusive            *bool             `json:"exclusive"`
}

// OfferingView is an offering as the API shows it.
type OfferingView struct {
	ID                   string           `json:"id"`
	ProviderID           string           `json:"provider_id"`
	Title                string           `json:"title"`
	Description          string           `json:"description"`
	Format               string           `json:"format"`
	DurationMin          int              `json:"duration_min"`
	Price                Money            `json:"price"`
	Capacity             int              `json:"capacity"`
	RequiresConfirmation bool             `json:"requires_confirmation"`
	BufferBeforeMin      int              `json:"buffer_before_min"`
	BufferAfterMin       int              `json:"buffer_after_min"`
	MinNoticeMin         int              `json:"min_notice_min"`
	MaxAdvanceDays       int              `json:"max_advance_days"`
	FreeCancelHours      int              `json:"free_cancel_hours"`
	LateCancelFeePct     int              `json:"late_cancel_fee_pct"`
	IntakeQuestions      []IntakeQuestion `json:"intake_questions"`
	Active               bool             `json:"active"`
	Pricing              string           `json:"pricing"`
	Departures           *Departures      `json:"departures"`
	CutoffHours          int              `json:"cutoff_hours"`
	MinParticipants      int              `json:"min_participants"`
	Exclusive            bool             `json:"exclusive"`
	CreatedAt            time.Time        `json:"created_at"`
	UpdatedAt            time.Time        `json:"updated_at"`
}

func offeringView(o *offeringRow) OfferingView {
	return OfferingView{ID: o.ID, ProviderID: o.ProviderID, Title: o.Title, Description: o.Description,
		Format: o.Format, DurationMin: o.DurationMin, Price: Money{Amount: o.Price, Currency: o.Currency},
		Capacity: o.Capacity, RequiresConfirmation: o.RequiresConfirmation, BufferBeforeMin: o.BufferBeforeMin,
		BufferAfterMin: o.BufferAfterMin, MinNoticeMin: o.MinNoticeMin, MaxAdvanceDays: o.MaxAdvanceDays,
		FreeCancelHours: o.FreeCancelHours, LateCancelFeePct: o.LateCancelFeePct,
		IntakeQuestions: decodeQuestions(o.IntakeQuestions), Active: o.Active, CreatedAt: o.CreatedAt,
		UpdatedAt: o.UpdatedAt, Pricing: o.Pricing, Departures: decodeDepartures(o.Departures),
		CutoffHours: o.CutoffHours, MinParticipants: o.MinParticipants, Exclusive: o.Exclusive}
}

func intRange(f apperr.Fields, field string, p *int, min, max int) {
	if p != nil && (*p < min || *p > max) {
		f.Add(field, fmt.Sprintf("must be from %d to %d", min, max))
	}
}

// apply validates in and writes its fields onto o; create requires title,
// format, duration and price.
func (in *OfferingInput) apply(o *offeringRow, create bool) error {
	f := apperr.Fields{}
	if create {
		f.Check(in.Title != nil, "title", "is required")
		f.Check(in.Format != nil, "format", "is required")
		f.Check(in.DurationMin != nil, "duration_min", "is required")
		f.Check(in.Price != nil, "price", "is required")
	}
	if in.Title != nil {
		t := strings.TrimSpace(*in.Title)
		checkLen(f, "title", t, 1, maxTitle)
		singleLine(f, "title", t)
		o.Title = t
	}
	if in.Description != nil {
		d := strings.TrimSpace(*in.Description)
		checkLen(f, "description", d, 0, maxDescription)
		o.Description = d
	}
	if in.Format != nil {
		f.Check(validFormat(*in.Format), "format", "must be video, in_person or phone")
		o.Format = *in.Format
	}
	intRange(f, "duration_min", in.DurationMin, minDuration, MaxDepartureMinutes)
	intRange(f, "capacity", in.Capacity, 1, maxCapacity)
	intRange(f, "buffer_before_min", in.BufferBeforeMin, 0, maxBuffer)
	intRange(f, "buffer_after_min", in.BufferAfterMin, 0, maxBuffer)
	intRange(f, "min_notice_min", in.MinNoticeMin, 0, maxNotice)
	intRange(f, "max_advance_days", in.MaxAdvanceDays, 1, maxAdvanceDays)
	intRange(f, "free_cancel_hours", in.FreeCancelHours, 0, maxFreeCancelHours)
	intRange(f, "late_cancel_fee_pct", in.LateCancelFeePct, 0, 100)
	if in.Price != nil {
		f.Check(in.Price.Amount >= 0, "price.amount", "must not be negative")
		if in.Price.Amount > money.MaxAmount {
			f.Add("price.amount", money.AmountTooLarge)
		}
		f.Check(money.ValidCurrency(in.Price.Currency), "price.currency",
			"must be one of "+strings.Join(money.Currencies, ", "))
		o.Price, o.Currency = in.Price.Amount, in.Price.Currency
	}
	set := func(p *int, dst *int) {
		if p != nil {
			*dst = *p
		}
	}
	set(in.DurationMin, &o.DurationMin)
	set(in.Capacity, &o.Capacity)
	set(in.BufferBeforeMin, &o.BufferBeforeMin)
	set(in.BufferAfterMin, &o.BufferAfterMin)
	set(in.MinNoticeMin, &o.MinNoticeMin)
	set(in.MaxAdvanceDays, &o.MaxAdvanceDays)
	set(in.FreeCancelHours, &o.FreeCancelHours)
	set(in.LateCancelFeePct, &o.LateCancelFeePct)
	if in.RequiresConfirmation != nil {
		o.RequiresConfirmation = *in.RequiresConfirmation
	}
	if in.Active != nil {
		o.Active = *in.Active
	}
	if in.IntakeQuestions != nil {
		qs := checkQuestions(f, *in.IntakeQuestions)
		o.IntakeQuestions = encodeQuestions(qs)
	}
	in.applySeats(f, o)
	return f.Err()
}

func checkQuestions(f apperr.Fields, qs []IntakeQuestion) []IntakeQuestion {
	if len(qs) > maxIntakeQuestions {
		f.Add("intake_questions", fmt.Sprintf("must have at most %d questions", maxIntakeQuestions))
		return qs
	}
	out := make([]IntakeQuestion, 0, len(qs))
	seen := map[string]bool{}
	for i, q := range qs {
		name := fmt.Sprintf("intake_questions[%d]", i)
		q.Label = strings.TrimSpace(q.Label)
		checkLen(f, name+".label", q.Label, 1, maxQuestionLabel)
		if q.ID == "" {
			q.ID = ids.New()
		}
		checkLen(f, name+".id", q.ID, 1, 40)
		singleLine(f, name+".id", q.ID)
		if seen[q.ID] {
			f.Add(name+".id", "is used twice")
		}
		seen[q.ID] = true
		switch q.Kind {
		case "text":
			f.Check(len(q.Choices) == 0, name+".choices", "are only for choice questions")
			q.Choices = []string{}
		case "choice":
			if len(q.Choices) < 2 || len(q.Choices) > maxChoices {
				f.Add(name+".choices", fmt.Sprintf("must have from 2 to %d choices", maxChoices))
			} else {
				q.Choices = checkList(f, name+".choices", q.Choices, maxChoices, maxChoiceLen)
			}
		default:
			f.Add(name+".kind", "must be text or choice")
		}
		out = append(out, q)
	}
	return out
}

func encodeQuestions(qs []IntakeQuestion) string {
	if qs == nil {
		qs = []IntakeQuestion{}
	}
	return encodeJSON(qs)
}

// MyOfferings lists the caller's offerings of kind (active and archived).
func (s *Service) MyOfferings(ctx context.Context, userID, kind string) ([]OfferingView, error) {
	p, err := s.st.providerOfUser(ctx, s.c.DB, userID, kind)
	if IsNotFoundErr(err) {
		return []OfferingView{}, nil
	}
	if err != nil {
		return nil, err
	}
	rows, err := s.st.offeringsOf(ctx, s.c.DB, p.ID, false)
	if err != nil {
		return nil, err
	}
	out := make([]OfferingView, 0, len(rows))
	for _, o := range rows {
		out = append(out, offeringView(o))
	}
	return out, nil
}

// CreateOffering adds an offering to the caller's profile of kind.
func (s *Service) CreateOffering(ctx context.Context, userID, kind string, in OfferingInput) (OfferingView, error) {
	now := s.c.Clock.Now()
	o := &offeringRow{ID: ids.New(), Capacity: 1, MaxAdvanceDays: 60, FreeCancelHours: 24, IntakeQuestions: "[]",
		Pricing: PricingPerGroup, Active: true, CreatedAt: now, UpdatedAt: now}
	if err := in.apply(o, true); err != nil {
		return OfferingView{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.mine(ctx, tx, userID, kind)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*offeringRow)(nil)).Where("provider_id = ?", p.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxOfferingsPerProvider {
			return apperr.Validation(map[string]string{"title": fmt.Sprintf("a profile holds at most %d offerings", maxOfferingsPerProvider)})
		}
		o.ProviderID = p.ID
		if _, err := tx.NewInsert().Model(o).Exec(ctx); err != nil {
			return err
		}
		return s.recompute(ctx, tx, p.ID)
	})
	if err != nil {
		return OfferingView{}, err
	}
	return offeringView(o), nil
}

// ownOffering reads an offering of one of the caller's profiles inside tx,
// locked; anyone else's is errOfferingNotFound.
func (s *Service) ownOffering(ctx context.Context, tx bun.IDB, userID, id string) (*offeringRow, error) {
	o := new(offeringRow)
	err := s.c.DB.ForUpdate(tx.NewSelect().Model(o).
		Where("id = ?", id).
		Where("provider_id IN (?)", tx.NewSelect().Model((*providerRow)(nil)).Column("id").Where("user_id = ?", userID))).
		Scan(ctx)
	if err != nil {
		return nil, notFound(err, errOfferingNotFound)
	}
	return o, nil
}

// MyOffering returns one of the caller's offerings.
func (s *Service) MyOffering(ctx context.Context, userID, id string) (OfferingView, error) {
	o, err := s.ownOffering(ctx, s.c.DB, userID, id)
	if err != nil {
		return OfferingView{}, err
	}
	return offeringView(o), nil
}

// UpdateOffering changes the given fields of one of the caller's offerings.
func (s *Service) UpdateOffering(ctx context.Context, userID, id string, in OfferingInput) (OfferingView, error) {
	var out *offeringRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.ownOffering(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if err := in.apply(o, false); err != nil {
			return err
		}
		o.UpdatedAt = s.c.Clock.Now()
		if _, err := tx.NewUpdate().Model(o).WherePK().Exec(ctx); err != nil {
			return err
		}
		out = o
		return s.recompute(ctx, tx, o.ProviderID)
	})
	if err != nil {
		return OfferingView{}, err
	}
	return offeringView(out), nil
}

// ArchiveOffering deactivates one of the caller's offerings: bookings may
// reference it, so it is never deleted; it leaves the public lists.
func (s *Service) ArchiveOffering(ctx context.Context, userID, id string) (OfferingView, error) {
	off := false
	return s.UpdateOffering(ctx, userID, id, OfferingInput{Active: &off})
}

// PublicOfferings lists a listed provider's active offerings.
func (s *Service) PublicOfferings(ctx context.Context, providerID string) ([]OfferingView, error) {
	p, err := s.st.provider(ctx, s.c.DB, providerID, false)
	if err != nil {
		return nil, err
	}
	if !p.Listed {
		return nil, errProviderNotFound
	}
	people, err := s.c.Directory.Lookup(ctx, []string{p.UserID})
	if err != nil {
		return nil, err
	}
	if pp, ok := people[p.UserID]; !ok || !pp.Active() {
		return nil, errProviderNotFound
	}
	rows, err := s.st.offeringsOf(ctx, s.c.DB, p.ID, true)
	if err != nil {
		return nil, err
	}
	out := make([]OfferingView, 0, len(rows))
	for _, o := range rows {
		out = append(out, offeringView(o))
	}
	return out, nil
}

// CheckOffering validates a new offering's input without storing anything
// (a wizard checks a step before the offering is created): the same rules
// and field names as CreateOffering.
func CheckOffering(in OfferingInput) error {
	o := &offeringRow{Capacity: 1, MaxAdvanceDays: 60, FreeCancelHours: 24, IntakeQuestions: "[]",
		Pricing: PricingPerGroup, Active: true}
	return in.apply(o, true)
}
