package shop

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"sojourn/api/internal/platform/apperr"
)

// DeliveredLine is one line of a shopper's order that reached them
// (delivered, completed, or in a return after delivery): what the product
// reviews domain may let them review.
type DeliveredLine struct {
	ID           string    `bun:"id"`
	OrderID      string    `bun:"order_id"`
	ProductID    string    `bun:"product_id"`
	VariantID    string    `bun:"variant_id"`
	StoreID      string    `bun:"store_id"`
	StoreName    string    `bun:"store_name"`
	VendorID     string    `bun:"vendor_id"`
	Title        string    `bun:"title"`
	VariantTitle string    `bun:"variant_title"`
	PhotoURL     string    `bun:"photo_url"`
	DeliveredAt  time.Time `bun:"delivered_at"`
}

// ErrLineNotFound answers a line that is not the shopper's, or not delivered.
var ErrLineNotFound = apperr.NotFound("Order line")

var deliveredStates = []string{FulDelivered, FulCompleted, FulReturnRequested, FulReturned}

const deliveredLineSelect = `SELECT l.id, l.order_id, l.product_id, l.variant_id, o.store_id, o.store_name, o.vendor_id,
	l.title, l.variant_title, l.photo_url, o.delivered_at
	FROM shop_order_lines l JOIN shop_orders o ON o.id = l.order_id
	WHERE o.user_id = ? AND o.fulfilment_status IN (?, ?, ?, ?) AND o.delivered_at IS NOT NULL`

// DeliveredLine answers one of userID's delivered order lines
// (ErrLineNotFound for another's line or one not delivered yet).
func (s *Service) DeliveredLine(ctx context.Context, userID, lineID string) (DeliveredLine, error) {
	var l DeliveredLine
	err := s.c.DB.NewRaw(deliveredLineSelect+" AND l.id = ?", userID, deliveredStates[0], deliveredStates[1],
		deliveredStates[2], deliveredStates[3], lineID).Scan(ctx, &l)
	if errors.Is(err, sql.ErrNoRows) {
		return l, ErrLineNotFound
	}
	return l, err
}

// DeliveredLines answers userID's most recently delivered order lines
// (at most limit, newest delivery first).
func (s *Service) DeliveredLines(ctx context.Context, userID string, limit int) ([]DeliveredLine, error) {
	out := []DeliveredLine{}
	err := s.c.DB.NewRaw(deliveredLineSelect+" ORDER BY o.delivered_at DESC, l.id DESC LIMIT ?", userID,
		deliveredStates[0], deliveredStates[1], deliveredStates[2], deliveredStates[3], limit).Scan(ctx, &out)
	return out, err
}
