package shop

import (
	"encoding/json"
	"time"

	"sojourn/api/internal/payments"
)

// Money is an amount in minor units with its currency.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

func m(amount int64, cur string) Money {
	if cur == "" {
		cur = "NGN"
	}
	return Money{Amount: amount, Currency: cur}
}

// StoreRef names a seller's store.
type StoreRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// CartItem is one line of the cart with today's price and stock.
type CartItem struct {
	VariantID    string   `json:"variant_id"`
	ProductID    string   `json:"product_id"`
	Quantity     int      `json:"quantity"`
	Title        string   `json:"title"`
	VariantTitle string   `json:"variant_title"`
	PhotoURL     string   `json:"photo_url"`
	UnitPrice    Money    `json:"unit_price"`
	LineTotal    Money    `json:"line_total"`
	Available    int      `json:"available"`
	Store        StoreRef `json:"store"`
	Problem      *string  `json:"problem"`
}

// Cart is the whole cart.
type Cart struct {
	Items    []CartItem `json:"items"`
	Count    int        `json:"count"`
	Subtotal Money      `json:"subtotal"`
}

// Address is an address book entry.
type Address struct {
	ID            string    `json:"id"`
	Label         string    `json:"label"`
	RecipientName string    `json:"recipient_name"`
	Phone         string    `json:"phone"`
	Line1         string    `json:"line1"`
	Line2         string    `json:"line2"`
	City          string    `json:"city"`
	State         string    `json:"state"`
	PostalCode    string    `json:"postal_code"`
	Country       string    `json:"country"`
	IsDefault     bool      `json:"is_default"`
	CreatedAt     time.Time `json:"created_at"`
}

// AddressSnapshot is the address an order was placed to.
type AddressSnapshot struct {
	RecipientName string `json:"recipient_name"`
	Phone         string `json:"phone"`
	Line1         string `json:"line1"`
	Line2         string `json:"line2"`
	City          string `json:"city"`
	State         string `json:"state"`
	PostalCode    string `json:"postal_code"`
	Country       string `json:"country"`
}

// ShippingOption is a store's shipping method with its fee.
type ShippingOption struct {
	Code    string `json:"code"`
	Label   string `json:"label"`
	Fee     Money  `json:"fee"`
	MinDays int    `json:"min_days"`
	MaxDays int    `json:"max_days"`
}

// DeliveryEstimate is the window a package should arrive in.
type DeliveryEstimate struct {
	Earliest string `json:"earliest"`
	Latest   string `json:"latest"`
}

// QuoteLine is a line of a quoted package.
type QuoteLine struct {
	VariantID    string `json:"variant_id"`
	ProductID    string `json:"product_id"`
	Title        string `json:"title"`
	VariantTitle string `json:"variant_title"`
	PhotoURL     string `json:"photo_url"`
	Quantity     int    `json:"quantity"`
	UnitPrice    Money  `json:"unit_price"`
	Total        Money  `json:"total"`
	Luxury       bool   `json:"luxury"`
}

// QuotePackage is one seller's package of a quote.
type QuotePackage struct {
	Store            StoreRef          `json:"store"`
	Lines            []QuoteLine       `json:"lines"`
	ShippingMethods  []ShippingOption  `json:"shipping_methods"`
	ShippingMethod   *ShippingOption   `json:"shipping_method"`
	Subtotal         Money             `json:"subtotal"`
	ShippingFee      Money             `json:"shipping_fee"`
	Total            Money             `json:"total"`
	DeliveryEstimate *DeliveryEstimate `json:"delivery_estimate"`
}

// QuoteProblem is what stops a checkout.
type QuoteProblem struct {
	Code      string  `json:"code"`
	Message   string  `json:"message"`
	VariantID *string `json:"variant_id"`
	StoreID   *string `json:"store_id"`
}

// Quote is a checkout's quote.
type Quote struct {
	Address       Address        `json:"address"`
	Packages      []QuotePackage `json:"packages"`
	Subtotal      Money          `json:"subtotal"`
	ShippingTotal Money          `json:"shipping_total"`
	Total         Money          `json:"total"`
	Problems      []QuoteProblem `json:"problems"`
}

// OrderLine is a line of a seller order.
type OrderLine struct {
	ID               string `json:"id"`
	VariantID        string `json:"variant_id"`
	ProductID        string `json:"product_id"`
	Title            string `json:"title"`
	VariantTitle     string `json:"variant_title"`
	SKU              string `json:"sku"`
	PhotoURL         string `json:"photo_url"`
	Quantity         int    `json:"quantity"`
	UnitPrice        Money  `json:"unit_price"`
	Total            Money  `json:"total"`
	RefundedQuantity int    `json:"refunded_quantity"`
	ReturnQuantity   int    `json:"return_quantity"`
}

