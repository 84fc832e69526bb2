package bookings

import (
	"context"
	"errors"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
)

// rulesFor turns an offering and its provider's availability into the
// slot engine's rules.
func rulesFor(off practice.Offering, av practice.Availability) (Rules, error) {
	loc, err := time.LoadLocation(av.TimeZone)
	if err != nil || av.TimeZone == "" {
		loc = time.UTC
	}
	r := Rules{OfferingID: off.ID, Loc: loc, Weekly: map[time.Weekday][]Interval{},
		Overrides: map[string]DayOverride{}, DailyLimit: av.DailyLimit, WeeklyLimit: av.WeeklyLimit,
		Duration: time.Duration(off.DurationMin) * time.Minute, BufferBefore: time.Duration(off.BufferBeforeMin) * time.Minute,
		BufferAfter: time.Duration(off.BufferAfterMin) * time.Minute, MinNotice: time.Duration(off.MinNoticeMin) * time.Minute,
		MaxAdvanceDays: off.MaxAdvanceDays, Capacity: max(off.Capacity, 1),
		Cutoff: time.Duration(off.CutoffHours) * time.Hour, Departures: departureRules(off.Departures)}
	for d, ivs := range av.Weekly {
		for _, iv := range ivs {
			r.Weekly[d] = append(r.Weekly[d], Interval{Start: iv.Start, End: iv.End})
		}
	}
	for _, o := range av.Overrides {
		do := DayOverride{Blocked: o.Blocked}
		for _, iv := range o.Intervals {
			do.Intervals = append(do.Intervals, Interval{Start: iv.Start, End: iv.End})
		}
		r.Overrides[o.Date] = do
	}
	return r, nil
}

// departureRules turns an offering's fixed departures into the engine's
// (nil: the provider's hours).
func departureRules(d *practice.Departures) *DepartureRules {
	if !d.Fixed() {
		return nil
	}
	out := &DepartureRules{Weekly: map[time.Weekday][]int{}, Added: map[string][]int{}, Cancelled: map[string]map[int]bool{}}
	names := map[string]time.Weekday{"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday,
		"wednesday": time.Wednesday, "thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday}
	for day, ts := range d.Weekly {
		for _, t := range ts {
			if m, ok := parseHM(t); ok {
				out.Weekly[names[day]] = append(out.Weekly[names[day]], m)
			}
		}
	}
	for _, a := range d.Added {
		if m, ok := parseHM(a.Time); ok {
			out.Added[a.Date] = append(out.Added[a.Date], m)
		}
	}
	for _, c := range d.Cancelled {
		if m, ok := parseHM(c.Time); ok {
			if out.Cancelled[c.Date] == nil {
				out.Cancelled[c.Date] = map[int]bool{}
			}
			out.Cancelled[c.Date][m] = true
		}
	}
	return out
}

// offering reads an offering, mapping practice's not-found.
func (s *Service) offering(ctx context.Context, id string) (practice.Offering, error) {
	off, err := s.c.Practice.Offering(ctx, id)
	if errors.Is(err, practice.ErrNotFound) {
		return off, ErrOfferingMissing
	}
	return off, err
}

// bookable reads an active offering of a published provider (a draft or
// suspended provider's offerings answer 404 to new bookings).
func (s *Service) bookable(ctx context.Context, id string) (practice.Offering, error) {
	off, err := s.offering(ctx, id)
	if err != nil {
		return off, err
	}
	if !off.Active {
		return off, ErrOfferingMissing
	}
	p, err := s.c.Practice.Provider(ctx, off.ProviderID)
	if errors.Is(err, practice.ErrNotFound) || (err == nil && p.Status != practice.StatusPublished) {
		return off, ErrOfferingMissing
	}
	return off, err
}

// rulesAt reads the rules of an offering for the instants [from, to).
func (s *Service) rulesAt(ctx context.Context, off practice.Offering, from, to time.Time) (Rules, error) {
	// Local dates one day either side cover every zone.
	av, err := s.c.Practice.Availability(ctx, off.ProviderID, from.AddDate(0, 0, -1).Format("2006-01-02"),
		to.AddDate(0, 0, 1).Format("2006-01-02"))
	if err != nil {
		return Rules{}, err
	}
	return rulesFor(off, av)
}

// SlotSearch is a slot search's answer.
type SlotSearch struct {
	Offering practice.Offering
	Viewer   *time.Location
	Slots    []Slot
}

// Slots lists an active offering's free slots between two viewer-local
// dates (inclusive, at most MaxSearchDays days).
func (s *Service) Slots(ctx context.Context, offeringID, fromDate, toDate, tz string) (SlotSearch, error) {
	f := apperr.Fields{}
	viewer, err := time.LoadLocation(tz)
	if tz == "" {
		viewer, err = time.UTC, nil
	}
	f.Check(err == nil && len(tz) <= 64, "tz", "must be an IANA time zone such as Africa/Lagos")
	from, errF := time.ParseInLocation("2006-01-02", fromDate, time.UTC)
	to, errT := time.ParseInLocation("2006-01-02", toDate, time.UTC)
	f.Check(errF == nil && inDateRange(from), "from", "must be a date YYYY-MM-DD from 2000-01-01 to 2100-01-01")
	f.Check(errT == nil && inDateRange(to), "to", "must be a date YYYY-MM-DD from 2000-01-01 to 2100-01-01")
	if errF == nil && errT == nil {
		f.Check(!to.Before(from), "to", "must not be before from")
		f.Check(to.Sub(from) < MaxSearchDays*24*time.Hour, "to", "must be at most 62 days after from")
	}
	if err := f.Err(); err != nil {
		return SlotSearch{}, err
	}
	off, err := s.bookable(ctx, offeringID)
	if err != nil {
		return SlotSearch{}, err
	}
	start := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, viewer)
	end := time.Date(to.Year(), to.Month(), to.Day(), 0, 0, 0, 0, viewer).AddDate(0, 0, 1)
	r, err := s.rulesAt(ctx, off, start, end)
	if err != nil {
		return SlotSearch{}, err
	}
	occ, err := s.occupancyFor(ctx, s.db.DB, off.ProviderUserID, off.ProviderID, r.Loc, start, end.Add(r.Duration))
	if err != nil {
		return SlotSearch{}, err
	}
	return SlotSearch{Offering: off, Viewer: viewer, Slots: Slots(r, occ, start, end, s.clock.Now())}, nil
}

