package flights

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/mail"
)

func bunIn(v []string) any { return bun.In(v) }

// notify emails the traveller; a mail failure is logged, never fatal (the
// order page shows the same news).
func (s *Service) notify(ctx context.Context, userID, subject, text string) {
	p, err := s.c.Directory.Person(ctx, userID)
	if err != nil || p.Email == "" {
		s.c.Log.Warn("flights: no email for traveller", "user", userID, "err", err)
		return
	}
	if err := s.c.Mailer.Send(ctx, mail.Message{To: p.Email, Subject: subject, Text: text}); err != nil {
		s.c.Log.Warn("flights: mail failed", "user", userID, "err", err)
	}
}

// link is the order page on the user portal.
func (s *Service) link(id string) string {
	return strings.TrimRight(s.c.PortalOrigin, "/") + "/booking/FlightDetails?order=" + id
}