// Shipment is a shipped order's carrier and tracking.
type Shipment struct {
	Carrier        string     `json:"carrier"`
	TrackingNumber string     `json:"tracking_number"`
	ShippedAt      time.Time  `json:"shipped_at"`
	DeliveredAt    *time.Time `json:"delivered_at"`
}

// Person names a buyer.
type Person struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// MethodRef names a shipping method.
type MethodRef struct {
	Code  string `json:"code"`
	Label string `json:"label"`
}

// Order is one seller's order.
type Order struct {
	ID                 string            `json:"id"`
	Number             string            `json:"number"`
	GroupID            string            `json:"group_id"`
	GroupNumber        string            `json:"group_number"`
	Store              StoreRef          `json:"store"`
	Buyer              Person            `json:"buyer"`
	Status             string            `json:"status"`
	PaymentStatus      string            `json:"payment_status"`
	FulfilmentStatus   string            `json:"fulfilment_status"`
	Lines              []OrderLine       `json:"lines"`
	Subtotal           Money             `json:"subtotal"`
	ShippingFee        Money             `json:"shipping_fee"`
	Total              Money             `json:"total"`
	Refunded           Money             `json:"refunded"`
	ShippingMethod     MethodRef         `json:"shipping_method"`
	DeliveryEstimate   *DeliveryEstimate `json:"delivery_estimate"`
	Address            AddressSnapshot   `json:"address"`
	Shipment           *Shipment         `json:"shipment"`
	ReturnWindowEndsAt *time.Time        `json:"return_window_ends_at"`
	CreatedAt          time.Time         `json:"created_at"`
	UpdatedAt          time.Time         `json:"updated_at"`
}

// OrderEvent is one entry of an order's timeline.
type OrderEvent struct {
	Type      string    `json:"type"`
	From      string    `json:"from"`
	To        string    `json:"to"`
	ActorRole string    `json:"actor_role"`
	Note      string    `json:"note"`
	At        time.Time `json:"at"`
}

// LineQuantity is a quantity of one order line.
type LineQuantity struct {
	LineID   string `json:"line_id"`
	Quantity int    `json:"quantity"`
}

// Return is a shopper's return request.
type Return struct {
	ID        string         `json:"id"`
	Status    string         `json:"status"`
	Reason    string         `json:"reason"`
	Lines     []LineQuantity `json:"lines"`
	Refund    *Money         `json:"refund"`
	CreatedAt time.Time      `json:"created_at"`
}

// CommissionLine is the commission taken from an order at its release.
type CommissionLine struct {
	RuleID      *string `json:"rule_id"`
	Description string  `json:"description"`
	Base        Money   `json:"base"`
	BPS         int     `json:"bps"`
	Fixed       Money   `json:"fixed"`
	Amount      Money   `json:"amount"`
}

// OrderDetail is an order with its timeline, returns and commission.
type OrderDetail struct {
	Order
	Events     []OrderEvent     `json:"events"`
	Returns    []Return         `json:"returns"`
	Commission []CommissionLine `json:"commission"`
}

// Group is a checkout's order group.
type Group struct {
	ID            string     `json:"id"`
	Number        string     `json:"number"`
	Status        string     `json:"status"`
	PayWith       string     `json:"pay_with"`
	Subtotal      Money      `json:"subtotal"`
	ShippingTotal Money      `json:"shipping_total"`
	Total         Money      `json:"total"`
	PayBy         *time.Time `json:"pay_by"`
	CreatedAt     time.Time  `json:"created_at"`
	Orders        []Order    `json:"orders"`
}

// CheckoutResult is a placed checkout: its group and, by card, where to pay.
type CheckoutResult struct {
	Group   Group                `json:"group"`
	Payment *payments.StartedDTO `json:"payment"`
}

// AdminGroupRow is a row of the admins' order groups.
type AdminGroupRow struct {
	ID        string    `json:"id"`
	Number    string    `json:"number"`
	Status    string    `json:"status"`
	Buyer     Person    `json:"buyer"`
	Orders    int       `json:"orders"`
	Total     Money     `json:"total"`
	Refunded  Money     `json:"refunded"`
	CreatedAt time.Time `json:"created_at"`
}

// AdminGroup is a group with every order's detail.
type AdminGroup struct {
	ID            string        `json:"id"`
	Number        string        `json:"number"`
	Status        string        `json:"status"`
	PayWith       string        `json:"pay_with"`
	Buyer         Person        `json:"buyer"`
	Subtotal      Money         `json:"subtotal"`
	ShippingTotal Money         `json:"shipping_total"`
	Total         Money         `json:"total"`
	PayBy         *time.Time    `json:"pay_by"`
	CreatedAt     time.Time     `json:"created_at"`
	Orders        []OrderDetail `json:"orders"`
}

