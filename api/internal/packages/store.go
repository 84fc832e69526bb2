package packages

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/page"
)

// errNoUse is a booking that spent no credit.
var errNoUse = errors.New("packages: no credit use")

// store holds the packages domain's queries (the same on both databases).
type store struct{ db *bun.DB }

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s store) countOwn(ctx context.Context, userID string) (int, error) {
	n, err := s.db.NewSelect().Model((*offerRow)(nil)).Where("provider_user_id = ?", userID).Count(ctx)
	return int(n), err
}

func (s store) insertOffer(ctx context.Context, r *offerRow) error {
	_, err := s.db.NewInsert().Model(r).Exec(ctx)
	return err
}

func (s store) offer(ctx context.Context, db bun.IDB, id string) (*offerRow, error) {
	r := new(offerRow)
	err := db.NewSelect().Model(r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

func (s store) updateOffer(ctx context.Context, r *offerRow) error {
	_, err := s.db.NewUpdate().Model(r).Column("title", "description", "sessions", "valid_days", "price", "active",
		"updated_at").WherePK().Exec(ctx)
	return err
}

// offersOf lists packages by provider_id or provider_user_id, newest first.
func (s store) offersOf(ctx context.Context, col, val string, activeOnly bool) ([]offerRow, error) {
	rows := []offerRow{}
	q := s.db.NewSelect().Model(&rows).Where("? = ?", bun.Ident(col), val).OrderExpr("created_at DESC, id DESC").
		Limit(MaxPerProvider)
	if activeOnly {
		q = q.Where("active = ?", true)
	}
	return rows, q.Scan(ctx)
}

// insertPurchase writes a purchase unless the buyer made one with the same
// key; false means it exists.
func (s store) insertPurchase(ctx context.Context, db bun.IDB, p *purchaseRow) (bool, error) {
	return affected(db.NewInsert().Model(p).On("CONFLICT (buyer_id, purchase_key) DO NOTHING").Exec(ctx))
}

func (s store) purchaseByKey(ctx context.Context, db bun.IDB, buyerID, key string) (*purchaseRow, error) {
	p := new(purchaseRow)
	err := db.NewSelect().Model(p).Where("buyer_id = ? AND purchase_key = ?", buyerID, key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrPurchaseNotFound
	}
	return p, err
}

func (s store) purchase(ctx context.Context, db bun.IDB, id string) (*purchaseRow, error) {
	p := new(purchaseRow)
	err := db.NewSelect().Model(p).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrPurchaseNotFound
	}
	return p, err
}

func (s store) deletePending(ctx context.Context, id string) error {
	_, err := s.db.NewDelete().Model((*purchaseRow)(nil)).Where("id = ? AND status = ?", id, StatusPending).Exec(ctx)
	return err
}

func (s store) setReference(ctx context.Context, id, ref string, now time.Time) error {
	_, err := s.db.NewUpdate().Model((*purchaseRow)(nil)).Set("payment_reference = ?", ref).
		Set("updated_at = ?", now).Where("id = ?", id).Exec(ctx)
	return err
}

// activatePaid makes a pending (or cancelled, paid after all) purchase
// active from now; false when it is neither.
func (s store) activatePaid(ctx context.Context, tx bun.Tx, id string, until, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*purchaseRow)(nil)).Set("status = ?", StatusActive).
		Set("valid_until = ?", until).Set("updated_at = ?", now).
		Where("id = ? AND status IN (?)", id, bun.In([]string{StatusPending, StatusCancelled})).Exec(ctx))
}

func (s store) setStatus(ctx context.Context, db bun.IDB, id, from, to string, now time.Time) (bool, error) {
	return affected(db.NewUpdate().Model((*purchaseRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, from).Exec(ctx))
}

// close ends an active purchase (refunded: only while a credit is unused;
// expired: always); false when it is not active (or has nothing left).
func (s store) close(ctx context.Context, tx bun.Tx, id, to string, _ *time.Time, now time.Time) (bool, error) {
	q := tx.NewUpdate().Model((*purchaseRow)(nil)).Set("status = ?", to).Set("closed_at = ?", now).
		Set("updated_at = ?", now).Where("id = ? AND status = ?", id, StatusActive)
	if to == StatusRefunded {
		q = q.Where("credits_used < credits_total")
	}
	return affected(q.Exec(ctx))
}

func (s store) addRefunded(ctx context.Context, tx bun.Tx, id string, amount int64, now time.Time) error {
	_, err := tx.NewUpdate().Model((*purchaseRow)(nil)).Set("refunded_amount = refunded_amount + ?", amount).
		Set("updated_at = ?", now).Where("id = ?", id).Exec(ctx)
	return err
}

// purchasesOf is a keyset page of a buyer's purchases (index
// package_purchases_buyer_idx).
func (s store) purchasesOf(ctx context.Context, buyerID string, c page.Cursor) ([]purchaseRow, error) {
	rows := make([]purchaseRow, 0, c.Fetch())
	q := s.db.NewSelect().Model(&rows).Where("buyer_id = ?", buyerID).OrderExpr("created_at DESC, id DESC").
		Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

// usable lists the buyer's purchases with a credit left for the offering,
// soonest expiry first.
func (s store) usable(ctx context.Context, tx bun.Tx, buyerID, offeringID string, now time.Time) ([]string, error) {
	var out []string
	err := tx.NewSelect().Model((*purchaseRow)(nil)).Column("id").
		Where("buyer_id = ? AND offering_id = ? AND status = ?", buyerID, offeringID, StatusActive).
		Where("credits_used < credits_total AND valid_until > ?", now).
		OrderExpr("valid_until ASC, id ASC").Limit(20).Scan(ctx, &out)
	return out, err
}

// takeCredit spends one credit if one is left: the conditional update
// decides a race for the last credit.
func (s store) takeCredit(ctx context.Context, tx bun.Tx, id string, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*purchaseRow)(nil)).Set("credits_used = credits_used + 1").
		Set("updated_at = ?", now).
		Where("id = ? AND status = ? AND credits_used < credits_total AND valid_until > ?", id, StatusActive, now).
		Exec(ctx))
}

func (s store) giveCredit(ctx context.Context, tx bun.Tx, id string, now time.Time) error {
	_, err := tx.NewUpdate().Model((*purchaseRow)(nil)).Set("credits_used = credits_used - 1").
		Set("updated_at = ?", now).Where("id = ? AND credits_used > 0", id).Exec(ctx)
	return err
}

func (s store) insertUse(ctx context.Context, tx bun.Tx, u *useRow) error {
	_, err := tx.NewInsert().Model(u).Exec(ctx)
	return err
}

func (s store) useOf(ctx context.Context, db bun.IDB, bookingID string) (*useRow, error) {
	u := new(useRow)
	err := db.NewSelect().Model(u).Where("booking_id = ?", bookingID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoUse
	}
	return u, err
}

func (s store) returnUse(ctx context.Context, tx bun.Tx, id string, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*useRow)(nil)).Set("status = ?", UseReturned).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, UseConsumed).Exec(ctx))
}
