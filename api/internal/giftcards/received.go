package giftcards

import (
	"context"
	"errors"
	"time"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// What a card's recipient is: a card is addressed to a user when its
// recipient address, folded as accounts compares addresses
// (accounts.FoldHandle), is the user's email and the user has verified it.
// An unverified address sees nothing addressed to it and cannot redeem it
// from the list: whoever typed an address into a sign-up form does not get
// the gifts sent to it until they prove it is theirs.

// emailKey is the folded form a recipient address is stored and matched in.
func emailKey(email string) string { return accounts.FoldHandle(email) }

// addresseeKey is the key the user's cards are addressed to: their folded
// email when it is verified, "" (nothing) otherwise.
func (s *Service) addresseeKey(ctx context.Context, userID string) (string, error) {
	me, err := s.dir.Person(ctx, userID)
	if err != nil {
		return "", err
	}
	if !me.EmailVerified {
		return "", nil
	}
	return emailKey(me.Email), nil
}

// Received is a keyset page of the cards the user received, newest first:
// every issued card addressed to their verified email (waiting, redeemed by
// them or with its code by someone else, expired or refunded), received when
// it was issued, and every card they redeemed that was addressed to someone
// else, received when they redeemed it. Each shows once; the cursor's time is
// the received time (store_received.go).
func (s *Service) Received(ctx context.Context, userID string, c page.Cursor) ([]ReceivedCard, *page.Key, error) {
	s.expireLazily(ctx)
	key, err := s.addresseeKey(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.st.receivedAfter(ctx, s.c.DB, userID, key, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r receivedRow) page.Key { return page.Key{CreatedAt: r.ReceivedAt, ID: r.ID} })
	cards := make([]cardRow, len(rows))
	buyers := make([]string, len(rows))
	for i := range rows {
		cards[i], buyers[i] = rows[i].cardRow, rows[i].PurchaserID
	}
	withProducts, err := s.withProducts(ctx, cards)
	if err != nil {
		return nil, nil, err
	}
	people, err := s.dir.Lookup(ctx, buyers)
	if err != nil {
		return nil, nil, err
	}
	now := s.c.Clock.Now()
	out := make([]ReceivedCard, len(rows))
	for i := range rows {
		out[i] = toReceived(withProducts[i], &rows[i].cardRow, rows[i].ReceivedAt, userID, key, people, now)
	}
	return out, next, nil
}

// toReceived is a card as its recipient sees it.
func toReceived(card Card, r *cardRow, at time.Time, userID, key string, people map[string]accounts.Person, now time.Time) ReceivedCard {
	addressed := key != "" && r.RecipientEmailKey == key
	out := ReceivedCard{Card: card, ReceivedAt: at, AddressedToYou: addressed,
		RedeemedByYou: r.RedeemedBy != nil && *r.RedeemedBy == userID,
		CanRedeem:     addressed && r.Status == StatusActive && r.Balance > 0 && r.ExpiresAt != nil && r.ExpiresAt.After(now)}
	if p, ok := people[r.PurchaserID]; ok {
		out.From = &Sender{Username: p.Username, DisplayName: p.DisplayName}
	}
	return out
}

// RedeemReceived redeems a card addressed to the user's verified email from
// their received list, without its code: the address is the authority the
// code otherwise is. It takes the same money path as Redeem (redeemCard).
// A card that is not addressed to the user (or whose address they have not
// verified), or not issued, answers 404 as if it did not exist; one already
// redeemed, expired or refunded 409.
func (s *Service) RedeemReceived(ctx context.Context, userID, id string) (Redemption, error) {
	key, err := s.addresseeKey(ctx, userID)
	if err != nil {
		return Redemption{}, err
	}
	if key == "" {
		return Redemption{}, errCardNotFound
	}
	c, err := s.st.card(ctx, s.c.DB, id)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && (c.RecipientEmailKey != key || c.IssuedAt == nil ||
		c.Status == StatusPending || c.Status == StatusCancelled)) {
		return Redemption{}, errCardNotFound
	}
	if err != nil {
		return Redemption{}, err
	}
	return s.redeemCard(ctx, userID, c, "Added to the wallet of the person it was addressed to, from their received cards")
}
