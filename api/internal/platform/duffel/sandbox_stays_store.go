package duffel

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

// The sandbox's stay bookings (migration 0038, duffel_sandbox_stay_bookings).

type sbStayBooking struct {
	bun.BaseModel   `bun:"table:duffel_sandbox_stay_bookings"`
	ID              string     `bun:"id,pk"`
	Reference       string     `bun:"reference"`
	IdempotencyKey  *string    `bun:"idempotency_key"`
	QuoteID         string     `bun:"quote_id"`
	AccommodationID string     `bun:"accommodation_id"`
	CheckInDate     string     `bun:"check_in_date"`
	CheckOutDate    string     `bun:"check_out_date"`
	Guests          string     `bun:"guests"`
	Email           string     `bun:"email"`
	Phone           string     `bun:"phone"`
	TotalAmount     int64      `bun:"total_amount"`
	Currency        string     `bun:"currency"`
	Status          string     `bun:"status"`
	RefundAmount    int64      `bun:"refund_amount"`
	CreatedAt       time.Time  `bun:"created_at"`
	CancelledAt     *time.Time `bun:"cancelled_at"`
}

type stayStore struct {
	db bun.IDB
	sb *Sandbox
}

func (s *Sandbox) stayStore() stayStore { return stayStore{db: s.cfg.DB, sb: s} }

// attempts remembers which Idempotency-Keys the "Flaky" switch has failed once.
var attempts sync.Map

func (st stayStore) firstAttempt(key string) bool {
	_, seen := attempts.LoadOrStore(fmt.Sprintf("%p/%s", st.sb, key), true)
	return !seen
}

func (st stayStore) byKey(ctx context.Context, key string) (*sbStayBooking, bool, error) {
	if key == "" {
		return nil, false, nil
	}
	b := new(sbStayBooking)
	err := st.db.NewSelect().Model(b).Where("idempotency_key = ?", key).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	return b, err == nil, err
}

func (st stayStore) get(ctx context.Context, id string) (*sbStayBooking, error) {
	b := new(sbStayBooking)
	err := st.db.NewSelect().Model(b).Where("id = ?", id).Scan(ctx)
	return b, err
}

func randomToken(n int, alphabet string) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// create stores a confirmed booking; a parallel request with the same key
// gets the one that won.
func (st stayStore) create(ctx context.Context, key string, q sbQuote, in StaysBookingRequest, now time.Time) (*sbStayBooking, error) {
	guests, _ := json.Marshal(in.Guests)
	b := &sbStayBooking{ID: "bok_" + randomToken(22, "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
		Reference: randomToken(8, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"), QuoteID: enc("quo_", "x"),
		AccommodationID: q.Acc, CheckInDate: q.In, CheckOutDate: q.Out, Guests: string(guests), Email: in.Email,
		Phone: in.PhoneNumber, TotalAmount: q.Total, Currency: "NGN", Status: "confirmed", CreatedAt: now}
	b.QuoteID = in.QuoteID
	if key != "" {
		b.IdempotencyKey = &key
	}
	_, err := st.db.NewInsert().Model(b).Exec(ctx)
	if err != nil && key != "" && isUnique(err) {
		got, ok, err2 := st.byKey(ctx, key)
		if err2 == nil && ok {
			return got, nil
		}
	}
	return b, err
}

func isUnique(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate")
}

func (st stayStore) cancel(ctx context.Context, id string, refund int64, now time.Time) (*sbStayBooking, error) {
	res, err := st.db.NewUpdate().Table("duffel_sandbox_stay_bookings").Set("status = 'cancelled'").
		Set("refund_amount = ?", refund).Set("cancelled_at = ?", now).
		Where("id = ? AND status = 'confirmed'", id).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := res.RowsAffected(); err != nil {
		return nil, fmt.Errorf("duffel sandbox: cancel %s: %w", id, err)
	}
	return st.get(ctx, id) // cancelled now, or by a request just before

}