func inDateRange(t time.Time) bool {
	return !t.Before(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)) && !t.After(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
}

// occupancyFor reads the person's cells (resourceID: the practice's user,
// so the sessions of all their practices) and the practice's counters of
// the periods of [from, to) in loc.
func (s *Service) occupancyFor(ctx context.Context, db bun.IDB, resourceID, providerID string, loc *time.Location,
	from, to time.Time) (Occupancy, error) {
	periods := map[string]bool{}
	for d := from.Add(-24 * time.Hour); d.Before(to.Add(24 * time.Hour)); d = d.Add(12 * time.Hour) {
		dk, wk := PeriodKeys(d, loc)
		periods[dk], periods[wk] = true, true
	}
	list := make([]string, 0, len(periods))
	for p := range periods {
		list = append(list, p)
	}
	return occupancy(ctx, db, resourceID, providerID, list, from, to)
}

// HoldInput asks for a slot.
type HoldInput struct {
	OfferingID string
	Start      time.Time
	Seats      int      // 0: one
	Attendees  []string // travellers' names, at most one per seat
}

// Hold reserves a slot of an offering for the user for HoldTTL: the cells
// and counters are written by conditional upserts (ErrSlotTaken,
// ErrLimitReached), and the expiry job is inserted in the same
// transaction.
func (s *Service) Hold(ctx context.Context, userID string, in HoldInput) (*bookingRow, error) {
	off, err := s.bookable(ctx, in.OfferingID)
	if err != nil {
		return nil, err
	}
	if off.ProviderUserID == userID {
		return nil, apperr.Validation(map[string]string{"offering_id": "you cannot book your own offering"})
	}
	f := apperr.Fields{}
	attendees := checkSeats(f, off, &in.Seats, in.Attendees)
	if err := f.Err(); err != nil {
		return nil, err
	}
	price, err := priceFor(off, in.Seats)
	if err != nil {
		return nil, err
	}
	held := cellSeats(off, in.Seats)
	start := in.Start.UTC().Truncate(time.Second)
	now := s.clock.Now().UTC()
	r, err := s.rulesAt(ctx, off, start, start.Add(24*time.Hour))
	if err != nil {
		return nil, err
	}
	if !IsSlot(r, start, now) {
		return nil, apperr.Validation(map[string]string{"start": "is not one of this offering's open slots"})
	}
	holds, err := s.db.NewSelect().Model((*bookingRow)(nil)).Where("user_id = ? AND status = ?", userID, StatusHeld).
		Where("hold_expires_at > ?", now).Count(ctx)
	if err != nil {
		return nil, err
	}
	if holds >= maxLiveHolds {
		return nil, apperr.Conflict("You already hold five slots: book or let them go first.")
	}
	cf, ct := CellRange(start, r.Duration, r.BufferBefore, r.BufferAfter)
	dk, wk := PeriodKeys(start, r.Loc)
	// A slot already taken is refused before opening a write transaction
	// (a read that only saves work under contention: the conditional
	// upserts below still decide; occupancy widens [from, to) by a day
	// each side, so this reads exactly the cells [cf, ct)).
	occ, err := occupancy(ctx, s.db.DB, off.ProviderUserID, off.ProviderID, []string{dk, wk},
		time.Unix(cf, 0).Add(24*time.Hour), time.Unix(ct, 0).Add(-24*time.Hour))
	if err != nil {
		return nil, err
	}
	if left, ok := r.open(occ, start, r.Capacity, dk, wk); !s.skipPrecheck.Load() && (!ok || left < held) {
		if r.DailyLimit > 0 && occ.Counters[dk] >= r.DailyLimit || r.WeeklyLimit > 0 && occ.Counters[wk] >= r.WeeklyLimit {
			return nil, ErrLimitReached
		}
		return nil, ErrSlotTaken
	}
	exp := now.Add(HoldTTL)
	b := &bookingRow{ID: ids.New(), OfferingID: off.ID, ProviderID: off.ProviderID, ProviderUserID: off.ProviderUserID,
		UserID: userID, Kind: off.Kind, Title: off.Title, Format: off.Format, Status: StatusHeld, StartAt: start,
		EndAt: start.Add(r.Duration), SessionKey: SessionKey(off.ID, start), CellFrom: cf, CellTo: ct,
		Capacity: r.Capacity, RequiresConfirm: off.RequiresConfirmation, TimeZone: r.Loc.String(), DayPeriod: dk,
		WeekPeriod: wk, Price: price, Currency: off.Currency, Seats: in.Seats, HeldSeats: held,
		Attendees: encodeAttendees(attendees), MinParticipants: off.MinParticipants, FreeCancelHours: off.FreeCancelHours,
		LateCancelFeePct: off.LateCancelFeePct, IntakeAnswers: "{}", HoldExpiresAt: &exp, CreatedAt: now,
		UpdatedAt: now}
	err = s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(b).Exec(ctx); err != nil {
			return err
		}
		if err := occupy(ctx, tx, b, r.DailyLimit, r.WeeklyLimit); err != nil {
			return err
		}
		if err := s.event(ctx, tx, b.ID, "", StatusHeld, userID, ActorUser, "slot held"); err != nil {
			return err
		}
		if err := s.scheduleMinGroup(ctx, tx, b, r.Cutoff); err != nil {
			return err
		}
		_, err := s.c.Jobs.InsertTx(ctx, tx, ExpireHoldJob{BookingID: b.ID}, &river.InsertOpts{ScheduledAt: exp})
		return err
	})
	if err != nil {
		return nil, err
	}
	s.refreshNext(ctx, b.ProviderID, b.ProviderUserID)
	return b, nil
}

