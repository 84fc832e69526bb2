package shop

import (
	"time"

	"github.com/uptrace/bun"
)

type cartRow struct {
	bun.BaseModel `bun:"table:shop_cart_items"`
	UserID        string    `bun:"user_id,pk"`
	VariantID     string    `bun:"variant_id,pk"`
	Quantity      int       `bun:"quantity"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type addressRow struct {
	bun.BaseModel `bun:"table:shop_addresses"`
	ID            string    `bun:"id,pk"`
	UserID        string    `bun:"user_id"`
	Label         string    `bun:"label"`
	RecipientName string    `bun:"recipient_name"`
	Phone         string    `bun:"phone"`
	Line1         string    `bun:"line1"`
	Line2         string    `bun:"line2"`
	City          string    `bun:"city"`
	State         string    `bun:"state"`
	PostalCode    string    `bun:"postal_code"`
	Country       string    `bun:"country"`
	IsDefault     bool      `bun:"is_default"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type groupRow struct {
	bun.BaseModel    `bun:"table:shop_order_groups"`
	ID               string     `bun:"id,pk"`
	Number           string     `bun:"number"`
	UserID           string     `bun:"user_id"`
	Status           string     `bun:"status"`
	PayWith          string     `bun:"pay_with"`
	Currency         string     `bun:"currency"`
	Subtotal         int64      `bun:"subtotal"`
	ShippingTotal    int64      `bun:"shipping_total"`
	Total            int64      `bun:"total"`
	IdempotencyKey   string     `bun:"idempotency_key"`
	PaymentReference string     `bun:"payment_reference"`
	PayBy            *time.Time `bun:"pay_by"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

type orderRow struct {
	bun.BaseModel      `bun:"table:shop_orders"`
	ID                 string     `bun:"id,pk"`
	GroupID            string     `bun:"group_id"`
	Seq                int        `bun:"seq"`
	UserID             string     `bun:"user_id"`
	StoreID            string     `bun:"store_id"`
	StoreName          string     `bun:"store_name"`
	VendorID           string     `bun:"vendor_id"`
	PaymentStatus      string     `bun:"payment_status"`
	FulfilmentStatus   string     `bun:"fulfilment_status"`
	Currency           string     `bun:"currency"`
	Subtotal           int64      `bun:"subtotal"`
	ShippingFee        int64      `bun:"shipping_fee"`
	Total              int64      `bun:"total"`
	Refunded           int64      `bun:"refunded"`
	ShippingCode       string     `bun:"shipping_code"`
	ShippingLabel      string     `bun:"shipping_label"`
	MinDays            int        `bun:"min_days"`
	MaxDays            int        `bun:"max_days"`
	Address            string     `bun:"address"`
	Carrier            string     `bun:"carrier"`
	TrackingNumber     string     `bun:"tracking_number"`
	ReturnDays         int        `bun:"return_days"`
	PaidAt             *time.Time `bun:"paid_at"`
	ShippedAt          *time.Time `bun:"shipped_at"`
	DeliveredAt        *time.Time `bun:"delivered_at"`
	ReturnWindowEndsAt *time.Time `bun:"return_window_ends_at"`
	CompletedAt        *time.Time `bun:"completed_at"`
	ReleasedAt         *time.Time `bun:"released_at"`
	CancelledAt        *time.Time `bun:"cancelled_at"`
	CancelReason       string     `bun:"cancel_reason"`
	CreatedAt          time.Time  `bun:"created_at"`
	UpdatedAt          time.Time  `bun:"updated_at"`
	// GroupNumber is read with the group (not a column of shop_orders).
	GroupNumber string `bun:"group_number,scanonly"`
}

type lineRow struct {
	bun.BaseModel    `bun:"table:shop_order_lines"`
	ID               string `bun:"id,pk"`
	OrderID          string `bun:"order_id"`
	Seq              int    `bun:"seq"`
	VariantID        string `bun:"variant_id"`
	ProductID        string `bun:"product_id"`
	CategoryID       string `bun:"category_id"`
	Title            string `bun:"title"`
	VariantTitle     string `bun:"variant_title"`
	SKU              string `bun:"sku"`
	PhotoURL         string `bun:"photo_url"`
	Luxury           bool   `bun:"luxury"`
	Quantity         int    `bun:"quantity"`
	UnitPrice        int64  `bun:"unit_price"`
	Total            int64  `bun:"total"`
	RefundedQuantity int    `bun:"refunded_quantity"`
	ReturnQuantity   int    `bun:"return_quantity"`
}

type eventRow struct {
	bun.BaseModel `bun:"table:shop_order_events"`
	ID            string    `bun:"id,pk"`
	OrderID       string    `bun:"order_id"`
	Type          string    `bun:"type"`
	FromState     string    `bun:"from_state"`
	ToState       string    `bun:"to_state"`
	ActorID       string    `bun:"actor_id"`
	ActorRole     string    `bun:"actor_role"`
	Note          string    `bun:"note"`
	CreatedAt     time.Time `bun:"created_at"`
}

type returnRow struct {
	bun.BaseModel `bun:"table:shop_returns"`
	ID            string    `bun:"id,pk"`
	OrderID       string    `bun:"order_id"`
	Status        string    `bun:"status"`
	Reason        string    `bun:"reason"`
	RefundID      string    `bun:"refund_id"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type returnLineRow struct {
	bun.BaseModel `bun:"table:shop_return_lines"`
	ReturnID      string `bun:"return_id,pk"`
	LineID        string `bun:"line_id,pk"`
	Quantity      int    `bun:"quantity"`
}

type refundRow struct {
	bun.BaseModel `bun:"table:shop_refunds"`
	ID            string    `bun:"id,pk"`
	OrderID       string    `bun:"order_id"`
	Amount        int64     `bun:"amount"`
	Shipping      int64     `bun:"shipping"`
	Reason        string    `bun:"reason"`
	ActorID       string    `bun:"actor_id"`
	ActorRole     string    `bun:"actor_role"`
	CreatedAt     time.Time `bun:"created_at"`
}

type refundLineRow struct {
	bun.BaseModel `bun:"table:shop_refund_lines"`
	RefundID      string `bun:"refund_id,pk"`
	LineID        string `bun:"line_id,pk"`
	Quantity      int    `bun:"quantity"`
	Amount        int64  `bun:"amount"`
}

type ruleRow struct {
	bun.BaseModel `bun:"table:shop_commission_rules"`
	ID            string    `bun:"id,pk"`
	Scope         string    `bun:"scope"`
	VendorID      *string   `bun:"vendor_id"`
	CategoryID    *string   `bun:"category_id"`
	BPS           int       `bun:"bps"`
	Fixed         int64     `bun:"fixed"`
	Priority      int       `bun:"priority"`
	Active        bool      `bun:"active"`
	Note          string    `bun:"note"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type commissionRow struct {
	bun.BaseModel `bun:"table:shop_commission_lines"`
	ID            string    `bun:"id,pk"`
	OrderID       string    `bun:"order_id"`
	RuleID        *string   `bun:"rule_id"`
	Description   string    `bun:"description"`
	Base          int64     `bun:"base"`
	BPS           int       `bun:"bps"`
	Fixed         int64     `bun:"fixed"`
	Amount        int64     `bun:"amount"`
	Currency      string    `bun:"currency"`
	CreatedAt     time.Time `bun:"created_at"`
}
