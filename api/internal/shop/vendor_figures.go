package shop

import (
	"context"
)

// VendorFigures are a vendor's shop figures for admins: the sales figures
// the vendor sees (GET /vendor/sales: escrow held, payouts due, revenue),
// its orders in all (paid ones; completed and cancelled among them), what
// its released orders paid out to the vendor and the commission taken.
type VendorFigures struct {
	Sales      Sales `json:"sales"`
	Orders     int   `json:"orders"`
	Completed  int   `json:"completed"`
	Cancelled  int   `json:"cancelled"`
	PaidOut    Money `json:"paid_out"`
	Commission Money `json:"commission"`
}

// AdminVendorFigures answers a vendor's figures (zeros for a vendor
// without orders).
func (s *Service) AdminVendorFigures(ctx context.Context, vendorID string) (VendorFigures, error) {
	sales, err := s.Sales(ctx, vendorID)
	if err != nil {
		return VendorFigures{}, err
	}
	out := VendorFigures{Sales: sales}
	var rows []orderRow
	if err := s.c.DB.NewSelect().Model(&rows).Column("id", "fulfilment_status", "total", "refunded", "released_at").
		Where("vendor_id = ? AND paid_at IS NOT NULL", vendorID).Scan(ctx); err != nil {
		return VendorFigures{}, err
	}
	var released int64
	var releasedIDs []string
	for _, o := range rows {
		out.Orders++
		switch o.FulfilmentStatus {
		case FulCompleted:
			out.Completed++
		case FulCancelled:
			out.Cancelled++
		}
		if o.ReleasedAt != nil {
			released += o.Total - o.Refunded
			releasedIDs = append(releasedIDs, o.ID)
		}
	}
	var commission int64
	if len(releasedIDs) > 0 {
		if err := s.c.DB.NewSelect().Table("shop_commission_lines").ColumnExpr("COALESCE(SUM(amount), 0)").
			Where("order_id IN (SELECT id FROM shop_orders WHERE vendor_id = ? AND released_at IS NOT NULL)", vendorID).
			Scan(ctx, &commission); err != nil {
			return VendorFigures{}, err
		}
	}
	out.PaidOut, out.Commission = m(released-commission, ""), m(commission, "")
	return out, nil
}