// ExpireHold is the hold's timed transition: a booking still held (or
// waiting for its card payment) whose hold has run out by the clock is
// expired and its slot freed. Anything else is left alone.
func (s *Service) ExpireHold(ctx context.Context, id string) error {
	var changed bool
	var provider, person string
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.get(ctx, tx, id)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if (b.Status != StatusHeld && b.Status != StatusAwaitingPayment) || b.HoldExpiresAt == nil ||
			b.HoldExpiresAt.After(s.clock.Now()) {
			return nil
		}
		provider, person = b.ProviderID, b.ProviderUserID
		exp := *b.HoldExpiresAt
		changed, err = s.transition(ctx, tx, b, StatusExpired, "", ActorSystem, "the hold ran out",
			func(q *bun.UpdateQuery) *bun.UpdateQuery { return q.Where("hold_expires_at = ?", exp) })
		return err
	})
	if err == nil && changed {
		s.refreshNext(ctx, provider, person)
	}
	return err
}

// ReleaseHold lets the user give a held slot back before it expires.
func (s *Service) ReleaseHold(ctx context.Context, userID, id string) error {
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		b, err := s.own(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if b.Status != StatusHeld {
			return ErrWrongState
		}
		ok, err := s.transition(ctx, tx, b, StatusCancelledByUser, userID, ActorUser, "hold released", nil)
		if err == nil && !ok {
			return ErrWrongState
		}
		return err
	})
	return err
}

// own reads a booking of the user (ErrNotFound for anyone else's).
func (s *Service) own(ctx context.Context, db bun.IDB, userID, id string) (*bookingRow, error) {
	b, err := s.get(ctx, db, id)
	if err != nil {
		return nil, err
	}
	if b.UserID != userID {
		return nil, ErrNotFound
	}
	return b, nil
}
