package shop

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// AdminGroups lists order groups, newest first, by number (or its start)
// or the buyer's email, and status.
func (s *Service) AdminGroups(ctx context.Context, q, status string, p page.Page) ([]AdminGroupRow, int, error) {
	if status != "" && status != GroupAwaiting && status != GroupPaid && status != GroupExpired {
		return nil, 0, apperr.Validation(map[string]string{"status": "must be awaiting_payment, paid or expired"})
	}
	q = strings.TrimSpace(q)
	if len(q) > 200 {
		return nil, 0, apperr.Validation(map[string]string{"q": "must be at most 200 characters"})
	}
	var rows []groupRow
	sel := s.c.DB.NewSelect().Model(&rows)
	if status != "" {
		sel = sel.Where("status = ?", status)
	}
	if q != "" {
		if strings.Contains(q, "@") {
			person, err := s.c.Directory.FindByHandle(ctx, q)
			if err != nil {
				if apperr.Is(err, apperr.CodeNotFound) {
					return []AdminGroupRow{}, 0, nil
				}
				return nil, 0, err
			}
			sel = sel.Where("user_id = ?", person.ID)
		} else {
			sel = sel.Where("number LIKE ?", strings.ToUpper(strings.NewReplacer("%", "", "_", "").Replace(q))+"%")
		}
	}
	total, err := sel.OrderExpr("created_at DESC, id DESC").Limit(p.Limit()).Offset(p.Offset()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	users := map[string]bool{}
	gids := make([]string, len(rows))
	for i, g := range rows {
		users[g.UserID] = true
		gids[i] = g.ID
	}
	people, err := s.c.Directory.Lookup(ctx, keys(users))
	if err != nil {
		return nil, 0, err
	}
	type agg struct {
		GroupID  string `bun:"group_id"`
		N        int    `bun:"n"`
		Refunded int64  `bun:"refunded"`
	}
	var aggs []agg
	if len(gids) > 0 {
		if err := s.c.DB.NewSelect().TableExpr("shop_orders").ColumnExpr("group_id, COUNT(*) AS n, SUM(refunded) AS refunded").
			Where("group_id IN (?)", bun.In(gids)).GroupExpr("group_id").Scan(ctx, &aggs); err != nil {
			return nil, 0, err
		}
	}
	byGroup := map[string]agg{}
	for _, a := range aggs {
		byGroup[a.GroupID] = a
	}
	out := make([]AdminGroupRow, 0, len(rows))
	for _, g := range rows {
		pp := people[g.UserID]
		out = append(out, AdminGroupRow{ID: g.ID, Number: g.Number, Status: g.Status,
			Buyer:  Person{ID: g.UserID, Name: nameOf(pp.DisplayName, pp.Username), Email: pp.Email},
			Orders: byGroup[g.ID].N, Total: m(g.Total, g.Currency), Refunded: m(byGroup[g.ID].Refunded, g.Currency),
			CreatedAt: g.CreatedAt})
	}
	return out, int(total), nil
}

// AdminGroup answers one group with every order's detail.
func (s *Service) AdminGroup(ctx context.Context, id string) (AdminGroup, error) {
	g, err := s.st.groupIn(ctx, s.c.DB, id)
	if err != nil {
		return AdminGroup{}, err
	}
	orders, _, err := s.st.groupOrders(ctx, s.c.DB, id)
	if err != nil {
		return AdminGroup{}, err
	}
	people, err := s.c.Directory.Lookup(ctx, []string{g.UserID})
	if err != nil {
		return AdminGroup{}, err
	}
	pp := people[g.UserID]
	out := AdminGroup{ID: g.ID, Number: g.Number, Status: g.Status, PayWith: g.PayWith,
		Buyer:    Person{ID: g.UserID, Name: nameOf(pp.DisplayName, pp.Username), Email: pp.Email},
		Subtotal: m(g.Subtotal, g.Currency), ShippingTotal: m(g.ShippingTotal, g.Currency), Total: m(g.Total, g.Currency),
		PayBy: g.PayBy, CreatedAt: g.CreatedAt, Orders: []OrderDetail{}}
	for i := range orders {
		d, err := s.detail(ctx, &orders[i], true)
		if err != nil {
			return AdminGroup{}, err
		}
		out.Orders = append(out.Orders, d)
	}
	return out, nil
}

// AdminRefundInput refunds lines (none: everything left) of a group's order.
type AdminRefundInput struct {
	OrderID string         `json:"order_id"`
	Lines   []LineQuantity `json:"lines"`
	Reason  string         `json:"reason"`
}

// AdminRefund refunds lines of one of the group's orders to the shopper's
// wallet, audit-logged in the same transaction.
func (s *Service) AdminRefund(ctx context.Context, actorID, ip, groupID, key string, in AdminRefundInput) (AdminGroup, error) {
	f := apperr.Fields{}
	f.Check(in.OrderID != "" && len(in.OrderID) <= 64, "order_id", "must name an order of the group")
	checkLines(f, in.Lines, false)
	reason := checkReason(f, in.Reason, true)
	if err := f.Err(); err != nil {
		return AdminGroup{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.st.lockOrder(ctx, tx, in.OrderID)
		if err != nil || o.GroupID != groupID {
			return orErr(err, ErrOrderNotFound)
		}
		before := o.Refunded
		if err := s.refundLines(ctx, tx, o, in.Lines, "shop-admin-refund:"+o.ID+":"+key, reason, actorID, ActorAdmin); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "shop_order.refund", TargetType: "shop_order",
			TargetID: o.ID, SubjectID: o.UserID, IP: ip, Details: map[string]any{"group": groupID, "reason": reason,
				"amount": o.Refunded - before}})
	})
	if err != nil {
		return AdminGroup{}, err
	}
	return s.AdminGroup(ctx, groupID)
}