// CommissionRule is an admin's commission rule.
type CommissionRule struct {
	ID         string    `json:"id"`
	Scope      string    `json:"scope"`
	CategoryID *string   `json:"category_id"`
	VendorID   *string   `json:"vendor_id"`
	BPS        int       `json:"bps"`
	Fixed      Money     `json:"fixed"`
	Priority   int       `json:"priority"`
	Active     bool      `json:"active"`
	Note       string    `json:"note"`
	CreatedAt  time.Time `json:"created_at"`
}

// Client is a customer who bought from a vendor.
type Client struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Orders      int       `json:"orders"`
	Spent       Money     `json:"spent"`
	LastOrderAt time.Time `json:"last_order_at"`
}

// DayRevenue is one day's paid orders and revenue.
type DayRevenue struct {
	Date    string `json:"date"`
	Orders  int    `json:"orders"`
	Revenue Money  `json:"revenue"`
}

// Sales is the vendor's dashboard figures.
type Sales struct {
	TodayOrders   int          `json:"today_orders"`
	TodayRevenue  Money        `json:"today_revenue"`
	Week          []DayRevenue `json:"week"`
	Month         []DayRevenue `json:"month"`
	WeekRevenue   Money        `json:"week_revenue"`
	MonthRevenue  Money        `json:"month_revenue"`
	EscrowPending Money        `json:"escrow_pending"`
	PayoutsDue    Money        `json:"payouts_due"`
	ToShip        int          `json:"to_ship"`
}

func snapshotOf(a *addressRow) string {
	b, _ := json.Marshal(AddressSnapshot{RecipientName: a.RecipientName, Phone: a.Phone, Line1: a.Line1, Line2: a.Line2,
		City: a.City, State: a.State, PostalCode: a.PostalCode, Country: a.Country})
	return string(b)
}

func addressOf(r *addressRow) Address {
	return Address{ID: r.ID, Label: r.Label, RecipientName: r.RecipientName, Phone: r.Phone, Line1: r.Line1,
		Line2: r.Line2, City: r.City, State: r.State, PostalCode: r.PostalCode, Country: r.Country,
		IsDefault: r.IsDefault, CreatedAt: r.CreatedAt}
}

func estimate(from time.Time, minDays, maxDays int) *DeliveryEstimate {
	return &DeliveryEstimate{Earliest: from.AddDate(0, 0, minDays).Format(time.DateOnly),
		Latest: from.AddDate(0, 0, maxDays).Format(time.DateOnly)}
}

// orderOf maps an order row and its lines; buyer is filled by the caller.
func orderOf(o *orderRow, lines []lineRow) Order {
	var snap AddressSnapshot
	_ = json.Unmarshal([]byte(o.Address), &snap)
	out := Order{ID: o.ID, Number: orderNumber(o.GroupNumber, o.Seq), GroupID: o.GroupID, GroupNumber: o.GroupNumber,
		Store: StoreRef{ID: o.StoreID, Name: o.StoreName}, Buyer: Person{ID: o.UserID},
		Status: displayStatus(o.PaymentStatus, o.FulfilmentStatus), PaymentStatus: o.PaymentStatus,
		FulfilmentStatus: o.FulfilmentStatus, Lines: []OrderLine{}, Subtotal: m(o.Subtotal, o.Currency),
		ShippingFee: m(o.ShippingFee, o.Currency), Total: m(o.Total, o.Currency), Refunded: m(o.Refunded, o.Currency),
		ShippingMethod:   MethodRef{Code: o.ShippingCode, Label: o.ShippingLabel},
		DeliveryEstimate: estimate(o.CreatedAt, o.MinDays, o.MaxDays), Address: snap,
		ReturnWindowEndsAt: o.ReturnWindowEndsAt, CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt}
	if o.ShippedAt != nil {
		out.Shipment = &Shipment{Carrier: o.Carrier, TrackingNumber: o.TrackingNumber, ShippedAt: *o.ShippedAt,
			DeliveredAt: o.DeliveredAt}
	}
	for _, l := range lines {
		out.Lines = append(out.Lines, OrderLine{ID: l.ID, VariantID: l.VariantID, ProductID: l.ProductID, Title: l.Title,
			VariantTitle: l.VariantTitle, SKU: l.SKU, PhotoURL: l.PhotoURL, Quantity: l.Quantity,
			UnitPrice: m(l.UnitPrice, o.Currency), Total: m(l.Total, o.Currency), RefundedQuantity: l.RefundedQuantity,
			ReturnQuantity: l.ReturnQuantity})
	}
	return out
}

func ruleOf(r *ruleRow) CommissionRule {
	return CommissionRule{ID: r.ID, Scope: r.Scope, CategoryID: r.CategoryID, VendorID: r.VendorID, BPS: r.BPS,
		Fixed: m(r.Fixed, "NGN"), Priority: r.Priority, Active: r.Active, Note: r.Note, CreatedAt: r.CreatedAt}
}
