package speeddating

import (
	"context"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/matchmaking"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// EventInput is an admin's event (SpeedEventInput).
type EventInput struct {
	Title             string    `json:"title"`
	Description       string    `json:"description"`
	StartsAt          time.Time `json:"starts_at"`
	TimeZone          string    `json:"time_zone"`
	Rounds            int       `json:"rounds"`
	RoundSeconds      int       `json:"round_seconds"`
	ChangeoverSeconds int       `json:"changeover_seconds"`
	Audience          string    `json:"audience"`
	AgeMin            int       `json:"age_min"`
	AgeMax            int       `json:"age_max"`
	Capacity          int       `json:"capacity"`
	MinParticipants   int       `json:"min_participants"`
	Price             Money     `json:"price"`
}

// Validate bounds every field; now is the server's time.
func (in *EventInput) Validate(now time.Time) error {
	f := apperr.Fields{}
	if n := utf8.RuneCountInString(in.Title); n < 3 || n > 120 {
		f.Add("title", "must be 3 to 120 characters")
	}
	f.Check(utf8.RuneCountInString(in.Description) <= 2000, "description", "must be at most 2000 characters")
	switch {
	case in.StartsAt.IsZero():
		f.Add("starts_at", "is required")
	case in.StartsAt.Before(now.Add(MinLeadStart)):
		f.Add("starts_at", "must be at least 5 minutes ahead")
	case in.StartsAt.After(now.Add(MaxLeadStart)):
		f.Add("starts_at", "must be at most 365 days ahead")
	}
	if in.TimeZone == "" || len(in.TimeZone) > 64 || in.TimeZone == "Local" {
		f.Add("time_zone", "must be an IANA time zone, e.g. Africa/Lagos")
	} else if _, err := time.LoadLocation(in.TimeZone); err != nil {
		f.Add("time_zone", "must be an IANA time zone, e.g. Africa/Lagos")
	}
	f.Check(in.Rounds >= 1 && in.Rounds <= 12, "rounds", "must be 1 to 12")
	f.Check(in.RoundSeconds >= 60 && in.RoundSeconds <= 1800, "round_seconds", "must be 60 to 1800")
	f.Check(in.ChangeoverSeconds >= 10 && in.ChangeoverSeconds <= 300, "changeover_seconds", "must be 10 to 300")
	audienceOK := false
	for _, a := range Audiences {
		audienceOK = audienceOK || a == in.Audience
	}
	f.Check(audienceOK, "audience", "must be everyone, women_men, women or men")
	f.Check(in.AgeMin >= 18 && in.AgeMin <= 99, "age_min", "must be 18 to 99")
	f.Check(in.AgeMax >= 18 && in.AgeMax <= 99, "age_max", "must be 18 to 99")
	if in.AgeMin > in.AgeMax {
		f.Add("age_max", "must not be below age_min")
	}
	switch {
	case in.Capacity < 3 || in.Capacity > 40:
		f.Add("capacity", "must be 3 to 40")
	case in.Audience == AudienceWomenMen && in.Capacity%2 != 0:
		f.Add("capacity", "must be even for women_men (half the seats per group)")
	}
	switch {
	case in.MinParticipants < 2 || in.MinParticipants > 40:
		f.Add("min_participants", "must be 2 to 40")
	case in.MinParticipants > in.Capacity:
		f.Add("min_participants", "must not be above the capacity")
	}
	f.Check(in.Price.Amount >= 0 && in.Price.Amount <= MaxPrice, "price.amount", "must be 0 to 10000000")
	if in.Price.Currency == "" {
		in.Price.Currency = "NGN"
	}
	f.Check(money.ValidCurrency(in.Price.Currency), "price.currency", "is not a supported currency")
	in.StartsAt = in.StartsAt.UTC()
	return f.Err()
}

// seatCapacity is each group's share of the capacity.
func seatCapacity(audience string, capacity int) map[string]int {
	gs := groups(audience)
	out := map[string]int{}
	for _, g := range gs {
		out[g] = capacity / len(gs)
	}
	return out
}

// Create makes an event with its seats and its timed checks (the minimum
// and the host's no-show), in one transaction.
func (s *Service) Create(ctx context.Context, actorID, ip string, in EventInput) (AdminEvent, error) {
	now := s.now()
	if err := in.Validate(now); err != nil {
		return AdminEvent{}, err
	}
	ev := &eventRow{ID: ids.New(), Status: StatusScheduled, CreatedBy: actorID, CreatedAt: now, UpdatedAt: now}
	apply(ev, in)
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(ev).Exec(ctx); err != nil {
			return err
		}
		var seats []seatRow
		for _, g := range groups(ev.Audience) {
			seats = append(seats, seatRow{EventID: ev.ID, Group: g, Capacity: seatCapacity(ev.Audience, ev.Capacity)[g]})
		}
		if _, err := tx.NewInsert().Model(&seats).Exec(ctx); err != nil {
			return err
		}
		if err := s.scheduleChecks(ctx, tx, ev); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "speed_event.create",
			TargetType: "speed_event", TargetID: ev.ID, IP: ip, Details: map[string]any{"title": ev.Title}})
	})
	if err != nil {
		return AdminEvent{}, err
	}
	return s.AdminEvent(ctx, ev.ID)
}