// RuleInput is a commission rule, or (every field optional) a change.
type RuleInput struct {
	Scope      *string `json:"scope"`
	CategoryID *string `json:"category_id"`
	VendorID   *string `json:"vendor_id"`
	BPS        *int    `json:"bps"`
	Fixed      *int64  `json:"fixed"`
	Priority   *int    `json:"priority"`
	Active     *bool   `json:"active"`
	Note       *string `json:"note"`
}

// Commission rule bounds.
const (
	MaxCommissionBPS   = 5000
	MaxCommissionFixed = 100_000_000
)

func (in RuleInput) apply(r *ruleRow) error {
	f := apperr.Fields{}
	if in.Scope != nil {
		f.Check(*in.Scope == "vendor" || *in.Scope == "category", "scope", "must be vendor or category")
		r.Scope = *in.Scope
	}
	if in.CategoryID != nil {
		f.Check(*in.CategoryID != "" && len(*in.CategoryID) <= 64, "category_id", "must name a category")
		r.CategoryID = in.CategoryID
	}
	if in.VendorID != nil {
		f.Check(*in.VendorID != "" && len(*in.VendorID) <= 64, "vendor_id", "must name a vendor")
		r.VendorID = in.VendorID
	}
	if in.BPS != nil {
		f.Check(*in.BPS >= 0 && *in.BPS <= MaxCommissionBPS, "bps", "must be 0 to 5000 (50 %)")
		r.BPS = *in.BPS
	}
	if in.Fixed != nil {
		f.Check(*in.Fixed >= 0 && *in.Fixed <= MaxCommissionFixed, "fixed", "must be 0 to 100000000 minor units")
		r.Fixed = *in.Fixed
	}
	if in.Priority != nil {
		f.Check(*in.Priority >= 0 && *in.Priority <= 1000, "priority", "must be 0 to 1000")
		r.Priority = *in.Priority
	}
	if in.Active != nil {
		r.Active = *in.Active
	}
	if in.Note != nil {
		f.Check(len([]rune(*in.Note)) <= 200, "note", "must be at most 200 characters")
		r.Note = strings.TrimSpace(*in.Note)
	}
	if f.Err() == nil {
		switch r.Scope {
		case "vendor":
			f.Check(r.VendorID != nil, "vendor_id", "is required for a vendor rule")
			r.CategoryID = nil
		case "category":
			f.Check(r.CategoryID != nil, "category_id", "is required for a category rule")
			r.VendorID = nil
		}
	}
	return f.Err()
}

// Rules lists the commission rules, highest priority first.
func (s *Service) Rules(ctx context.Context) ([]CommissionRule, error) {
	var rows []ruleRow
	if err := s.c.DB.NewSelect().Model(&rows).OrderExpr("priority DESC, created_at, id").Limit(500).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]CommissionRule, 0, len(rows))
	for i := range rows {
		out = append(out, ruleOf(&rows[i]))
	}
	return out, nil
}

// CreateRule adds a commission rule.
func (s *Service) CreateRule(ctx context.Context, actorID, ip string, in RuleInput) (CommissionRule, error) {
	now := s.now()
	r := &ruleRow{ID: ids.New(), Active: true, CreatedAt: now, UpdatedAt: now}
	if in.Scope == nil || in.BPS == nil {
		return CommissionRule{}, apperr.Validation(map[string]string{"scope": "scope and bps are required"})
	}
	if err := in.apply(r); err != nil {
		return CommissionRule{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(r).Exec(ctx); err != nil {
			return err
		}
		return s.auditRule(ctx, tx, actorID, ip, "shop_commission_rule.create", r)
	})
	return ruleOf(r), err
}

// UpdateRule changes a commission rule.
func (s *Service) UpdateRule(ctx context.Context, actorID, ip, id string, in RuleInput) (CommissionRule, error) {
	var r ruleRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := tx.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
			return notFound(err, ErrRuleNotFound)
		}
		if err := in.apply(&r); err != nil {
			return err
		}
		r.UpdatedAt = s.now()
		if _, err := tx.NewUpdate().Model(&r).WherePK().Exec(ctx); err != nil {
			return err
		}
		return s.auditRule(ctx, tx, actorID, ip, "shop_commission_rule.update", &r)
	})
	if err != nil {
		return CommissionRule{}, err
	}
	return ruleOf(&r), nil
}

// DeleteRule deletes a commission rule (released orders keep their lines).
func (s *Service) DeleteRule(ctx context.Context, actorID, ip, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var r ruleRow
		if err := tx.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
			return notFound(err, ErrRuleNotFound)
		}
		if _, err := tx.NewDelete().Model(&r).WherePK().Exec(ctx); err != nil {
			return err
		}
		return s.auditRule(ctx, tx, actorID, ip, "shop_commission_rule.delete", &r)
	})
}

func (s *Service) auditRule(ctx context.Context, tx bun.Tx, actorID, ip, action string, r *ruleRow) error {
	return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: action, TargetType: "shop_commission_rule",
		TargetID: r.ID, IP: ip, Details: map[string]any{"scope": r.Scope, "bps": r.BPS, "fixed": r.Fixed,
			"priority": r.Priority, "active": r.Active}})
}
