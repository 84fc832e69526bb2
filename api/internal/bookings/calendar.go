package bookings

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"strings"
	"time"
)

var tokenEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newFeedToken is 32 random lowercase base32 characters (160 bits).
func newFeedToken() string {
	b := make([]byte, 20)
	_, _ = rand.Read(b)
	return tokenEncoding.EncodeToString(b)
}

// FeedURL is the user's secret iCalendar address, made on first use.
func (s *Service) FeedURL(ctx context.Context, userID string) (string, error) {
	r := &feedRow{UserID: userID, Token: newFeedToken(), CreatedAt: s.clock.Now().UTC()}
	if _, err := s.db.NewInsert().Model(r).On("CONFLICT (user_id) DO NOTHING").Exec(ctx); err != nil {
		return "", err
	}
	if err := s.db.NewSelect().Model(r).Where("user_id = ?", userID).Scan(ctx); err != nil {
		return "", err
	}
	return s.feedURL(r.Token), nil
}

// RotateFeed gives the user a new feed address; the old one stops working.
func (s *Service) RotateFeed(ctx context.Context, userID string) (string, error) {
	r := &feedRow{UserID: userID, Token: newFeedToken(), CreatedAt: s.clock.Now().UTC()}
	if _, err := s.db.NewInsert().Model(r).On("CONFLICT (user_id) DO UPDATE").
		Set("token = EXCLUDED.token, created_at = EXCLUDED.created_at").Exec(ctx); err != nil {
		return "", err
	}
	return s.feedURL(r.Token), nil
}

func (s *Service) feedURL(token string) string {
	return s.c.Settings.PortalOrigin("") + "/api/v1/calendar/" + token + ".ics"
}

// Feed is the iCalendar document of the feed token's user: their bookings
// from 90 days ago to a year ahead (at most 500).
func (s *Service) Feed(ctx context.Context, token string) ([]byte, error) {
	if len(token) != 32 || strings.Trim(token, "abcdefghijklmnopqrstuvwxyz234567") != "" {
		return nil, ErrFeedNotFound
	}
	r := new(feedRow)
	err := s.db.NewSelect().Model(r).Where("token = ?", token).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrFeedNotFound
	}
	if err != nil {
		return nil, err
	}
	now := s.clock.Now().UTC()
	rows, err := s.Calendar(ctx, r.UserID, now.AddDate(0, 0, -90), now.AddDate(1, 0, 0))
	if err != nil {
		return nil, err
	}
	return ICS(rows, now), nil
}

// ICS writes bookings as an RFC 5545 calendar (CRLF lines folded at 75
// octets, text escaped).
func ICS(rows []*bookingRow, now time.Time) []byte {
	var b strings.Builder
	line := func(s string) {
		for len(s) > 75 {
			cut := 75
			for cut > 0 && !utf8Start(s[cut]) {
				cut--
			}
			b.WriteString(s[:cut] + "\r\n")
			s = " " + s[cut:]
		}
		b.WriteString(s + "\r\n")
	}
	stamp := func(t time.Time) string { return t.UTC().Format("20060102T150405Z") }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//Sojourn//Bookings//EN")
	line("CALSCALE:GREGORIAN")
	line("METHOD:PUBLISH")
	line("X-WR-CALNAME:Sojourn bookings")
	for _, r := range rows {
		status := "CONFIRMED"
		switch r.Status {
		case StatusPendingConfirmation, StatusAwaitingPayment:
			status = "TENTATIVE"
		case StatusCancelledByUser, StatusCancelledByProvider, StatusDeclined, StatusCancelledByAdmin:
			status = "CANCELLED"
		}
		line("BEGIN:VEVENT")
		line("UID:" + r.ID + "@sojourn")
		line("DTSTAMP:" + stamp(now))
		line("DTSTART:" + stamp(r.StartAt))
		line("DTEND:" + stamp(r.EndAt))
		line("SUMMARY:" + icsText(r.Title))
		line("DESCRIPTION:" + icsText("Sojourn "+r.Kind+" session ("+strings.ReplaceAll(r.Format, "_", " ")+
			"), status: "+strings.ReplaceAll(r.Status, "_", " ")))
		line("STATUS:" + status)
		line("SEQUENCE:" + itoa(r.Reschedules))
		line("LAST-MODIFIED:" + stamp(r.UpdatedAt))
		line("END:VEVENT")
	}
	line("END:VCALENDAR")
	return []byte(b.String())
}

func utf8Start(c byte) bool { return c&0xC0 != 0x80 }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	return string(d)
}

// icsText escapes TEXT values (RFC 5545 3.3.11).
func icsText(s string) string {
	r := strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`)
	return r.Replace(s)
}

// calendarRange checks a calendar range of local dates in tz.
func calendarRange(fromDate, toDate, tz string) (time.Time, time.Time, error) {
	viewer := time.UTC
	f := fieldsErr{}
	if tz != "" {
		l, err := time.LoadLocation(tz)
		f.check(err == nil && len(tz) <= 64, "tz", "must be an IANA time zone such as Africa/Lagos")
		if err == nil {
			viewer = l
		}
	}
	from, errF := time.Parse("2006-01-02", fromDate)
	to, errT := time.Parse("2006-01-02", toDate)
	f.check(errF == nil && inDateRange(from), "from", "must be a date YYYY-MM-DD from 2000-01-01 to 2100-01-01")
	f.check(errT == nil && inDateRange(to), "to", "must be a date YYYY-MM-DD from 2000-01-01 to 2100-01-01")
	if errF == nil && errT == nil {
		f.check(!to.Before(from), "to", "must not be before from")
		f.check(to.Sub(from) < maxCalendarDays*24*time.Hour, "to", "must be at most 62 days after from")
	}
	if err := f.err(); err != nil {
		return time.Time{}, time.Time{}, err
	}
	a := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, viewer)
	b := time.Date(to.Year(), to.Month(), to.Day(), 0, 0, 0, 0, viewer).AddDate(0, 0, 1)
	return a.UTC(), b.UTC(), nil
}
