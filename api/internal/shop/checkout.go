package shop

import (
	"context"
	"sort"
	"strconv"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
)

// MaxCheckoutTotal bounds expected_total (the money core's MaxAmount).
const MaxCheckoutTotal = 1_000_000_000_000

// QuoteInput chooses the address and a shipping method per store.
type QuoteInput struct {
	AddressID string            `json:"address_id"`
	Shipping  map[string]string `json:"shipping"`
}

// CheckoutInput places the cart's order.
type CheckoutInput struct {
	AddressID     string            `json:"address_id"`
	Shipping      map[string]string `json:"shipping"`
	PayWith       string            `json:"pay_with"`
	ExpectedTotal *int64            `json:"expected_total"`
}

func (in QuoteInput) check(f apperr.Fields) {
	f.Check(in.AddressID != "" && len(in.AddressID) <= 64, "address_id", "must name one of your addresses")
	f.Check(len(in.Shipping) <= 50, "shipping", "at most 50 stores")
	for k, v := range in.Shipping {
		if len(k) > 64 || v == "" || len(v) > 40 {
			f.Add("shipping", "must map store ids to shipping method codes")
			break
		}
	}
}

// quoted is a quote with what placing it needs.
type quoted struct {
	Quote
	address  *addressRow
	packages []pkg
	currency string
}

type pkg struct {
	store  Store
	method ShippingMethod
	lines  []Variant
	qty    []int
}

// Quote prices the user's cart for checkout: one package per seller.
func (s *Service) Quote(ctx context.Context, userID string, in QuoteInput) (Quote, error) {
	q, err := s.quote(ctx, userID, in)
	if err != nil {
		return Quote{}, err
	}
	return q.Quote, nil
}

func (s *Service) quote(ctx context.Context, userID string, in QuoteInput) (*quoted, error) {
	f := apperr.Fields{}
	in.check(f)
	if err := f.Err(); err != nil {
		return nil, err
	}
	addr, err := s.st.address(ctx, s.c.DB, userID, in.AddressID)
	if err != nil {
		if apperr.Is(err, apperr.CodeNotFound) {
			return nil, apperr.Validation(map[string]string{"address_id": "must name one of your addresses"})
		}
		return nil, err
	}
	rows, err := s.st.cartRows(ctx, s.c.DB, userID)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.VariantID
	}
	vs, err := s.c.Catalog.Variants(ctx, s.c.DB, ids)
	if err != nil {
		return nil, err
	}
	byStore := map[string]*pkg{}
	out := &quoted{address: addr, currency: "NGN", Quote: Quote{Address: addressOf(addr), Packages: []QuotePackage{},
		Problems: []QuoteProblem{}}}
	problem := func(code, msg, variant, store string) {
		p := QuoteProblem{Code: code, Message: msg}
		if variant != "" {
			p.VariantID = &variant
		}
		if store != "" {
			p.StoreID = &store
		}
		out.Problems = append(out.Problems, p)
	}
	for _, r := range rows {
		v, ok := vs[r.VariantID]
		if !ok {
			continue
		}
		if p := problemOf(v, true, r.Quantity); p != nil {
			problem(*p, v.ProductTitle+": "+map[string]string{"unavailable": "no longer for sale",
				"out_of_stock": "out of stock", "not_enough_stock": "only " + strconv.Itoa(v.Available) + " left"}[*p],
				v.ID, v.StoreID)
		}
		if v.Currency != "" {
			out.currency = v.Currency
		}
		p := byStore[v.StoreID]
		if p == nil {
			p = &pkg{}
			byStore[v.StoreID] = p
		}
		p.lines = append(p.lines, v)
		p.qty = append(p.qty, r.Quantity)
	}
	if len(byStore) == 0 {
		problem("empty_cart", "The cart is empty.", "", "")
		out.Subtotal, out.ShippingTotal, out.Total = m(0, out.currency), m(0, out.currency), m(0, out.currency)
		return out, nil
	}
	storeIDs := make([]string, 0, len(byStore))
	for id := range byStore {
		storeIDs = append(storeIDs, id)
	}
	sort.Strings(storeIDs)
	stores, err := s.c.Catalog.Stores(ctx, s.c.DB, storeIDs)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var sub, ship int64
	for _, id := range storeIDs {
		p := byStore[id]
		st, ok := stores[id]
		if !ok {
			st = Store{ID: id}
		}
		p.store = st
		qp := QuotePackage{Store: StoreRef{ID: id, Name: st.Name}, Lines: []QuoteLine{}, ShippingMethods: []ShippingOption{}}
		for _, sm := range st.Shipping {
			qp.ShippingMethods = append(qp.ShippingMethods, ShippingOption{Code: sm.Code, Label: sm.Label,
				Fee: m(sm.Fee, out.currency), MinDays: sm.MinDays, MaxDays: sm.MaxDays})
		}
		chosen := -1
		if code, ok := in.Shipping[id]; ok {
			for i, sm := range st.Shipping {
				if sm.Code == code {
					chosen = i
				}
			}
			if chosen < 0 {
				problem("no_shipping_method", st.Name+" does not ship by "+code+".", "", id)
			}
		} else if len(st.Shipping) > 0 {
			chosen = 0
		} else {
			problem("no_shipping_method", st.Name+" has no shipping method.", "", id)
		}
		if !st.Active {
			problem("unavailable", st.Name+" is not selling at the moment.", "", id)
		}
		for i, v := range p.lines {
			qp.Lines = append(qp.Lines, QuoteLine{VariantID: v.ID, ProductID: v.ProductID, Title: v.ProductTitle,
				VariantTitle: v.Title, PhotoURL: v.PhotoURL, Quantity: p.qty[i], UnitPrice: m(v.Price, out.currency),
				Total: m(v.Price*int64(p.qty[i]), out.currency), Luxury: v.Luxury})
			qp.Subtotal.Amount += v.Price * int64(p.qty[i])
		}
		qp.Subtotal.Currency = out.currency
		qp.ShippingFee = m(0, out.currency)
		if chosen >= 0 {
			p.method = st.Shipping[chosen]
			opt := qp.ShippingMethods[chosen]
			qp.ShippingMethod = &opt
			qp.ShippingFee.Amount = p.method.Fee
			qp.DeliveryEstimate = estimate(now, p.method.MinDays, p.method.MaxDays)
		}
		qp.Total = m(qp.Subtotal.Amount+qp.ShippingFee.Amount, out.currency)
		sub += qp.Subtotal.Amount
		ship += qp.ShippingFee.Amount
		out.Packages = append(out.Packages, qp)
		out.packages = append(out.packages, *p)
	}
	out.Subtotal, out.ShippingTotal, out.Total = m(sub, out.currency), m(ship, out.currency), m(sub+ship, out.currency)
	return out, nil
}

