package dealers

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// store holds the dealers domain's queries (the same on both databases).
type store struct{ db *bun.DB }

func affected(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// isUnique reports a unique violation on either database.
func isUnique(err error) bool {
	if err == nil {
		return false
	}
	m := err.Error()
	return strings.Contains(m, "UNIQUE constraint failed") || strings.Contains(m, "duplicate key value") ||
		strings.Contains(m, "23505")
}

func (s store) settings(ctx context.Context, db bun.IDB, providerID string) (*settingsRow, error) {
	r := new(settingsRow)
	err := db.NewSelect().Model(r).Where("provider_id = ?", providerID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoDealership
	}
	return r, err
}

func (s store) insertSettings(ctx context.Context, r *settingsRow) error {
	_, err := s.db.NewInsert().Model(r).On("CONFLICT (provider_id) DO NOTHING").Exec(ctx)
	return err
}

func (s store) updateSettings(ctx context.Context, r *settingsRow) error {
	_, err := s.db.NewUpdate().Model(r).Column("reservation_days", "deposit_amount", "branches", "updated_at").WherePK().Exec(ctx)
	return err
}

func (s store) insertListing(ctx context.Context, tx bun.Tx, r *listingRow) error {
	_, err := tx.NewInsert().Model(r).Exec(ctx)
	if isUnique(err) {
		return errVINLive
	}
	return err
}

func (s store) updateListing(ctx context.Context, tx bun.Tx, r *listingRow) error {
	_, err := tx.NewUpdate().Model(r).Column("vin", "make", "model", "year", "trim", "body", "mileage_km", "fuel",
		"transmission", "drivetrain", "colour", "condition", "price", "features", "description", "city",
		"updated_at").WherePK().Exec(ctx)
	if isUnique(err) {
		return errVINLive
	}
	return err
}

func (s store) listing(ctx context.Context, db bun.IDB, id string) (*listingRow, error) {
	r := new(listingRow)
	err := db.NewSelect().Model(r).Where("l.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

// ownListing reads a listing of userID's dealership (another's is not found).
func (s store) ownListing(ctx context.Context, db bun.IDB, userID, id string) (*listingRow, error) {
	r := new(listingRow)
	err := db.NewSelect().Model(r).Where("l.id = ? AND l.dealer_user_id = ?", id, userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	return r, err
}

func (s store) dealerListings(ctx context.Context, providerID, status string, c page.Cursor) ([]listingRow, error) {
	rows := make([]listingRow, 0, c.Fetch())
	q := s.db.NewSelect().Model(&rows).Where("l.provider_id = ?", providerID).
		OrderExpr("l.created_at DESC, l.id DESC").Limit(int64(c.Fetch()))
	if status != "" {
		q = q.Where("l.status = ?", status)
	}
	if c.After != nil {
		q = q.Where("(l.created_at, l.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

func (s store) setStatus(ctx context.Context, db bun.IDB, id, from, to string, now time.Time) (bool, error) {
	q := db.NewUpdate().Model((*listingRow)(nil)).Set("status = ?", to).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, from)
	switch to {
	case StatusSold:
		q = q.Set("sold_at = ?", now)
	case StatusReserved:
		q = q.Where("hidden = ?", false)
	}
	return affected(q.Exec(ctx))
}

func (s store) insertEvent(ctx context.Context, db bun.IDB, listingID, from, to, actor, actorID, note string, now time.Time) error {
	_, err := db.NewInsert().Model(&eventRow{ID: ids.New(), ListingID: listingID, FromStatus: from, ToStatus: to,
		Actor: actor, ActorID: actorID, Note: note, CreatedAt: now}).Exec(ctx)
	return err
}

func (s store) insertPrice(ctx context.Context, db bun.IDB, listingID string, price int64, cur string, now time.Time) error {
	_, err := db.NewInsert().Model(&priceRow{ID: ids.New(), ListingID: listingID, Price: price, Currency: cur,
		ChangedAt: now}).Exec(ctx)
	return err
}

func (s store) photos(ctx context.Context, db bun.IDB, listingID string) ([]photoRow, error) {
	rows := []photoRow{}
	return rows, db.NewSelect().Model(&rows).Where("listing_id = ?", listingID).OrderExpr("position, id").
		Limit(maxPhotos).Scan(ctx)
}

func (s store) prices(ctx context.Context, listingID string) ([]priceRow, error) {
	rows := []priceRow{}
	return rows, s.db.NewSelect().Model(&rows).Where("listing_id = ?", listingID).OrderExpr("changed_at, id").
		Limit(100).Scan(ctx)
}

func (s store) addView(ctx context.Context, id string) error {
	_, err := s.db.NewUpdate().Model((*listingRow)(nil)).Set("views = views + 1").Where("id = ?", id).Exec(ctx)
	return err
}

// listingsByIDs reads listings for lists of reservations, leads and drives.
func (s store) listingsByIDs(ctx context.Context, idList []string) (map[string]*listingRow, error) {
	out := map[string]*listingRow{}
	if len(idList) == 0 {
		return out, nil
	}
	var rows []*listingRow
	if err := s.db.NewSelect().Model(&rows).Where("l.id IN (?)", bun.In(idList)).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

func (s store) insertReservation(ctx context.Context, tx bun.Tx, r *reservationRow) error {
	_, err := tx.NewInsert().Model(r).Exec(ctx)
	if isUnique(err) {
		return ErrNotAvailable
	}
	return err
}

func (s store) reservation(ctx context.Context, id string) (*reservationRow, error) {
	return s.reservationIn(ctx, s.db, id)
}

func (s store) reservationIn(ctx context.Context, idb bun.IDB, id string) (*reservationRow, error) {
	r := new(reservationRow)
	err := idb.NewSelect().Model(r).Where("id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrReservationNotFound
	}
	return r, err
}

func (s store) reservationByKey(ctx context.Context, buyerID, key string) (*reservationRow, error) {
	r := new(reservationRow)
	err := s.db.NewSelect().Model(r).Where("buyer_id = ? AND reserve_key = ?", buyerID, key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrReservationNotFound
	}
	return r, err
}

// ownReservation reads a reservation of the dealer's (forDealer) or the
// buyer's; anyone else's is not found.
func (s store) ownReservation(ctx context.Context, userID, id string, forDealer bool) (*reservationRow, error) {
	col := "buyer_id"
	if forDealer {
		col = "dealer_user_id"
	}
	r := new(reservationRow)
	err := s.db.NewSelect().Model(r).Where("id = ?", id).Where("? = ?", bun.Ident(col), userID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrReservationNotFound
	}
	return r, err
}

func (s store) heldReservationOf(ctx context.Context, listingID, buyerID string) (*reservationRow, error) {
	r := new(reservationRow)
	err := s.db.NewSelect().Model(r).Where("listing_id = ? AND buyer_id = ?", listingID, buyerID).
		Where("status IN (?)", bun.In([]string{ReservationHeld, ReservationAwaitingPayment})).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

func (s store) settleReservation(ctx context.Context, tx bun.Tx, id, to, actorID, note string, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*reservationRow)(nil)).Set("status = ?", to).Set("settled_at = ?", now).
		Set("settled_by = ?", actorID).Set("note = ?", note).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, ReservationHeld).Exec(ctx))
}

// payReservation moves a reservation awaiting its card payment to held,
// with its release time.
func (s store) payReservation(ctx context.Context, tx bun.Tx, id string, releaseAt, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*reservationRow)(nil)).Set("status = ?", ReservationHeld).
		Set("release_at = ?", releaseAt).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, ReservationAwaitingPayment).Exec(ctx))
}

