package catalog

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// AdminProducts is every product for admins (numbered pages): by status,
// certificate status and words in the title or the store's name; the
// moderation queue (pending_review) oldest submission first, the rest
// newest first.
func (s *Service) AdminProducts(ctx context.Context, status, cert, q string, p page.Page) ([]AdminProductRow, int, error) {
	f := apperr.Fields{}
	f.Check(status == "" || ValidStatus(status), "status", "is not a product status")
	f.Check(cert == "" || cert == CertPending || cert == CertVerified || cert == CertRejected, "certificate",
		"must be pending, verified or rejected")
	if err := f.Err(); err != nil {
		return nil, 0, err
	}
	var rows []struct {
		productRow `bun:",extend"`
		StoreName  string `bun:"store_name"`
	}
	sel := s.c.DB.NewSelect().Model(&rows).ColumnExpr(productColumns + ", s.name AS store_name").
		Join("JOIN shop_stores AS s ON s.id = p.store_id").Offset(p.Offset()).Limit(p.Limit())
	if status != "" {
		sel.Where("p.status = ?", status)
	}
	if status == StatusPendingReview {
		sel.OrderExpr("p.submitted_at ASC, p.id ASC")
	} else {
		sel.OrderExpr("p.created_at DESC, p.id DESC")
	}
	if cert != "" {
		sel.Where("p.certificate_status = ?", cert)
	}
	if q = strings.TrimSpace(q); q != "" {
		like := "%" + likeEscape(strings.ToLower(q)) + "%"
		sel.Where("(lower(p.title) LIKE ? ESCAPE '\\' OR lower(s.name) LIKE ? ESCAPE '\\')", like, like)
	}
	n, err := sel.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	plain := make([]productRow, len(rows))
	for i, r := range rows {
		plain[i] = r.productRow
	}
	cards, err := s.cards(ctx, plain)
	if err != nil {
		return nil, 0, err
	}
	out := make([]AdminProductRow, len(rows))
	for i, r := range rows {
		out[i] = AdminProductRow{ProductCard: cards[i], StoreName: r.StoreName, CertificateStatus: r.CertificateStatus,
			SubmittedAt: r.SubmittedAt, CreatedAt: r.CreatedAt}
	}
	return out, int(n), nil
}

// AdminProduct is any product as admins see it (stock and certificate included).
func (s *Service) AdminProduct(ctx context.Context, id string) (Product, error) {
	p, err := s.st.product(ctx, s.c.DB, id)
	if err != nil {
		return Product{}, err
	}
	return s.full(ctx, p, true)
}

// Approve publishes a product under review; its store becomes trusted (its
// later products publish on submit unless review_all is set).
func (s *Service) Approve(ctx context.Context, adminID, ip, id string) (Product, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.product(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.Status != StatusPendingReview {
			return errWrongMove
		}
		if err := s.move(ctx, tx, p, StatusPublished, "admin", adminID, ""); err != nil {
			return err
		}
		if _, err := tx.NewRaw("UPDATE shop_stores SET trusted = ? WHERE id = ?", true, p.StoreID).Exec(ctx); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.product.approve",
			TargetType: "shop_product", TargetID: p.ID, SubjectID: p.VendorID, IP: ip})
	})
	if err != nil {
		return Product{}, err
	}
	return s.AdminProduct(ctx, id)
}

// Reject sends a product under review back to its vendor with a reason.
func (s *Service) Reject(ctx context.Context, adminID, ip, id, reason string) (Product, error) {
	f := apperr.Fields{}
	line(f, "reason", &reason, 3, 500)
	if err := f.Err(); err != nil {
		return Product{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.st.product(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.Status != StatusPendingReview {
			return errWrongMove
		}
		if err := s.move(ctx, tx, p, StatusRejected, "admin", adminID, reason); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop.product.reject",
			TargetType: "shop_product", TargetID: p.ID, SubjectID: p.VendorID, IP: ip,
			Details: map[string]any{"reason": reason}})
	})
	if err != nil {
		return Product{}, err
	}
	return s.AdminProduct(ctx, id)
}

// productColumns are productRow's columns (never p.*: PostgreSQL's search_vector is not one).
const productColumns = "p.id, p.store_id, p.vendor_id, p.category_id, p.category_path, p.title, p.description_html, p.description_text, p.brand, p.tags, p.options, p.shipping_profile, p.status, p.luxury, p.certificate_status, p.price_on_request, p.min_price, p.max_price, p.currency, p.rating, p.rating_count, p.sold, p.cover_url, p.cover_thumb_url, p.compare_at, p.rejection_reason, p.submitted_at, p.published_at, p.created_at, p.updated_at"
