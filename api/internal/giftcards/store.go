package giftcards

import (
	"context"
	"database/sql"
	"errors"
	"sojourn/api/internal/platform/page"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
)

// store holds the gift-card queries; both dialects share them. State
// changes of a card are conditional updates, so concurrent redeems and
// expiry sweeps decide in the database which one happens.
type store struct{}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.ErrNotFound
	}
	return err
}

func conflict(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.ErrConflict
	}
	return err
}

func (store) insertProduct(ctx context.Context, idb bun.IDB, p *productRow) error {
	_, err := idb.NewInsert().Model(p).Exec(ctx)
	return conflict(err)
}

func (store) updateProduct(ctx context.Context, idb bun.IDB, p *productRow) error {
	_, err := idb.NewUpdate().Model(p).WherePK().Exec(ctx)
	return conflict(err)
}

func (store) product(ctx context.Context, idb bun.IDB, id string) (*productRow, error) {
	p := &productRow{}
	return p, notFound(idb.NewSelect().Model(p).Where("id = ?", id).Scan(ctx))
}

func (store) productByName(ctx context.Context, idb bun.IDB, name string) (*productRow, error) {
	p := &productRow{}
	return p, notFound(idb.NewSelect().Model(p).Where("lower(name) = ?", strings.ToLower(name)).Scan(ctx))
}

// products is a page of products, oldest first; active filters when set.
func (store) products(ctx context.Context, idb bun.IDB, active *bool, pg page.Page) ([]productRow, int, error) {
	var rows []productRow
	q := idb.NewSelect().Model(&rows).OrderExpr("created_at ASC, id ASC").Limit(pg.Limit()).
		Offset(pg.Offset())
	if active != nil {
		q = q.Where("active = ?", *active)
	}
	n, err := q.ScanAndCount(ctx)
	return rows, int(n), err
}

func (store) productsByID(ctx context.Context, idb bun.IDB, ids []string) (map[string]*productRow, error) {
	out := map[string]*productRow{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []productRow
	if err := idb.NewSelect().Model(&rows).Where("id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, err
	}
	for i := range rows {
		out[rows[i].ID] = &rows[i]
	}
	return out, nil
}

// insertCard writes a card unless the purchaser already made one with the
// same purchase key; false means it exists.
func (store) insertCard(ctx context.Context, idb bun.IDB, c *cardRow) (bool, error) {
	res, err := idb.NewInsert().Model(c).On("CONFLICT (purchaser_id, purchase_key) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (store) cardByPurchaseKey(ctx context.Context, idb bun.IDB, purchaserID, key string) (*cardRow, error) {
	c := &cardRow{}
	return c, notFound(idb.NewSelect().Model(c).Where("purchaser_id = ? AND purchase_key = ?", purchaserID, key).
		Scan(ctx))
}

func (store) card(ctx context.Context, idb bun.IDB, id string) (*cardRow, error) {
	c := &cardRow{}
	return c, notFound(idb.NewSelect().Model(c).Where("id = ?", id).Scan(ctx))
}

// unissued are the states of a card that never shows: its payment is
// pending, or failed or was abandoned.
var unissued = []string{StatusPending, StatusCancelled}

// purchased is one of a purchaser's issued cards.
func (store) purchased(ctx context.Context, idb bun.IDB, purchaserID, id string) (*cardRow, error) {
	c := &cardRow{}
	return c, notFound(idb.NewSelect().Model(c).Where("id = ? AND purchaser_id = ? AND status NOT IN (?)", id,
		purchaserID, bun.In(unissued)).Scan(ctx))
}

func (store) cardByHash(ctx context.Context, idb bun.IDB, hash string) (*cardRow, error) {
	c := &cardRow{}
	return c, notFound(idb.NewSelect().Model(c).Where("code_hash = ?", hash).Scan(ctx))
}

// purchasedAfter is a keyset page of a purchaser's issued cards, newest
// first: at most c.Fetch() rows after c.After (index
// gift_cards_purchaser_keyset_idx; the status filter is checked on the rows
// the seek reaches, almost all of which are issued).
func (store) purchasedAfter(ctx context.Context, idb bun.IDB, purchaserID string, c page.Cursor) ([]cardRow, error) {
	rows := make([]cardRow, 0, c.Fetch())
	q := idb.NewSelect().Model(&rows).Where("purchaser_id = ? AND status NOT IN (?)", purchaserID, bun.In(unissued)).
		OrderExpr("created_at DESC, id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

// activate issues a pending (or cancelled) card: it sets its code, the
// code sealed for the buyer's reveal, and its expiry. False means the card
// was issued already.
func (store) activate(ctx context.Context, idb bun.IDB, id, hash, last4, sealed, reference string, expires, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*cardRow)(nil)).
		Set("status = ?", StatusActive).Set("code_hash = ?", hash).Set("code_last4 = ?", last4).
		Set("sealed_code = ?", sealed).Set("expires_at = ?", expires).Set("payment_reference = ?", reference).
		Set("issued_at = ?", now).Set("updated_at = ?", now).Where("id = ? AND status IN (?)", id, bun.In(unissued)).Exec(ctx)
	return affected(res, err)
}

// wipeCode removes a card's sealed code once it has been shown; false means
// another request showed it first.
func (store) wipeCode(ctx context.Context, idb bun.IDB, id, sealed string, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*cardRow)(nil)).Set("sealed_code = NULL").Set("updated_at = ?", now).
		Where("id = ? AND sealed_code = ?", id, sealed).Exec(ctx)
	return affected(res, err)
}

