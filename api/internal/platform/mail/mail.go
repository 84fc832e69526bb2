// Package mail sends email: over SMTP when SMTP_URL is set, otherwise into the
// development outbox table that `sojourn mail` prints and tests read.
package mail

import (
	"context"
	"fmt"
	"net"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/ids"
)

// Message is one plain-text email.
type Message struct {
	To      string
	Subject string
	Text    string
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// OutboxMessage is a row of mail_outbox.
type OutboxMessage struct {
	bun.BaseModel `bun:"table:mail_outbox"`
	ID            string    `bun:"id,pk" json:"id"`
	ToAddress     string    `bun:"to_address" json:"to"`
	Subject       string    `bun:"subject" json:"subject"`
	BodyText      string    `bun:"body_text" json:"body"`
	CreatedAt     time.Time `bun:"created_at" json:"created_at"`
}

// Outbox stores messages in the database instead of sending them.
type Outbox struct {
	DB    bun.IDB
	Clock clock.Clock
}

// Send writes the message to the outbox.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	_, err := o.DB.NewInsert().Model(&OutboxMessage{
		ID: ids.New(), ToAddress: m.To, Subject: m.Subject, BodyText: m.Text, CreatedAt: o.Clock.Now(),
	}).Exec(ctx)
	return err
}

// List returns the newest messages first, optionally only those to one address.
func (o *Outbox) List(ctx context.Context, to string, limit int) ([]OutboxMessage, error) {
	var ms []OutboxMessage
	q := o.DB.NewSelect().Model(&ms).OrderExpr("created_at DESC, id DESC").Limit(int64(limit))
	if to != "" {
		q = q.Where("lower(to_address) = ?", strings.ToLower(to))
	}
	err := q.Scan(ctx)
	return ms, err
}

// SMTP sends through an SMTP server given as smtp://user:pass@host:port
// (STARTTLS is used when the server offers it).
type SMTP struct {
	addr string
	host string
	auth smtp.Auth
	from string
}

// NewSMTP parses SMTP_URL.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
		return nil, fmt.Errorf("SMTP_URL must look like smtp://user:pass@host:587")
	}
	host, port, err := net.SplitHostPort(u.Host)
	if err != nil {
		host, port = u.Host, "587"
	}
	s := &SMTP{addr: net.JoinHostPort(host, port), host: host, from: from}
	if u.User != nil {
		pw, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), pw, host)
	}
	return s, nil
}

// Send delivers the message.
func (s *SMTP) Send(_ context.Context, m Message) error {
	fromAddr := s.from
	if i := strings.LastIndex(fromAddr, "<"); i >= 0 {
		fromAddr = strings.TrimSuffix(fromAddr[i+1:], ">")
	}
	body := "From: " + s.from + "\r\nTo: " + m.To + "\r\nSubject: " + m.Subject +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(m.Text, "\n", "\r\n")
	return smtp.SendMail(s.addr, s.auth, fromAddr, []string{m.To}, []byte(body))
}