// expireReservation ends a reservation awaiting its card payment.
func (s store) expireReservation(ctx context.Context, tx bun.Tx, id, actorID, note string, now time.Time) (bool, error) {
	return affected(tx.NewUpdate().Model((*reservationRow)(nil)).Set("status = ?", ReservationExpired).
		Set("settled_at = ?", now).Set("settled_by = ?", actorID).Set("note = ?", note).Set("updated_at = ?", now).
		Where("id = ? AND status = ?", id, ReservationAwaitingPayment).Exec(ctx))
}

func (s store) setPaymentReference(ctx context.Context, id, ref string) error {
	_, err := s.db.NewUpdate().Model((*reservationRow)(nil)).Set("payment_reference = ?", ref).
		Where("id = ?", id).Exec(ctx)
	return err
}

func (s store) reservations(ctx context.Context, col, val, status string, c page.Cursor) ([]reservationRow, error) {
	rows := make([]reservationRow, 0, c.Fetch())
	q := s.db.NewSelect().Model(&rows).Where("? = ?", bun.Ident(col), val).OrderExpr("created_at DESC, id DESC").
		Limit(int64(c.Fetch()))
	if status != "" {
		q = q.Where("status = ?", status)
	}
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

// liveListingByVIN is the dealership's car with this VIN that is not sold
// (sql.ErrNoRows when none).
func (s store) liveListingByVIN(ctx context.Context, providerID, vin string) (*listingRow, error) {
	r := new(listingRow)
	err := s.db.NewSelect().Model(r).Where("provider_id = ?", providerID).Where("vin = ?", vin).
		Where("status <> ?", StatusSold).Limit(1).Scan(ctx)
	return r, err
}