// cancel closes a pending card whose payment failed; false means it was not
// pending.
func (store) cancel(ctx context.Context, idb bun.IDB, id string, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*cardRow)(nil)).Set("status = ?", StatusCancelled).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, StatusPending).Exec(ctx)
	return affected(res, err)
}

// refund closes an active, unexpired card whose whole amount is still
// there, wiping its sealed code; false means it was redeemed or expired
// (or refunded) first.
func (store) refund(ctx context.Context, idb bun.IDB, id string, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*cardRow)(nil)).
		Set("balance = 0").Set("status = ?", StatusRefunded).Set("sealed_code = NULL").Set("updated_at = ?", now).
		Where("id = ? AND status = ? AND balance = amount AND expires_at > ?", id, StatusActive, now).Exec(ctx)
	return affected(res, err)
}

// redeem empties an active, unexpired card holding exactly balance; false
// means another request redeemed (or the sweep expired) it first.
func (store) redeem(ctx context.Context, idb bun.IDB, id, userID string, balance int64, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*cardRow)(nil)).
		Set("balance = 0").Set("status = ?", StatusRedeemed).Set("redeemed_by = ?", userID).
		Set("redeemed_at = ?", now).Set("updated_at = ?", now).
		Where("id = ? AND status = ? AND balance = ? AND balance > 0 AND expires_at > ?", id, StatusActive, balance, now).
		Exec(ctx)
	return affected(res, err)
}

// expire closes an active card past its expiry holding exactly balance.
func (store) expire(ctx context.Context, idb bun.IDB, id string, balance int64, now time.Time) (bool, error) {
	res, err := idb.NewUpdate().Model((*cardRow)(nil)).
		Set("balance = 0").Set("status = ?", StatusExpired).Set("updated_at = ?", now).
		Where("id = ? AND status = ? AND balance = ? AND expires_at <= ?", id, StatusActive, balance, now).Exec(ctx)
	return affected(res, err)
}

// due lists active cards past their expiry.
func (store) due(ctx context.Context, idb bun.IDB, now time.Time, limit int) ([]cardRow, error) {
	var rows []cardRow
	err := idb.NewSelect().Model(&rows).Where("status = ? AND expires_at <= ?", StatusActive, now).
		OrderExpr("expires_at ASC, id ASC").Limit(int64(limit)).Scan(ctx)
	return rows, err
}

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (store) insertEvent(ctx context.Context, idb bun.IDB, e *eventRow) error {
	_, err := idb.NewInsert().Model(e).Exec(ctx)
	return err
}

