package giftcards

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
)

// A gift card mails a stranger in the buyer's name, so the mail must not
// make Sojourn a relay for phishing: only a buyer whose email is verified may
// send one, at most GiftMailsPerDay in any GiftMailWindow, the message is
// plain text without control characters, and the mail shows links in it as
// text that no mail client turns into a link (defang).
const (
	GiftMailsPerDay = 10
	GiftMailWindow  = 24 * time.Hour
)

var errSenderUnverified = apperr.New(apperr.CodeEmailUnverified, "Verify your email address before you send a "+
	"gift card: the card is emailed to its recipient in your name, so we need to know the address on your "+
	"account is yours. Open the link in the verification email we sent you, or send a new one from your account.")

// checkSender refuses a buyer whose email is not verified.
func (s *Service) checkSender(ctx context.Context, buyerID string) (accounts.Person, error) {
	p, err := s.dir.Person(ctx, buyerID)
	if err != nil {
		return p, err
	}
	if !p.EmailVerified {
		return p, errSenderUnverified
	}
	return p, nil
}

// checkMailLimit refuses a purchase over the buyer's daily gift mails.
// counted says whether the purchase being made is among the cards already
// written (the wallet purchase counts inside its transaction, after the
// buyer's balance row is locked, so parallel purchases count each other).
func (s *Service) checkMailLimit(ctx context.Context, idb bun.IDB, buyerID string, counted bool) error {
	now := s.c.Clock.Now()
	times, err := s.st.recentPurchases(ctx, idb, buyerID, now.Add(-GiftMailWindow), GiftMailsPerDay+1)
	if err != nil {
		return err
	}
	allowed := GiftMailsPerDay
	if counted {
		allowed++
	}
	if len(times) < allowed {
		return nil
	}
	wait := times[0].Add(GiftMailWindow).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	return apperr.RateLimited("You have sent "+strconv.Itoa(GiftMailsPerDay)+" gift cards in the last 24 hours, "+
		"the most we email for one person in a day. Please try again later.", wait)
}

// plainText reports whether s is plain text: no control characters but
// newlines (and tabs when multiline), and no invisible direction overrides
// that make text read differently from what it is.
func plainText(s string, multiline bool) bool {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			if !multiline {
				return false
			}
		case unicode.IsControl(r), r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0xFEFF:
			return false
		}
	}
	return true
}

// hostLike matches a domain name (labels joined by dots, also the full-width
// and ideographic dots some clients read as dots) ending in a label of
// letters: "evil.example", "www.evil.example", "xn--80ak6aa92e.com".
var hostLike = regexp.MustCompile(`[\p{L}\p{N}_-]+(?:[.．。｡][\p{L}\p{N}_-]+)*[.．。｡](?:xn--[\p{L}\p{N}-]+|\p{L}{2,})\b`)

var dots = strings.NewReplacer(".", "[.]", "．", "[.]", "。", "[.]", "｡", "[.]")

// defang writes text so that no mail client shows a link in it: a scheme's
// "://" becomes "[:]//" and every dot of a domain name "[.]", so
// "https://evil.example/login" reads "https[:]//evil[.]example/login". The
// text stays readable; nothing is removed.
func defang(s string) string {
	s = strings.ReplaceAll(s, "://", "[:]//")
	return hostLike.ReplaceAllStringFunc(s, dots.Replace)
}

// oneLine flattens text meant for a single line (names in a subject).
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// senderName is how the mail names the buyer: "Amara Obi (@amara)", or
// "@amara" without a display name.
func senderName(p accounts.Person) string {
	name := "@" + p.Username
	if dn := oneLine(p.DisplayName); dn != "" && !strings.EqualFold(dn, p.Username) {
		name = defang(dn) + " (" + name + ")"
	}
	return name
}