func apply(ev *eventRow, in EventInput) {
	ev.Title, ev.Description, ev.StartsAt, ev.TimeZone = in.Title, in.Description, in.StartsAt, in.TimeZone
	ev.Rounds, ev.RoundSeconds, ev.ChangeoverSeconds = in.Rounds, in.RoundSeconds, in.ChangeoverSeconds
	ev.Audience, ev.AgeMin, ev.AgeMax = in.Audience, in.AgeMin, in.AgeMax
	ev.Capacity, ev.MinParticipants, ev.Price, ev.Currency = in.Capacity, in.MinParticipants, in.Price.Amount, in.Price.Currency
}

// scheduleChecks inserts the jobs that check the minimum and the host's
// no-show for the event's start (each re-reads the start when it runs).
func (s *Service) scheduleChecks(ctx context.Context, tx bun.Tx, ev *eventRow) error {
	if _, err := s.c.Jobs.InsertTx(ctx, tx, MinimumJob{EventID: ev.ID},
		&river.InsertOpts{ScheduledAt: ev.minimumAt()}); err != nil {
		return err
	}
	_, err := s.c.Jobs.InsertTx(ctx, tx, NoShowJob{EventID: ev.ID},
		&river.InsertOpts{ScheduledAt: ev.StartsAt.Add(NoShowAfter)})
	return err
}

// Update changes a scheduled event: the capacity never below the seats
// taken (the conditional update of each group decides), the price and
// the audience only while no ticket is live.
func (s *Service) Update(ctx context.Context, actorID, ip, id string, in EventInput) (AdminEvent, error) {
	now := s.now()
	if err := in.Validate(now); err != nil {
		return AdminEvent{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.event(ctx, tx, id, "UPDATE")
		if err != nil {
			return err
		}
		if ev.Status != StatusScheduled {
			return errNotScheduled
		}
		sold, err := tx.NewSelect().Model((*ticketRow)(nil)).Where("event_id = ? AND status IN (?)", id,
			bun.In([]string{TicketPending, TicketConfirmed})).Count(ctx)
		if err != nil {
			return err
		}
		if sold > 0 && (in.Price.Amount != ev.Price || in.Price.Currency != ev.Currency) {
			return errPriceSold
		}
		if sold > 0 && in.Audience != ev.Audience {
			return errAudienceSold
		}
		startMoved := !in.StartsAt.Equal(ev.StartsAt)
		audienceChanged := in.Audience != ev.Audience
		apply(ev, in)
		ev.UpdatedAt = now
		if _, err := tx.NewUpdate().Model(ev).WherePK().Exec(ctx); err != nil {
			return err
		}
		if audienceChanged {
			if _, err := tx.NewDelete().Model((*seatRow)(nil)).Where("event_id = ?", id).Exec(ctx); err != nil {
				return err
			}
			var seats []seatRow
			for _, g := range groups(ev.Audience) {
				seats = append(seats, seatRow{EventID: ev.ID, Group: g, Capacity: seatCapacity(ev.Audience, ev.Capacity)[g]})
			}
			if _, err := tx.NewInsert().Model(&seats).Exec(ctx); err != nil {
				return err
			}
		} else {
			for g, c := range seatCapacity(ev.Audience, ev.Capacity) {
				res, err := tx.NewUpdate().Model((*seatRow)(nil)).Set("capacity = ?", c).
					Where("event_id = ? AND grp = ? AND taken <= ?", id, g, c).Exec(ctx)
				if err != nil {
					return err
				}
				if n, err := res.RowsAffected(); err != nil || n != 1 {
					return orErr(err, errBelowTaken)
				}
			}
		}
		if startMoved {
			if err := s.scheduleChecks(ctx, tx, ev); err != nil {
				return err
			}
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "speed_event.update",
			TargetType: "speed_event", TargetID: ev.ID, IP: ip, Details: map[string]any{"title": ev.Title}})
	})
	if err != nil {
		return AdminEvent{}, err
	}
	return s.AdminEvent(ctx, id)
}

func orErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// upcoming are the statuses of the public list.
var upcoming = []string{StatusScheduled, StatusLive, StatusPaused, StatusVoting}

