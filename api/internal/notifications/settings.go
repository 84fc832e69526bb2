package notifications

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/events"
)

// Channel is one category's channels.
type Channel struct {
	InApp bool `json:"in_app"`
	Email bool `json:"email"`
}

// Categories a person sets (account is always in-app and not listed).
var Categories = []string{events.CategoryBookings, events.CategoryOrders, events.CategoryPayments,
	events.CategoryMessages, events.CategorySocial, events.CategoryMarketing}

// defaults: everything in-app; email for what needs acting on, none for
// social and marketing until asked for.
func defaultChannels() map[string]Channel {
	return map[string]Channel{
		events.CategoryBookings:  {InApp: true, Email: true},
		events.CategoryOrders:    {InApp: true, Email: true},
		events.CategoryPayments:  {InApp: true, Email: true},
		events.CategoryMessages:  {InApp: true, Email: true},
		events.CategorySocial:    {InApp: true, Email: false},
		events.CategoryMarketing: {InApp: true, Email: false},
	}
}

// Settings is one person's preferences and last-seen time.
type Settings struct {
	Channels   map[string]Channel
	QuietStart string // "HH:MM" or ""
	QuietEnd   string
	TimeZone   string // IANA; "" = UTC
	LastSeenAt *time.Time
}

func defaultSettings() Settings { return Settings{Channels: defaultChannels()} }

// InApp says whether the category goes to the notification centre.
func (st Settings) InApp(category string) bool {
	if category == events.CategoryAccount {
		return true
	}
	c, ok := st.Channels[category]
	if !ok {
		return defaultChannels()[category].InApp
	}
	return c.InApp
}

// Email says whether the category is emailed.
func (st Settings) Email(category string) bool {
	if category == events.CategoryAccount {
		return true
	}
	c, ok := st.Channels[category]
	if !ok {
		return defaultChannels()[category].Email
	}
	return c.Email
}

