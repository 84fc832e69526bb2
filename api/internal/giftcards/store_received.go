package giftcards

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/page"
)

// receivedRow is a card of a user's received list with the time they
// received it: its issue when it is addressed to their verified email, its
// redemption when they redeemed a card addressed to someone else.
type receivedRow struct {
	cardRow
	ReceivedAt time.Time `bun:"received_at"`
}

// receivedAfter is a keyset page of the cards a user received, newest first
// by the time they received them: at most c.Fetch() rows after c.After. It
// is the union of two seeks, each on its own index and each at most
// c.Fetch() rows, ordered and cut once more:
//
//   - addressed (only when emailKey, the user's verified email folded, is
//     set): issued cards whose recipient_email_key is emailKey, by issued_at
//     (gift_cards_recipient_keyset_idx (recipient_email_key, issued_at, id));
//     pending and cancelled cards have no issued_at and never match;
//   - redeemed: cards the user redeemed that are not addressed to them (those
//     are in the first half already), by redeemed_at
//     (gift_cards_redeemed_by_idx (redeemed_by, redeemed_at, id)).
//
// A card is in one half at most, so it shows once. The cursor's time is the
// received time, which never changes for a card in either half: a card
// issued or redeemed after a page was read is newer than its cursor.
func (store) receivedAfter(ctx context.Context, idb bun.IDB, userID, emailKey string, c page.Cursor) ([]receivedRow, error) {
	var q strings.Builder
	var args []any
	seek := func(col string) {
		if c.After != nil {
			q.WriteString(" AND (" + col + ", id) < (?, ?)")
			args = append(args, c.After.CreatedAt, c.After.ID)
		}
	}
	if emailKey != "" {
		q.WriteString("SELECT * FROM (SELECT gift_cards.*, issued_at AS received_at FROM gift_cards" +
			" WHERE recipient_email_key = ? AND issued_at IS NOT NULL AND status NOT IN (?)")
		args = append(args, emailKey, bun.In(unissued))
		seek("issued_at")
		q.WriteString(" ORDER BY issued_at DESC, id DESC LIMIT ?) AS addressed UNION ALL ")
		args = append(args, c.Fetch())
	}
	q.WriteString("SELECT * FROM (SELECT gift_cards.*, redeemed_at AS received_at FROM gift_cards" +
		" WHERE redeemed_by = ? AND redeemed_at IS NOT NULL")
	args = append(args, userID)
	if emailKey != "" {
		q.WriteString(" AND recipient_email_key <> ?")
		args = append(args, emailKey)
	}
	seek("redeemed_at")
	q.WriteString(" ORDER BY redeemed_at DESC, id DESC LIMIT ?) AS redeemed ORDER BY received_at DESC, id DESC LIMIT ?")
	args = append(args, c.Fetch(), c.Fetch())
	rows := make([]receivedRow, 0, c.Fetch())
	if err := idb.NewRaw(q.String(), args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	return rows, nil
}