// Events is a keyset page of upcoming and running events, soonest first,
// as viewerID ("" signed out) sees them.
func (s *Service) Events(ctx context.Context, viewerID string, c page.Cursor) ([]Event, *page.Key, error) {
	var rows []eventRow
	q := s.c.DB.NewSelect().Model(&rows).Where("e.status IN (?)", bun.In(upcoming)).
		OrderExpr("e.starts_at ASC, e.id ASC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(e.starts_at > ?) OR (e.starts_at = ? AND e.id > ?)", c.After.CreatedAt, c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(e eventRow) page.Key { return page.Key{CreatedAt: e.StartsAt, ID: e.ID} })
	out, err := s.views(ctx, viewerID, rows)
	return out, next, err
}

// Event is one event as viewerID sees it.
func (s *Service) Event(ctx context.Context, viewerID, id string) (Event, error) {
	ev, err := s.event(ctx, s.c.DB, id, "")
	if err != nil {
		return Event{}, err
	}
	out, err := s.views(ctx, viewerID, []eventRow{*ev})
	if err != nil {
		return Event{}, err
	}
	return out[0], nil
}

// views builds events with their seats and, for a signed-in viewer, their
// ticket and whether they may buy one.
func (s *Service) views(ctx context.Context, viewerID string, rows []eventRow) ([]Event, error) {
	idsOf := make([]string, len(rows))
	for i := range rows {
		idsOf[i] = rows[i].ID
	}
	seats, err := s.seats(ctx, s.c.DB, idsOf)
	if err != nil {
		return nil, err
	}
	mine := map[string]*ticketRow{}
	var part *matchmaking.Participant
	var partErr error
	if viewerID != "" && len(rows) > 0 {
		var ts []ticketRow
		if err := s.c.DB.NewSelect().Model(&ts).Where("t.user_id = ? AND t.event_id IN (?)", viewerID, bun.In(idsOf)).
			OrderExpr("t.created_at, t.id").Scan(ctx); err != nil {
			return nil, err
		}
		for i := range ts {
			if t := &ts[i]; mine[t.EventID] == nil || !mine[t.EventID].live() {
				mine[t.EventID] = t
			}
		}
		p, err := s.c.Matchmaking.EventParticipant(ctx, viewerID)
		if err != nil {
			if _, ok := apperr.As(err); !ok {
				return nil, err
			}
			partErr = err
		} else {
			part = &p
		}
	}
	now := s.now()
	out := make([]Event, len(rows))
	for i := range rows {
		ev := &rows[i]
		v := eventView(ev, seats[ev.ID])
		if t := mine[ev.ID]; t != nil {
			tv := ticketView(t, ev)
			v.MyTicket = &tv
		}
		reason := s.cannotBuy(ev, seats[ev.ID], viewerID, mine[ev.ID], part, partErr, now)
		v.CanBuy = reason == ""
		if reason != "" {
			v.CannotBuyReason = &reason
		}
		out[i] = v
	}
	return out, nil
}

// cannotBuy says why the viewer may not buy a ticket ("" when they may).
func (s *Service) cannotBuy(ev *eventRow, seats []seatRow, viewerID string, mine *ticketRow, part *matchmaking.Participant,
	partErr error, now time.Time) string {
	switch {
	case ev.Status != StatusScheduled || !now.Before(ev.StartsAt):
		return "Ticket sales have closed."
	case viewerID == "":
		return "Sign in to buy a ticket."
	case mine != nil && mine.live():
		return "You already have a ticket."
	case part == nil:
		if e, ok := apperr.As(partErr); ok {
			return e.Message
		}
		return "Join matchmaking to buy a ticket."
	case part.Age < ev.AgeMin || part.Age > ev.AgeMax:
		return "This event is for ages " + strconv.Itoa(ev.AgeMin) + " to " + strconv.Itoa(ev.AgeMax) + "."
	}
	g := groupOf(ev.Audience, part.Gender)
	if g == "" {
		return "This event is for another group of people."
	}
	for _, st := range seats {
		if st.Group == g && st.Taken >= st.Capacity {
			return "The seats for " + groupLabel(g) + " are sold out."
		}
	}
	return ""
}

// AdminEvents is a numbered page of every event, newest start first.
func (s *Service) AdminEvents(ctx context.Context, status string, p page.Page) ([]Event, int, error) {
	var rows []eventRow
	q := s.c.DB.NewSelect().Model(&rows).OrderExpr("e.starts_at DESC, e.id DESC").Offset(p.Offset()).
		Limit(p.Limit())
	if status != "" && status != "all" {
		q = q.Where("e.status = ?", status)
	}
	total, err := q.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	out, err := s.views(ctx, "", rows)
	return out, int(total), err
}
