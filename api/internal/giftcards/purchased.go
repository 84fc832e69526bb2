package giftcards

import (
	"context"
	"errors"
	"fmt"
	"sojourn/api/internal/platform/page"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// Purchased is a keyset page of the cards the user bought, newest first,
// and the key the next page starts after (nil on the last page).
func (s *Service) Purchased(ctx context.Context, userID string, c page.Cursor) ([]Card, *page.Key, error) {
	s.expireLazily(ctx)
	rows, err := s.st.purchasedAfter(ctx, s.c.DB, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r cardRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.withProducts(ctx, rows)
	return out, next, err
}

// withProducts maps card rows to cards with their products.
func (s *Service) withProducts(ctx context.Context, rows []cardRow) ([]Card, error) {
	pids := make([]string, 0, len(rows))
	for _, r := range rows {
		pids = append(pids, r.ProductID)
	}
	products, err := s.st.productsByID(ctx, s.c.DB, pids)
	if err != nil {
		return nil, err
	}
	out := make([]Card, 0, len(rows))
	for i := range rows {
		out = append(out, toCard(&rows[i], products[rows[i].ProductID]))
	}
	return out, nil
}

// PurchasedCard is one card the user bought, with its history; anyone
// else's card is 404.
func (s *Service) PurchasedCard(ctx context.Context, userID, id string) (Card, error) {
	s.expireLazily(ctx)
	c, err := s.st.purchased(ctx, s.c.DB, userID, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return Card{}, errCardNotFound
	}
	if err != nil {
		return Card{}, err
	}
	return s.cardDTO(ctx, c, true)
}

// Reveal shows the buyer of a card paid by card its code, once: the sealed
// code is opened and wiped in one transaction, with a revealed event. The
// card must be the caller's and issued (404 otherwise); a code already
// shown (or a card bought from the wallet, whose purchase answer showed it)
// answers 409, as does a refunded card, whose code no longer exists.
func (s *Service) Reveal(ctx context.Context, userID, id string) (Card, error) {
	var c *cardRow
	var code []byte
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		c, err = s.st.purchased(ctx, tx, userID, id)
		if errors.Is(err, apperr.ErrNotFound) {
			return errCardNotFound
		}
		if err != nil {
			return err
		}
		if c.SealedCode == nil {
			if c.Status == StatusRefunded {
				return errRevealRefunded
			}
			return errAlreadyShown
		}
		if code, err = s.revealBox.Open(*c.SealedCode, c.ID); err != nil {
			return fmt.Errorf("giftcards: the code of card %s: %w", c.ID, err)
		}
		now := s.c.Clock.Now()
		ok, err := s.st.wipeCode(ctx, tx, c.ID, *c.SealedCode, now)
		if err != nil {
			return err
		}
		if !ok {
			return errAlreadyShown // another reveal took it first
		}
		c.SealedCode, c.UpdatedAt = nil, now
		return s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: c.ID, Type: EventRevealed, ActorID: &userID,
			Amount: c.Amount, Details: "The code was shown to the buyer", CreatedAt: now})
	})
	if err != nil {
		return Card{}, err
	}
	out, err := s.cardDTO(ctx, c, false)
	if err != nil {
		return Card{}, err
	}
	shown := string(code)
	out.Code = &shown
	return out, nil
}

// cardDTO is a card with its product and, when asked, its history.
func (s *Service) cardDTO(ctx context.Context, c *cardRow, withEvents bool) (Card, error) {
	p, err := s.st.product(ctx, s.c.DB, c.ProductID)
	if err != nil {
		return Card{}, err
	}
	out := toCard(c, p)
	if !withEvents {
		return out, nil
	}
	evs, err := s.st.events(ctx, s.c.DB, c.ID)
	if err != nil {
		return Card{}, err
	}
	var actors []string
	for _, e := range evs {
		if e.ActorID != nil {
			actors = append(actors, *e.ActorID)
		}
	}
	people, err := s.dir.Lookup(ctx, actors)
	if err != nil {
		return Card{}, err
	}
	out.Events = make([]Event, 0, len(evs))
	for _, e := range evs {
		ev := Event{ID: e.ID, Type: e.Type, Amount: e.Amount, Details: e.Details, CreatedAt: e.CreatedAt}
		if e.ActorID != nil {
			ev.Actor = &Actor{ID: *e.ActorID, Username: people[*e.ActorID].Username}
		}
		out.Events = append(out.Events, ev)
	}
	return out, nil
}