func hhmm(s string) (int, bool) {
	t, err := time.Parse("15:04", s)
	if err != nil || len(s) != 5 {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// EmailAt is when an email may go out: now, or the end of the quiet hours
// the person is in (their own zone; a window may wrap midnight).
func (st Settings) EmailAt(now time.Time) time.Time {
	start, ok1 := hhmm(st.QuietStart)
	end, ok2 := hhmm(st.QuietEnd)
	if !ok1 || !ok2 || start == end {
		return now
	}
	loc, err := time.LoadLocation(st.TimeZone)
	if err != nil || st.TimeZone == "" {
		loc = time.UTC
	}
	local := now.In(loc)
	m := local.Hour()*60 + local.Minute()
	quiet := (start < end && m >= start && m < end) || (start > end && (m >= start || m < end))
	if !quiet {
		return now
	}
	t := time.Date(local.Year(), local.Month(), local.Day(), end/60, end%60, 0, 0, loc)
	if !t.After(local) {
		t = time.Date(local.Year(), local.Month(), local.Day()+1, end/60, end%60, 0, 0, loc)
	}
	return t.UTC()
}

type settingsRow struct {
	bun.BaseModel `bun:"table:notification_settings"`
	UserID        string     `bun:"user_id,pk"`
	Channels      string     `bun:"channels"`
	QuietStart    string     `bun:"quiet_start"`
	QuietEnd      string     `bun:"quiet_end"`
	TimeZone      string     `bun:"time_zone"`
	LastSeenAt    *time.Time `bun:"last_seen_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

func (r *settingsRow) settings() Settings {
	st := defaultSettings()
	var ch map[string]Channel
	if json.Unmarshal([]byte(r.Channels), &ch) == nil {
		for k, v := range ch {
			if _, ok := st.Channels[k]; ok {
				st.Channels[k] = v
			}
		}
	}
	st.QuietStart, st.QuietEnd, st.TimeZone, st.LastSeenAt = r.QuietStart, r.QuietEnd, r.TimeZone, r.LastSeenAt
	return st
}

// settingsOf reads the settings of several people (defaults for those
// who never saved any).
func (s *Service) settingsOf(ctx context.Context, idb bun.IDB, userIDs []string) (map[string]Settings, error) {
	var rows []settingsRow
	if err := idb.NewSelect().Model(&rows).Where("user_id IN (?)", bun.In(userIDs)).Scan(ctx); err != nil {
		return nil, err
	}
	out := make(map[string]Settings, len(userIDs))
	for _, id := range userIDs {
		out[id] = defaultSettings()
	}
	for i := range rows {
		out[rows[i].UserID] = rows[i].settings()
	}
	return out, nil
}

// Preferences is the API shape of a person's preferences.
type Preferences struct {
	Categories map[string]Channel `json:"categories"`
	QuietHours *QuietHours        `json:"quiet_hours"`
	TimeZone   string             `json:"time_zone"`
}

// QuietHours holds emails from start to end (HH:MM, the person's zone).
type QuietHours struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

func (st Settings) view() Preferences {
	p := Preferences{Categories: st.Channels, TimeZone: st.TimeZone}
	if st.TimeZone == "" {
		p.TimeZone = "UTC"
	}
	if st.QuietStart != "" && st.QuietEnd != "" {
		p.QuietHours = &QuietHours{Start: st.QuietStart, End: st.QuietEnd}
	}
	return p
}

// Preferences answers the caller's preferences.
func (s *Service) Preferences(ctx context.Context, userID string) (Preferences, error) {
	m, err := s.settingsOf(ctx, s.db, []string{userID})
	if err != nil {
		return Preferences{}, err
	}
	return m[userID].view(), nil
}

// SetPreferences replaces the caller's preferences (categories left out keep
// their value).
func (s *Service) SetPreferences(ctx context.Context, userID string, in Preferences) (Preferences, error) {
	f := apperr.Fields{}
	for k := range in.Categories {
		if _, ok := defaultChannels()[k]; !ok {
			f.Add("categories."+k, "is not a category (bookings, orders, payments, messages, social, marketing)")
		}
	}
	if in.QuietHours != nil {
		_, ok1 := hhmm(in.QuietHours.Start)
		_, ok2 := hhmm(in.QuietHours.End)
		f.Check(ok1, "quiet_hours.start", "must be a time as HH:MM")
		f.Check(ok2, "quiet_hours.end", "must be a time as HH:MM")
		f.Check(!ok1 || !ok2 || in.QuietHours.Start != in.QuietHours.End, "quiet_hours.end", "must differ from the start")
	}
	if in.TimeZone == "" {
		in.TimeZone = "UTC"
	}
	if len(in.TimeZone) > 64 {
		f.Add("time_zone", "is not a time zone")
	} else if _, err := time.LoadLocation(in.TimeZone); err != nil || in.TimeZone == "Local" {
		f.Add("time_zone", "is not a time zone (an IANA name such as Africa/Lagos)")
	}
	if err := f.Err(); err != nil {
		return Preferences{}, err
	}
	var out Preferences
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		cur, err := s.settingsOf(ctx, tx, []string{userID})
		if err != nil {
			return err
		}
		st := cur[userID]
		for k, v := range in.Categories {
			st.Channels[k] = v
		}
		st.QuietStart, st.QuietEnd, st.TimeZone = "", "", in.TimeZone
		if in.QuietHours != nil {
			st.QuietStart, st.QuietEnd = in.QuietHours.Start, in.QuietHours.End
		}
		ch, err := json.Marshal(st.Channels)
		if err != nil {
			return err
		}
		if _, err := tx.NewRaw(`INSERT INTO notification_settings (user_id, channels, quiet_start, quiet_end, time_zone, updated_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET channels = excluded.channels,
			quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, time_zone = excluded.time_zone,
			updated_at = excluded.updated_at`, userID, string(ch), st.QuietStart, st.QuietEnd, st.TimeZone,
			s.c.Clock.Now()).Exec(ctx); err != nil {
			return err
		}
		out = st.view()
		return nil
	})
	return out, err
}

// lastSeen reads the caller's last-seen time (nil when never set).
func (s *Service) lastSeen(ctx context.Context, userID string) (*time.Time, error) {
	var t *time.Time
	err := s.db.NewSelect().Table("notification_settings").Column("last_seen_at").Where("user_id = ?", userID).
		Scan(ctx, &t)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("notifications: last seen: %w", err)
	}
	return t, nil
}

// setLastSeen moves the caller's last-seen time to at; with onlyIfUnset it
// sets it only when none was set (two first summaries at once agree).
func (s *Service) setLastSeen(ctx context.Context, userID string, at time.Time, onlyIfUnset bool) error {
	q := `INSERT INTO notification_settings (user_id, last_seen_at, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, updated_at = excluded.updated_at`
	if onlyIfUnset {
		q += ` WHERE notification_settings.last_seen_at IS NULL`
	}
	_, err := s.db.NewRaw(q, userID, at, s.c.Clock.Now()).Exec(ctx)
	return err
}
