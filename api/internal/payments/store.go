package payments

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

// store holds the bun queries of payments, refunds, payout accounts and
// payouts. Every state change is a conditional UPDATE on the status it moves
// from, so two settlements of one payment (webhook and verify) cannot both win.
type store struct {
	db bun.IDB
}

func (s *store) q(idb bun.IDB) bun.IDB {
	if idb == nil {
		return s.db
	}
	return idb
}

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return apperr.ErrNotFound
	}
	return err
}

func insert(ctx context.Context, idb bun.IDB, row any) error {
	_, err := idb.NewInsert().Model(row).Exec(ctx)
	if db.IsUniqueViolation(err) {
		return apperr.ErrConflict
	}
	return err
}

func moved(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// --- payments ---

func (s *store) insertPayment(ctx context.Context, idb bun.IDB, r *paymentRow) error {
	return insert(ctx, s.q(idb), r)
}

func (s *store) paymentByReference(ctx context.Context, idb bun.IDB, ref string) (*paymentRow, error) {
	r := &paymentRow{}
	return r, notFound(s.q(idb).NewSelect().Model(r).Where("reference = ?", ref).Scan(ctx))
}

// paymentOf is one user's payment; another user's is ErrNotFound.
func (s *store) paymentOf(ctx context.Context, userID, ref string) (*paymentRow, error) {
	r := &paymentRow{}
	return r, notFound(s.db.NewSelect().Model(r).Where("reference = ? AND user_id = ?", ref, userID).Scan(ctx))
}

func (s *store) setStarted(ctx context.Context, id, accessCode, url string, now time.Time) error {
	_, err := s.db.NewUpdate().Model((*paymentRow)(nil)).
		Set("access_code = ?, authorization_url = ?, updated_at = ?", accessCode, url, now).
		Where("id = ?", id).Exec(ctx)
	return err
}

// settleable are the statuses a confirmed charge may still settle from: a
// checkout the customer left (abandoned) or whose earlier attempt was
// declined (failed) can still be paid on Paystack, and the money is then
// ours to credit. A mismatched payment never settles.
var settleable = []string{StatusPending, StatusAbandoned, StatusFailed}

func (s *store) markPaid(ctx context.Context, idb bun.IDB, id string, paidAt time.Time, channel string, paystackID int64,
	now time.Time) (bool, error) {
	return moved(s.q(idb).NewUpdate().Model((*paymentRow)(nil)).
		Set("status = ?, paid_at = ?, channel = ?, paystack_id = ?, failure_reason = '', updated_at = ?",
			StatusSuccess, paidAt, channel, paystackID, now).
		Where("id = ? AND status IN (?) AND mismatch = ?", id, bun.In(settleable), false).Exec(ctx))
}

// stalePending lists payments still pending that started before before,
// oldest first.
func (s *store) stalePending(ctx context.Context, before time.Time, limit int) ([]paymentRow, error) {
	var rows []paymentRow
	err := s.db.NewSelect().Model(&rows).Where("status = ? AND created_at <= ?", StatusPending, before).
		OrderExpr("created_at ASC, id ASC").Limit(int64(limit)).Scan(ctx)
	return rows, err
}

// markUnpaid moves a payment from one of from to status (failed or
// abandoned) with a reason; mismatch also bars it from ever settling.
func (s *store) markUnpaid(ctx context.Context, idb bun.IDB, id string, from []string, status, reason string,
	mismatch bool, now time.Time) (bool, error) {
	q := s.q(idb).NewUpdate().Model((*paymentRow)(nil)).
		Set("status = ?, failure_reason = ?, updated_at = ?", status, reason, now).
		Where("id = ? AND status IN (?) AND mismatch = ?", id, bun.In(from), false)
	if mismatch {
		q = q.Set("mismatch = ?", true)
	}
	return moved(q.Exec(ctx))
}

// reserveRefund adds amount to what is refunded of a paid payment, never
// beyond what was paid.
func (s *store) reserveRefund(ctx context.Context, idb bun.IDB, id string, amount int64, now time.Time) (bool, error) {
	return moved(s.q(idb).NewUpdate().Model((*paymentRow)(nil)).
		Set("status = CASE WHEN refunded_amount + ? >= amount THEN ? ELSE ? END", amount, StatusRefunded,
			StatusPartiallyRefunded).
		Set("refunded_amount = refunded_amount + ?, updated_at = ?", amount, now).
		Where("id = ? AND status IN (?) AND refunded_amount + ? <= amount", id,
			bun.In([]string{StatusSuccess, StatusPartiallyRefunded}), amount).Exec(ctx))
}

// releaseRefund gives back the reservation of a refund that failed.
func (s *store) releaseRefund(ctx context.Context, idb bun.IDB, id string, amount int64, now time.Time) (bool, error) {
	return moved(s.q(idb).NewUpdate().Model((*paymentRow)(nil)).
		Set("status = CASE WHEN refunded_amount - ? = 0 THEN ? ELSE ? END", amount, StatusSuccess,
			StatusPartiallyRefunded).
		Set("refunded_amount = refunded_amount - ?, updated_at = ?", amount, now).
		Where("id = ? AND refunded_amount >= ?", id, amount).Exec(ctx))
}

// adminPayments lists payments, newest first; q matches the reference, and
// payerIDs (when q found people) the payer.
func (s *store) adminPayments(ctx context.Context, status, q string, payerIDs []string, p page.Page) ([]paymentRow, int, error) {
	var rows []paymentRow
	sel := s.db.NewSelect().Model(&rows).OrderExpr("p.created_at DESC, p.id DESC").Limit(p.Limit()).Offset(p.Offset())
	if status != "" {
		sel = sel.Where("p.status = ?", status)
	}
	if q = strings.ToLower(strings.TrimSpace(q)); q != "" {
		like := "%" + escapeLike(q) + "%"
		sel = sel.WhereGroup(" AND ", func(w *bun.SelectQuery) *bun.SelectQuery {
			w = w.Where("p.reference LIKE ? ESCAPE '\\'", like)
			if len(payerIDs) > 0 {
				w = w.WhereOr("p.user_id IN (?)", bun.In(payerIDs))
			}
			return w
		})
	}
	n, err := sel.ScanAndCount(ctx)
	return rows, int(n), err
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}

// --- refunds ---

func (s *store) insertRefund(ctx context.Context, idb bun.IDB, r *refundRow) error {
	return insert(ctx, s.q(idb), r)
}

func (s *store) refundByRequestKey(ctx context.Context, key string) (*refundRow, error) {
	r := &refundRow{}
	return r, notFound(s.db.NewSelect().Model(r).Where("request_key = ?", key).Scan(ctx))
}

func (s *store) refundsOf(ctx context.Context, paymentIDs []string) ([]refundRow, error) {
	var rows []refundRow
	if len(paymentIDs) == 0 {
		return rows, nil
	}
	err := s.db.NewSelect().Model(&rows).Where("payment_id IN (?)", bun.In(paymentIDs)).
		OrderExpr("created_at ASC, id ASC").Scan(ctx)
	return rows, err
}

// pendingRefund is the oldest pending refund of a payment, preferring one of
// exactly amount (refund events name the charge and the amount, not our row).
func (s *store) pendingRefund(ctx context.Context, idb bun.IDB, paymentID string, amount int64) (*refundRow, error) {
	r := &refundRow{}
	err := s.q(idb).NewSelect().Model(r).Where("payment_id = ? AND status = ?", paymentID, RefundPending).
		OrderExpr("CASE WHEN amount = ? THEN 0 ELSE 1 END, created_at ASC, id ASC", amount).Limit(1).Scan(ctx)
	return r, notFound(err)
}

func (s *store) setRefundStatus(ctx context.Context, idb bun.IDB, id, from, to, reason string, now time.Time) (bool, error) {
	return moved(s.q(idb).NewUpdate().Model((*refundRow)(nil)).
		Set("status = ?, failure_reason = ?, updated_at = ?", to, reason, now).
		Where("id = ? AND status = ?", id, from).Exec(ctx))
}

func (s *store) setRefundPaystackID(ctx context.Context, id string, pid int64, now time.Time) error {
	_, err := s.db.NewUpdate().Model((*refundRow)(nil)).Set("paystack_refund_id = ?, updated_at = ?", pid, now).
		Where("id = ?", id).Exec(ctx)
	return err
}

// --- payout accounts ---

func (s *store) activeAccount(ctx context.Context, userID, currency string) (*accountRow, error) {
	r := &accountRow{}
	err := s.db.NewSelect().Model(r).Where("user_id = ? AND currency = ? AND active = ?", userID, currency, true).
		Scan(ctx)
	return r, notFound(err)
}

func (s *store) accountsOf(ctx context.Context, userID string) ([]accountRow, error) {
	var rows []accountRow
	err := s.db.NewSelect().Model(&rows).Where("user_id = ? AND active = ?", userID, true).
		OrderExpr("currency ASC").Scan(ctx)
	return rows, err
}

// replaceAccount retires the user's active account in the currency and
// saves r as the active one (the partial unique index keeps one active).
func (s *store) replaceAccount(ctx context.Context, tx bun.Tx, r *accountRow) error {
	if _, err := tx.NewUpdate().Model((*accountRow)(nil)).Set("active = ?, updated_at = ?", false, r.CreatedAt).
		Where("user_id = ? AND currency = ? AND active = ?", r.UserID, r.Currency, true).Exec(ctx); err != nil {
		return err
	}
	return insert(ctx, tx, r)
}

// --- payouts ---

func (s *store) insertPayout(ctx context.Context, idb bun.IDB, r *payoutRow) error {
	return insert(ctx, s.q(idb), r)
}

func (s *store) payoutQuery(rows any) *bun.SelectQuery {
	return s.db.NewSelect().Model(rows).ColumnExpr("po.*").
		ColumnExpr("a.bank_name AS bank_name, a.account_number AS account_number, a.account_name AS account_name").
		Join("JOIN payout_accounts AS a ON a.id = po.payout_account_id")
}

func (s *store) payoutByRequestKey(ctx context.Context, userID, key string) (*payoutWithAccount, error) {
	r := &payoutWithAccount{}
	return r, notFound(s.payoutQuery(r).Where("po.user_id = ? AND po.request_key = ?", userID, key).Scan(ctx))
}

func (s *store) payoutByID(ctx context.Context, id string) (*payoutWithAccount, error) {
	r := &payoutWithAccount{}
	return r, notFound(s.payoutQuery(r).Where("po.id = ?", id).Scan(ctx))
}

func (s *store) payoutByReference(ctx context.Context, idb bun.IDB, ref string) (*payoutRow, error) {
	r := &payoutRow{}
	return r, notFound(s.q(idb).NewSelect().Model(r).Where("reference = ?", ref).Scan(ctx))
}

// payoutsAfter is a keyset page of a user's payouts, newest first: at most
// c.Fetch() rows after c.After (index payouts_user_keyset_idx).
func (s *store) payoutsAfter(ctx context.Context, userID string, c page.Cursor) ([]payoutWithAccount, error) {
	rows := make([]payoutWithAccount, 0, c.Fetch())
	q := s.payoutQuery(&rows).Where("po.user_id = ?", userID).
		OrderExpr("po.created_at DESC, po.id DESC").Limit(int64(c.Fetch()))
	if c.After != nil {
		q = q.Where("(po.created_at, po.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	return rows, q.Scan(ctx)
}

func (s *store) setPayoutTransfer(ctx context.Context, id, code string, pid int64, now time.Time) error {
	_, err := s.db.NewUpdate().Model((*payoutRow)(nil)).
		Set("transfer_code = ?, paystack_id = ?, updated_at = ?", code, pid, now).Where("id = ?", id).Exec(ctx)
	return err
}

func (s *store) settlePayout(ctx context.Context, idb bun.IDB, id, from, to, reason string, now time.Time) (bool, error) {
	return moved(s.q(idb).NewUpdate().Model((*payoutRow)(nil)).
		Set("status = ?, failure_reason = ?, settled_at = ?, updated_at = ?", to, reason, now, now).
		Where("id = ? AND status = ?", id, from).Exec(ctx))
}