// Checkout places the cart's order: in one transaction the stock is
// reserved (all or nothing), the group and one order per seller are written
// and, from the wallet, each order's total is held in its escrow and the
// stock consumed; by card the group waits PaymentWindow for the payment
// (its expiry job inserted in the same transaction) and the payment is
// started after the commit. key is the request's idempotency key: the same
// key answers the same group.
func (s *Service) Checkout(ctx context.Context, userID, key, origin string, in CheckoutInput) (CheckoutResult, error) {
	f := apperr.Fields{}
	QuoteInput{AddressID: in.AddressID, Shipping: in.Shipping}.check(f)
	f.Check(in.PayWith == PayWallet || in.PayWith == PayCard, "pay_with", "must be wallet or card")
	f.Check(in.ExpectedTotal != nil && *in.ExpectedTotal >= 0 && *in.ExpectedTotal <= MaxCheckoutTotal,
		"expected_total", "must be the quote's total in minor units")
	if err := f.Err(); err != nil {
		return CheckoutResult{}, err
	}
	if g, err := s.st.groupByKey(ctx, s.c.DB, userID, key); err == nil {
		return s.checkoutAnswer(ctx, g, userID, origin)
	} else if !apperr.Is(err, apperr.CodeNotFound) {
		return CheckoutResult{}, err
	}
	q, err := s.quote(ctx, userID, QuoteInput{AddressID: in.AddressID, Shipping: in.Shipping})
	if err != nil {
		return CheckoutResult{}, err
	}
	for _, p := range q.Problems {
		if p.Code == "empty_cart" {
			return CheckoutResult{}, errEmptyCart
		}
		if p.Code == "unavailable" || p.Code == "no_shipping_method" {
			return CheckoutResult{}, apperr.Conflict(p.Message)
		}
	}
	if q.Total.Amount != *in.ExpectedTotal {
		return CheckoutResult{}, &apperr.Error{Code: apperr.CodeConflict,
			Message: "The total changed to " + strconv.FormatInt(q.Total.Amount, 10) + " (minor units): check the new prices.",
			Fields:  map[string]string{"total": strconv.FormatInt(q.Total.Amount, 10)}}
	}
	now := s.now()
	g := &groupRow{ID: ids.New(), Number: newGroupNumber(now), UserID: userID, Status: GroupAwaiting, PayWith: in.PayWith,
		Currency: q.currency, Subtotal: q.Subtotal.Amount, ShippingTotal: q.ShippingTotal.Amount, Total: q.Total.Amount,
		IdempotencyKey: key, CreatedAt: now, UpdatedAt: now}
	if in.PayWith == PayCard {
		payBy := now.Add(PaymentWindow)
		g.PayBy = &payBy
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var stock []StockLine
		bought := []string{}
		for _, p := range q.packages {
			for i, v := range p.lines {
				stock = append(stock, StockLine{VariantID: v.ID, Quantity: p.qty[i]})
				bought = append(bought, v.ID)
			}
		}
		if err := s.c.Catalog.Reserve(ctx, tx, stock); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(g).Exec(ctx); err != nil {
			if db.IsUniqueViolation(err) {
				return errReplay
			}
			return err
		}
		addr := snapshotOf(q.address)
		for i, p := range q.packages {
			o, lines := s.newOrder(g, i+1, p, addr, now)
			if err := s.st.insertOrder(ctx, tx, o, lines); err != nil {
				return err
			}
			if err := s.event(ctx, tx, o.ID, "status", "", "placed", userID, ActorUser, "Order placed: "+g.Number); err != nil {
				return err
			}
			if in.PayWith == PayWallet {
				if err := s.payOrder(ctx, tx, g, o, lines, money.MethodWallet, ActorUser, userID); err != nil {
					return err
				}
			}
		}
		if in.PayWith == PayWallet {
			g.Status = GroupPaid
			if _, err := tx.NewUpdate().Model(g).Column("status").WherePK().Exec(ctx); err != nil {
				return err
			}
		} else {
			if _, err := s.c.Jobs.InsertTx(ctx, tx, ExpireGroupJob{GroupID: g.ID}, &river.InsertOpts{ScheduledAt: *g.PayBy}); err != nil {
				return err
			}
		}
		return s.st.deleteCart(ctx, tx, userID, bought)
	})
	if err == errReplay {
		if g, err := s.st.groupByKey(ctx, s.c.DB, userID, key); err == nil {
			return s.checkoutAnswer(ctx, g, userID, origin)
		}
		return CheckoutResult{}, apperr.Conflict("This checkout is already under way.")
	}
	if err != nil {
		return CheckoutResult{}, err
	}
	return s.checkoutAnswer(ctx, g, userID, origin)
}

