package practice

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// Bounds of the booking limits.
const (
	maxDailyLimit  = 50
	maxWeeklyLimit = 300
)

// Schedule is the weekly hours (every weekday present, by lower-case name)
// and the booking limits; the time zone is the profile's.
type Schedule struct {
	Weekly      map[string][]Interval `json:"weekly"`
	DailyLimit  int                   `json:"daily_limit"`
	WeeklyLimit int                   `json:"weekly_limit"`
	TimeZone    string                `json:"time_zone"`
}

// ScheduleInput replaces the weekly hours and the limits (0: no limit).
type ScheduleInput struct {
	Weekly      map[string][]Interval `json:"weekly"`
	DailyLimit  int                   `json:"daily_limit"`
	WeeklyLimit int                   `json:"weekly_limit"`
}

func scheduleView(r *providerRow) Schedule {
	w := map[string][]Interval{}
	for d, iv := range decodeSchedule(r.Schedule).weekdays() {
		w[dayNames[d]] = iv
	}
	return Schedule{Weekly: w, DailyLimit: r.DailyLimit, WeeklyLimit: r.WeeklyLimit, TimeZone: r.TimeZone}
}

// MySchedule returns the caller's weekly hours of kind.
func (s *Service) MySchedule(ctx context.Context, userID, kind string) (Schedule, error) {
	var out Schedule
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.mine(ctx, tx, userID, kind)
		if err == nil {
			out = scheduleView(r)
		}
		return err
	})
	return out, err
}

// SaveSchedule validates and replaces the caller's weekly hours and limits.
func (s *Service) SaveSchedule(ctx context.Context, userID, kind string, in ScheduleInput) (Schedule, error) {
	f := apperr.Fields{}
	doc := scheduleDoc{}
	known := map[string]bool{}
	for _, n := range dayNames {
		known[n] = true
	}
	for day, iv := range in.Weekly {
		if !known[day] {
			f.Add("weekly", "days must be sunday to saturday in lower case")
			continue
		}
		doc[day] = checkIntervals(f, "weekly."+day, iv)
	}
	intRange(f, "daily_limit", &in.DailyLimit, 0, maxDailyLimit)
	intRange(f, "weekly_limit", &in.WeeklyLimit, 0, maxWeeklyLimit)
	if err := f.Err(); err != nil {
		return Schedule{}, err
	}
	var out Schedule
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.mine(ctx, tx, userID, kind)
		if err != nil {
			return err
		}
		r.Schedule, r.DailyLimit, r.WeeklyLimit, r.UpdatedAt = doc.encode(), in.DailyLimit, in.WeeklyLimit, s.c.Clock.Now()
		if err := s.st.updateProvider(ctx, tx, r, "schedule", "daily_limit", "weekly_limit", "updated_at"); err != nil {
			return err
		}
		out = scheduleView(r)
		return s.recompute(ctx, tx, r.ID)
	})
	return out, err
}

// OverrideInput is a date override: a blocked day, or extra intervals that
// replace the weekday's hours on that date.
type OverrideInput struct {
	Date      string     `json:"date"`
	Blocked   bool       `json:"blocked"`
	Intervals []Interval `json:"intervals"`
}

// OverrideView is a stored override.
type OverrideView struct {
	ID        string     `json:"id"`
	Date      string     `json:"date"`
	Blocked   bool       `json:"blocked"`
	Intervals []Interval `json:"intervals"`
	CreatedAt time.Time  `json:"created_at"`
}

func overrideView(r *overrideRow) OverrideView {
	o := toOverride(r)
	return OverrideView{ID: r.ID, Date: r.Day, Blocked: r.Blocked, Intervals: o.Intervals, CreatedAt: r.CreatedAt}
}

// MyOverrides lists the caller's overrides of kind between from and to
// (local dates, inclusive; at most 400 days apart).
func (s *Service) MyOverrides(ctx context.Context, userID, kind, from, to string) ([]OverrideView, error) {
	f := apperr.Fields{}
	a, okA := parseDay(from)
	b, okB := parseDay(to)
	f.Check(okA, "from", dayRangeMsg)
	f.Check(okB, "to", dayRangeMsg)
	if okA && okB {
		f.Check(!b.Before(a), "to", "must not be before from")
		f.Check(b.Sub(a) <= MaxAvailabilityDays*24*time.Hour, "to", "must be at most 400 days after from")
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	out := []OverrideView{}
	p, err := s.st.providerOfUser(ctx, s.c.DB, userID, kind)
	if IsNotFoundErr(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	rows, err := s.st.overrides(ctx, s.c.DB, p.ID, from, to)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, overrideView(r))
	}
	return out, nil
}

// maxOverrides bounds a profile's overrides.
const maxOverrides = 500

// AddOverride stores an override for a date; one per date (409 otherwise,
// decided by the unique index).
func (s *Service) AddOverride(ctx context.Context, userID, kind string, in OverrideInput) (OverrideView, error) {
	f := apperr.Fields{}
	_, ok := parseDay(in.Date)
	f.Check(ok, "date", dayRangeMsg)
	var iv []Interval
	if in.Blocked {
		f.Check(len(in.Intervals) == 0, "intervals", "must be empty for a blocked day")
		iv = []Interval{}
	} else {
		f.Check(len(in.Intervals) > 0, "intervals", "must have at least one interval unless the day is blocked")
		iv = checkIntervals(f, "intervals", in.Intervals)
	}
	if err := f.Err(); err != nil {
		return OverrideView{}, err
	}
	row := &overrideRow{ID: ids.New(), Day: in.Date, Blocked: in.Blocked, Intervals: encodeJSON(iv),
		CreatedAt: s.c.Clock.Now()}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.mine(ctx, tx, userID, kind)
		if err != nil {
			return err
		}
		n, err := tx.NewSelect().Model((*overrideRow)(nil)).Where("provider_id = ?", p.ID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxOverrides {
			return apperr.Validation(map[string]string{"date": "a profile holds at most 500 overrides; delete old ones first"})
		}
		row.ProviderID = p.ID
		_, err = tx.NewInsert().Model(row).Exec(ctx)
		if db.IsUniqueViolation(err) {
			return errOverrideTaken
		}
		return err
	})
	if err != nil {
		return OverrideView{}, err
	}
	return overrideView(row), nil
}

// DeleteOverride removes one of the caller's overrides.
func (s *Service) DeleteOverride(ctx context.Context, userID, id string) error {
	res, err := s.c.DB.NewDelete().Model((*overrideRow)(nil)).
		Where("id = ?", id).
		Where("provider_id IN (?)", s.c.DB.NewSelect().Model((*providerRow)(nil)).Column("id").Where("user_id = ?", userID)).
		Exec(ctx)
	return affected(res, err, errOverrideNotFound)
}
