package notifications

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/mail"
)

// notificationsPath is each portal's notification centre (the emails'
// "manage what we send you" link).
var notificationsPath = map[string]string{
	"": "/notifications", "user": "/notifications", "vendor": "/vendor-app/notifications",
	"therapy": "/therapy-app/notifications", "coach": "/coach-app/notifications", "tour": "/tour-app/notifications",
	"car-rental": "/car-rentals/notifications", "car-dealer": "/car-dealer/notifications",
}

// Deliver turns one event into its recipients' notifications and emails.
// It is safe to run twice, or twice at once: each (event, recipient) is
// claimed once.
func (s *Service) Deliver(ctx context.Context, eventID string) error {
	var ev struct {
		Payload     string     `bun:"payload"`
		DeliveredAt *time.Time `bun:"delivered_at"`
	}
	err := s.db.NewSelect().Table("domain_events").Column("payload", "delivered_at").Where("id = ?", eventID).
		Scan(ctx, &ev)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && ev.DeliveredAt != nil) {
		return nil
	}
	if err != nil {
		return err
	}
	var p payload
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return err
	}
	settings, err := s.settingsOf(ctx, s.db, p.Recipients)
	if err != nil {
		return err
	}
	for _, uid := range p.Recipients {
		n, err := s.deliverOne(ctx, eventID, &p, uid, settings[uid])
		if err != nil {
			return err
		}
		if n != nil {
			// Best effort, after commit: an offline client catches up by cursor.
			if err := s.c.Live.Publish(ctx, []string{uid}, "notification.new", n); err != nil {
				s.c.Log.Warn("notifications: push failed", "user", uid, "err", err)
			}
		}
	}
	_, err = s.db.NewRaw(`UPDATE domain_events SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL`,
		s.c.Clock.Now(), eventID).Exec(ctx)
	return err
}