var errReplay = apperr.Conflict("replayed checkout")

// checkoutAnswer is the group and, for a card group awaiting payment, its
// payment (started now when it was not yet).
func (s *Service) checkoutAnswer(ctx context.Context, g *groupRow, userID, origin string) (CheckoutResult, error) {
	var started *payments.StartedDTO
	if g.PayWith == PayCard && g.Status == GroupAwaiting {
		var pay payments.Payment
		var err error
		if g.PaymentReference != "" {
			pay, err = s.c.Payments.Payment(ctx, userID, g.PaymentReference)
		} else {
			pay, err = s.startPayment(ctx, g, origin)
		}
		if err != nil {
			return CheckoutResult{}, err
		}
		d := payments.ToStarted(pay)
		started = &d
	}
	grp, err := s.Group(ctx, userID, g.ID)
	return CheckoutResult{Group: grp, Payment: started}, err
}

func (s *Service) newOrder(g *groupRow, seq int, p pkg, addr string, now time.Time) (*orderRow, []lineRow) {
	o := &orderRow{ID: ids.New(), GroupID: g.ID, Seq: seq, UserID: g.UserID, StoreID: p.store.ID, StoreName: p.store.Name,
		VendorID: p.store.UserID, PaymentStatus: PayAwaiting, FulfilmentStatus: FulUnfulfilled, Currency: g.Currency,
		ShippingFee: p.method.Fee, ShippingCode: p.method.Code, ShippingLabel: p.method.Label, MinDays: p.method.MinDays,
		MaxDays: p.method.MaxDays, Address: addr, ReturnDays: p.store.ReturnDays, CreatedAt: now, UpdatedAt: now,
		GroupNumber: g.Number}
	lines := make([]lineRow, len(p.lines))
	for i, v := range p.lines {
		lines[i] = lineRow{ID: ids.New(), OrderID: o.ID, Seq: i + 1, VariantID: v.ID, ProductID: v.ProductID,
			CategoryID: v.CategoryID, Title: v.ProductTitle, VariantTitle: v.Title, SKU: v.SKU, PhotoURL: v.PhotoURL,
			Luxury: v.Luxury, Quantity: p.qty[i], UnitPrice: v.Price, Total: v.Price * int64(p.qty[i])}
		o.Subtotal += lines[i].Total
	}
	o.Total = o.Subtotal + o.ShippingFee
	return o, lines
}
