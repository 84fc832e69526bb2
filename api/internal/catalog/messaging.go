package catalog

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/messaging"
)

// MessagingSource describes products to messaging (a buyer asks the seller
// about a product): a small reader of shop_products and shop_photos only.
type MessagingSource struct{ db bun.IDB }

// NewMessagingSource is the catalogue's messaging.Source for "product".
func NewMessagingSource(db bun.IDB) MessagingSource { return MessagingSource{db: db} }

// Type is "product".
func (MessagingSource) Type() string { return "product" }

// Subject describes a published product (its seller is the party; anyone
// may ask about it); the seller sees theirs whatever its status.
func (m MessagingSource) Subject(ctx context.Context, id, viewer string) (messaging.Subject, error) {
	var p struct {
		ID       string `bun:"id"`
		VendorID string `bun:"vendor_id"`
		Title    string `bun:"title"`
		Status   string `bun:"status"`
	}
	err := m.db.NewSelect().TableExpr("shop_products").Column("id", "vendor_id", "title", "status").
		Where("id = ?", id).Scan(ctx, &p)
	if errors.Is(err, sql.ErrNoRows) || err == nil && p.Status != "published" && viewer != p.VendorID {
		return messaging.Subject{}, messaging.ErrNoSubject
	}
	if err != nil {
		return messaging.Subject{}, err
	}
	var photo string
	_ = m.db.NewSelect().TableExpr("shop_photos").Column("thumb_url").Where("product_id = ?", id).
		OrderExpr("position, id").Limit(1).Scan(ctx, &photo)
	s := messaging.Subject{Parties: []string{p.VendorID}, Public: true}
	s.Title, s.Status, s.ImageURL = p.Title, p.Status, photo
	if viewer == p.VendorID {
		s.Link = "/vendor-app/offerings"
		s.Actions = []messaging.Action{{Label: "Open my products", Link: s.Link}}
	} else {
		s.Link = "/shop/ProductDetails?id=" + p.ID
		s.Actions = []messaging.Action{{Label: "View the product", Link: s.Link}}
	}
	return s, nil
}
