package reviews

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/db"
)

// MaxLookup bounds one ReviewedBookings call (a page of bookings is at
// most 100, a calendar range at most 500).
const MaxLookup = 500

// Lookup tells the bookings domain which bookings their user has reviewed
// (bookings.ReviewLookup). It reads only the reviews table and needs only
// the database, so app builds it before the bookings module that uses it,
// while the Service, which needs bookings, comes after.
type Lookup struct{ st store }

// NewLookup makes the lookup over the application's database.
func NewLookup(d *db.DB) *Lookup { return &Lookup{st: store{db: d.DB}} }

// ReviewedBookings answers, for the given bookings, the review authorID
// wrote of each (any status: a reported or removed review still used the
// booking's one review), keyed by booking id, in one query. Bookings
// without a review by authorID are absent.
func (l *Lookup) ReviewedBookings(ctx context.Context, authorID string, bookingIDs []string) (map[string]bookings.ReviewRef, error) {
	out := make(map[string]bookings.ReviewRef, len(bookingIDs))
	for len(bookingIDs) > 0 {
		n := min(len(bookingIDs), MaxLookup)
		rows, err := l.st.ofBookings(ctx, authorID, bookingIDs[:n])
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.BookingID] = bookings.ReviewRef{ID: r.ID, Rating: r.Rating, Status: r.Status}
		}
		bookingIDs = bookingIDs[n:]
	}
	return out, nil
}

// ofBookings reads authorID's reviews of the given bookings (through the
// unique booking_id index).
func (s store) ofBookings(ctx context.Context, authorID string, bookingIDs []string) ([]reviewRow, error) {
	var rows []reviewRow
	err := s.db.NewSelect().Model(&rows).Column("id", "booking_id", "rating", "status").
		Where("booking_id IN (?)", bun.In(bookingIDs)).Where("author_id = ?", authorID).Scan(ctx)
	return rows, err
}