// events is a card's history in order.
func (store) events(ctx context.Context, idb bun.IDB, cardID string) ([]eventRow, error) {
	var rows []eventRow
	err := idb.NewSelect().Model(&rows).Where("card_id = ?", cardID).OrderExpr("created_at ASC, id ASC").Scan(ctx)
	return rows, err
}

func (store) insertDelivery(ctx context.Context, idb bun.IDB, d *deliveryRow) error {
	_, err := idb.NewInsert().Model(d).Exec(ctx)
	return err
}

// claimDelivery takes a delivery for one sender: unclaimed, or claimed
// before staleBefore by a sender that never finished. Nil means none.
func (store) claimDelivery(ctx context.Context, idb bun.IDB, cardID string, now, staleBefore time.Time) (*deliveryRow, error) {
	res, err := idb.NewUpdate().Model((*deliveryRow)(nil)).Set("claimed_at = ?", now).
		Set("attempts = attempts + 1").
		Where("card_id = ? AND (claimed_at IS NULL OR claimed_at < ?)", cardID, staleBefore).Exec(ctx)
	if ok, err := affected(res, err); err != nil || !ok {
		return nil, err
	}
	d := &deliveryRow{}
	return d, notFound(idb.NewSelect().Model(d).Where("card_id = ?", cardID).Scan(ctx))
}

// releaseDelivery frees a claim after a failed send.
func (store) releaseDelivery(ctx context.Context, idb bun.IDB, cardID string) error {
	_, err := idb.NewUpdate().Model((*deliveryRow)(nil)).Set("claimed_at = NULL").Where("card_id = ?", cardID).
		Exec(ctx)
	return err
}

func (store) deleteDelivery(ctx context.Context, idb bun.IDB, cardID string) error {
	_, err := idb.NewDelete().Model((*deliveryRow)(nil)).Where("card_id = ?", cardID).Exec(ctx)
	return err
}

// waitingDeliveries lists the cards whose mail is due (unclaimed or stale).
func (store) waitingDeliveries(ctx context.Context, idb bun.IDB, staleBefore time.Time, limit int) ([]string, error) {
	var ids []string
	err := idb.NewSelect().Model((*deliveryRow)(nil)).Column("card_id").
		Where("claimed_at IS NULL OR claimed_at < ?", staleBefore).OrderExpr("created_at ASC").Limit(int64(limit)).
		Scan(ctx, &ids)
	return ids, err
}

// deletePending removes a card whose payment never started.
func (store) deletePending(ctx context.Context, idb bun.IDB, id string) error {
	_, err := idb.NewDelete().Model((*cardRow)(nil)).Where("id = ? AND status = ?", id, StatusPending).Exec(ctx)
	return err
}

// setReference records a pending card's payment reference.
func (store) setReference(ctx context.Context, idb bun.IDB, id, reference string, now time.Time) error {
	_, err := idb.NewUpdate().Model((*cardRow)(nil)).Set("payment_reference = ?", reference).
		Set("updated_at = ?", now).Where("id = ? AND status = ?", id, StatusPending).Exec(ctx)
	return err
}

// recentPurchases are the creation times of the buyer's cards made since
// (cancelled ones, whose mail never goes, excluded), oldest first, at most
// limit of them: the daily gift-mail limit counts them.
func (store) recentPurchases(ctx context.Context, idb bun.IDB, purchaserID string, since time.Time, limit int) ([]time.Time, error) {
	var rows []cardRow
	err := idb.NewSelect().Model(&rows).Column("id", "created_at").
		Where("purchaser_id = ? AND created_at >= ? AND status <> ?", purchaserID, since, StatusCancelled).
		OrderExpr("created_at ASC, id ASC").Limit(int64(limit)).Scan(ctx)
	out := make([]time.Time, len(rows))
	for i, r := range rows {
		out[i] = r.CreatedAt
	}
	return out, err
}