// deliverOne claims (event, user) and writes what the person's preferences
// allow; it answers the notification to push (nil when none was written).
func (s *Service) deliverOne(ctx context.Context, eventID string, p *payload, uid string, st Settings) (*Notification, error) {
	var out *Notification
	now := s.c.Clock.Now()
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		out = nil
		res, err := tx.NewRaw(`INSERT INTO notification_deliveries (event_id, user_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (event_id, user_id) DO NOTHING`, eventID, uid, now).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // delivered already
		}
		if !p.SkipInApp && st.InApp(p.Category) {
			n, err := s.writeNotification(ctx, tx, eventID, p, uid, now)
			if err != nil {
				return err
			}
			out = &n
			if _, err := tx.NewRaw(`UPDATE notification_deliveries SET notification_id = ? WHERE event_id = ? AND user_id = ?`,
				n.ID, eventID, uid).Exec(ctx); err != nil {
				return err
			}
		}
		if p.Email && st.Email(p.Category) {
			due := st.EmailAt(now)
			if _, err := tx.NewRaw(`UPDATE notification_deliveries SET email_due_at = ? WHERE event_id = ? AND user_id = ?`,
				due, eventID, uid).Exec(ctx); err != nil {
				return err
			}
			opts := &river.InsertOpts{}
			if due.After(now) {
				opts.ScheduledAt = due
			}
			if _, err := s.c.Jobs.InsertTx(ctx, tx, EmailJob{EventID: eventID, UserID: uid}, opts); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// writeNotification inserts the notification, or bumps the person's unread
// one of the same group.
func (s *Service) writeNotification(ctx context.Context, tx bun.Tx, eventID string, p *payload, uid string, now time.Time) (Notification, error) {
	id := ids.New()
	q := `INSERT INTO notifications (id, user_id, event_id, type, category, title, body, portal, link, subject_type,
		subject_id, group_key, group_count, first_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`
	if p.GroupKey != "" {
		q += ` ON CONFLICT (user_id, group_key) WHERE read_at IS NULL AND group_key <> '' DO UPDATE SET
			group_count = notifications.group_count + 1, event_id = excluded.event_id, type = excluded.type,
			title = excluded.title, body = excluded.body, portal = excluded.portal, link = excluded.link,
			subject_type = excluded.subject_type, subject_id = excluded.subject_id, created_at = excluded.created_at`
	}
	var got string
	if err := tx.NewRaw(q+` RETURNING id`, id, uid, eventID, p.Type, p.Category, p.Title, p.Body, p.Portal, p.Link,
		p.Subject.Type, p.Subject.ID, p.GroupKey, now, now).Scan(ctx, &got); err != nil {
		return Notification{}, err
	}
	var row notificationRow
	if err := tx.NewSelect().Model(&row).Where("id = ?", got).Scan(ctx); err != nil {
		return Notification{}, err
	}
	return row.view(), nil
}

// SendEmail sends one recipient's email of an event once it is due. It
// answers how early it was asked (the job snoozes that long), and sends at
// most once: emailed_at is claimed before sending and released if the
// mailer fails.
func (s *Service) SendEmail(ctx context.Context, eventID, uid string) (time.Duration, error) {
	var d struct {
		EmailDueAt *time.Time `bun:"email_due_at"`
		EmailedAt  *time.Time `bun:"emailed_at"`
	}
	err := s.db.NewSelect().Table("notification_deliveries").Column("email_due_at", "emailed_at").
		Where("event_id = ? AND user_id = ?", eventID, uid).Scan(ctx, &d)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (d.EmailDueAt == nil || d.EmailedAt != nil)) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	now := s.c.Clock.Now()
	if early := d.EmailDueAt.Sub(now); early > 0 {
		return early, nil
	}
	res, err := s.db.NewRaw(`UPDATE notification_deliveries SET emailed_at = ? WHERE event_id = ? AND user_id = ?
		AND emailed_at IS NULL`, now, eventID, uid).Exec(ctx)
	if err != nil {
		return 0, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return 0, nil
	}
	release := func(cause error) (time.Duration, error) {
		_, _ = s.db.NewRaw(`UPDATE notification_deliveries SET emailed_at = NULL WHERE event_id = ? AND user_id = ?`,
			eventID, uid).Exec(ctx)
		return 0, cause
	}
	var raw string
	if err := s.db.NewSelect().Table("domain_events").Column("payload").Where("id = ?", eventID).Scan(ctx, &raw); err != nil {
		return release(err)
	}
	var p payload
	if err := json.Unmarshal([]byte(raw), &p); err != nil {
		return release(err)
	}
	people, err := s.c.Directory.Lookup(ctx, []string{uid})
	if err != nil {
		return release(err)
	}
	person, ok := people[uid]
	if !ok || person.Email == "" || person.Status == accounts.StatusSuspended {
		return 0, nil
	}
	if err := s.c.Mailer.Send(ctx, s.message(person, &p)); err != nil {
		return release(err)
	}
	return 0, nil
}

func (s *Service) message(person accounts.Person, p *payload) mail.Message {
	origin := s.c.Origins.PortalOrigin(p.Portal)
	name := person.DisplayName
	if name == "" {
		name = person.Username
	}
	var b strings.Builder
	b.WriteString("Hello " + name + ",\n\n" + p.Title + "\n")
	if p.Body != "" {
		b.WriteString("\n" + p.Body + "\n")
	}
	if p.Link != "" {
		b.WriteString("\nOpen it: " + origin + p.Link + "\n")
	}
	path := notificationsPath[p.Portal]
	if path == "" {
		path = "/notifications"
	}
	b.WriteString("\nChoose which emails Sojourn sends you: " + origin + path + "\n")
	if p.Category == events.CategoryAccount {
		b.Reset()
		b.WriteString("Hello " + name + ",\n\n" + p.Title + "\n")
		if p.Body != "" {
			b.WriteString("\n" + p.Body + "\n")
		}
		if p.Link != "" {
			b.WriteString("\nOpen it: " + origin + p.Link + "\n")
		}
	}
	return mail.Message{To: person.Email, Subject: p.Title, Text: b.String()}
}
