package wishlists

import (
	"time"

	"github.com/uptrace/bun"
)

type listRow struct {
	bun.BaseModel `bun:"table:shop_wishlists"`

	ID         string    `bun:"id,pk"`
	UserID     string    `bun:"user_id"`
	Name       string    `bun:"name"`
	IsDefault  bool      `bun:"is_default"`
	ShareToken *string   `bun:"share_token"`
	CreatedAt  time.Time `bun:"created_at"`
	UpdatedAt  time.Time `bun:"updated_at"`
}

type itemRow struct {
	bun.BaseModel `bun:"table:shop_wishlist_items"`

	ID             string    `bun:"id,pk"`
	WishlistID     string    `bun:"wishlist_id"`
	UserID         string    `bun:"user_id"`
	ProductID      string    `bun:"product_id"`
	VariantID      string    `bun:"variant_id"`
	SavedPrice     int64     `bun:"saved_price"`
	SavedAvailable int       `bun:"saved_available"`
	SeenPrice      int64     `bun:"seen_price"`
	SeenAvailable  int       `bun:"seen_available"`
	AlertPrice     bool      `bun:"alert_price"`
	AlertStock     bool      `bun:"alert_stock"`
	CreatedAt      time.Time `bun:"created_at"`
}

// Bounds.
const (
	DefaultName = "Saved"
	MaxLists    = 20
	MaxItems    = 200
	MaxName     = 60
	// alertBatch is how many items one pass of the alert chore reads at a time.
	alertBatch = 500
)

// Money is an amount in minor units.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Item is a saved product as the API shows it: the price and stock seen
// when it was saved and now.
type Item struct {
	ID             string    `json:"id"`
	ProductID      string    `json:"product_id"`
	VariantID      string    `json:"variant_id"`
	Title          string    `json:"title"`
	VariantTitle   string    `json:"variant_title"`
	PhotoURL       string    `json:"photo_url"`
	SavedPrice     Money     `json:"saved_price"`
	Price          Money     `json:"price"`
	Available      int       `json:"available"`
	Purchasable    bool      `json:"purchasable"`
	SavedAvailable int       `json:"saved_available"`
	AlertPrice     bool      `json:"alert_price"`
	AlertStock     bool      `json:"alert_stock"`
	CreatedAt      time.Time `json:"created_at"`
}

// List is a wishlist with its items.
type List struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	IsDefault  bool      `json:"is_default"`
	ShareToken *string   `json:"share_token"`
	Items      []Item    `json:"items"`
	CreatedAt  time.Time `json:"created_at"`
}

// SharedList is a list as a shared link shows it (no alerts, no owner id).
type SharedList struct {
	Name      string `json:"name"`
	OwnerName string `json:"owner_name"`
	Items     []Item `json:"items"`
}

// ListInput creates or renames a list; Shared turns its link on or off.
type ListInput struct {
	Name   *string `json:"name"`
	Shared *bool   `json:"shared"`
}

// ItemInput saves a product (its first variant when VariantID is empty).
type ItemInput struct {
	ProductID  string `json:"product_id"`
	VariantID  string `json:"variant_id"`
	AlertPrice bool   `json:"alert_price"`
	AlertStock bool   `json:"alert_stock"`
}

// AlertInput turns an item's alerts on or off.
type AlertInput struct {
	AlertPrice *bool `json:"alert_price"`
	AlertStock *bool `json:"alert_stock"`
}
