package giftcards

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
)

// deliverAfterCommit waits (briefly) for the issuing transaction to commit
// and then sends the card's mail; the sweeper catches anything it misses.
func (s *Service) deliverAfterCommit(cardID string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for i := 0; i < 40; i++ {
		select {
		case <-ctx.Done():
			return
		case <-time.After(250 * time.Millisecond):
		}
		c, err := s.st.card(ctx, s.c.DB, cardID)
		if err != nil || c.Status == StatusPending || c.Status == StatusCancelled {
			continue // not committed yet (or rolled back)
		}
		if err := s.deliver(ctx, cardID); err != nil {
			s.c.Log.Error("gift card mail failed; the sweeper retries", "card_id", cardID, "error", err.Error())
		}
		return
	}
}

// deliver sends a card's queued mail once: the delivery is claimed, the
// mail sent, then the queue row is deleted and a sent event recorded. A
// failed send frees the claim for the sweeper.
func (s *Service) deliver(ctx context.Context, cardID string) error {
	now := s.c.Clock.Now()
	d, err := s.st.claimDelivery(ctx, s.c.DB, cardID, now, now.Add(-claimStale))
	if err != nil || d == nil {
		return err
	}
	release := func(cause error) error {
		if err := s.st.releaseDelivery(context.WithoutCancel(ctx), s.c.DB, cardID); err != nil {
			return errors.Join(cause, err)
		}
		return cause
	}
	c, err := s.st.card(ctx, s.c.DB, cardID)
	if err != nil {
		return release(err)
	}
	p, err := s.st.product(ctx, s.c.DB, c.ProductID)
	if err != nil {
		return release(err)
	}
	code, err := s.mailBox.Open(d.SealedCode, cardID)
	if err != nil {
		return release(fmt.Errorf("giftcards: the mail of card %s: %w", cardID, err))
	}
	buyer, err := s.dir.Person(ctx, c.PurchaserID)
	if err != nil {
		return release(err)
	}
	m := cardMail(s.c.Settings.PortalOrigin("user"), c, p, buyer, string(code))
	if err := s.c.Mailer.Send(ctx, m); err != nil {
		return release(err)
	}
	return s.c.DB.InTx(context.WithoutCancel(ctx), func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.deleteDelivery(ctx, tx, cardID); err != nil {
			return err
		}
		if err := s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: cardID, Type: EventSent, Amount: c.Amount,
			Details: "Emailed to " + c.RecipientEmail, CreatedAt: s.c.Clock.Now()}); err != nil {
			return err
		}
		return s.notifyReceived(ctx, tx, c.ID, c.RecipientEmail, c.PurchaserID, c.Amount, c.Currency, buyer)
	})
}

// DeliverPending sends every queued mail that is due; it returns how many
// were sent.
func (s *Service) DeliverPending(ctx context.Context) (int, error) {
	now := s.c.Clock.Now()
	cards, err := s.st.waitingDeliveries(ctx, s.c.DB, now.Add(-claimStale), sweepBatch)
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, id := range cards {
		if err := s.deliver(ctx, id); err != nil {
			errs = append(errs, err)
			continue
		}
		sent++
	}
	return sent, errors.Join(errs...)
}

// notifyReceived tells a member whose verified email a card was sent to
// that it arrived (the code itself only ever goes by mail); in the
// transaction that records the mail as sent.
func (s *Service) notifyReceived(ctx context.Context, tx bun.Tx, cardID, email, purchaserID string, amount int64,
	currency string, buyer accounts.Person) error {
	if s.c.Events == nil || s.c.Members == nil || email == "" {
		return nil
	}
	to, err := s.c.Members.FindByHandle(ctx, email)
	if err != nil || !to.EmailVerified || !strings.EqualFold(to.Email, email) {
		return nil // not a member (or not proven theirs): the mail is all they get
	}
	from := buyer.DisplayName
	if from == "" {
		from = buyer.Username
	}
	return s.c.Events.Emit(ctx, tx, events.Event{Type: "giftcard.received", Category: events.CategoryPayments,
		Recipients: []string{to.ID}, Actor: purchaserID,
		Title: fmt.Sprintf("%s sent you a %s %d.%02d gift card", from, currency, amount/100, amount%100),
		Body:  "The code is in your email; redeem it into your wallet from Gift cards received.", Portal: "user",
		Link: "/user-wallet", Subject: events.Ref{Type: "gift_card", ID: cardID}})
}
