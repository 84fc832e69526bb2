package catalog

import (
	"encoding/json"
	"time"
)

// Money is an amount in minor units.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

func money(a int64, cur string) Money { return Money{Amount: a, Currency: cur} }

func optMoney(a int64, cur string) *Money {
	if a <= 0 {
		return nil
	}
	return &Money{Amount: a, Currency: cur}
}

// ShippingView is a shipping method as the API shows it.
type ShippingView struct {
	Code    string `json:"code"`
	Label   string `json:"label"`
	Fee     Money  `json:"fee"`
	MinDays int    `json:"min_days"`
	MaxDays int    `json:"max_days"`
}

// StoreSummary names a store on product cards.
type StoreSummary struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Slug    string `json:"slug"`
	LogoURL string `json:"logo_url"`
}

// StoreView is a storefront as shoppers see it.
type StoreView struct {
	ID           string         `json:"id"`
	Name         string         `json:"name"`
	Slug         string         `json:"slug"`
	LogoURL      string         `json:"logo_url"`
	About        string         `json:"about"`
	Address      string         `json:"address"`
	City         string         `json:"city"`
	Country      string         `json:"country"`
	ReturnDays   int            `json:"return_days"`
	ReturnPolicy string         `json:"return_policy"`
	Shipping     []ShippingView `json:"shipping"`
	Active       bool           `json:"active"`
	Rating       float64        `json:"rating"`
	RatingCount  int            `json:"rating_count"`
	ProductCount int            `json:"product_count"`
	CreatedAt    time.Time      `json:"created_at"`
}

// VendorStore is a storefront as its vendor and admins see it.
type VendorStore struct {
	StoreView
	UserID           string `json:"user_id"`
	ReviewAll        bool   `json:"review_all"`
	Trusted          bool   `json:"trusted"`
	Suspended        bool   `json:"suspended"`
	SuspensionReason string `json:"suspension_reason"`
	HealthWeight     int    `json:"health_weight"`
	// Health is the vendor health score with its factors (nil until the
	// shop's chore first computes it).
	Health *StoreHealth `json:"health"`
}

func (r storeRow) view() StoreView {
	ms := shippingOf(r.Shipping)
	ship := make([]ShippingView, len(ms))
	for i, m := range ms {
		ship[i] = ShippingView{Code: m.Code, Label: m.Label, Fee: money(m.Fee, Currency), MinDays: m.MinDays, MaxDays: m.MaxDays}
	}
	rating := 0.0
	if r.RatingCount > 0 {
		rating = float64(r.RatingSum) / float64(r.RatingCount) / 100
	}
	return StoreView{ID: r.ID, Name: r.Name, Slug: r.Slug, LogoURL: r.LogoURL, About: r.About, Address: r.Address,
		City: r.City, Country: r.Country, ReturnDays: r.ReturnDays, ReturnPolicy: r.ReturnPolicy, Shipping: ship,
		Active: !r.Suspended, Rating: rating, RatingCount: r.RatingCount, ProductCount: r.ProductCount,
		CreatedAt: r.CreatedAt}
}

func (r storeRow) vendorView() VendorStore {
	return VendorStore{StoreView: r.view(), UserID: r.UserID, ReviewAll: r.ReviewAll, Trusted: r.Trusted,
		Suspended: r.Suspended, SuspensionReason: r.SuspensionReason, HealthWeight: r.HealthWeight, Health: r.health()}
}

// Category is a node of the tree, with its children.
type Category struct {
	ID           string     `json:"id"`
	ParentID     *string    `json:"parent_id"`
	Name         string     `json:"name"`
	Slug         string     `json:"slug"`
	Description  string     `json:"description"`
	Depth        int        `json:"depth"`
	Position     int        `json:"position"`
	ProductCount int        `json:"product_count"`
	Children     []Category `json:"children"`
}

// CategoryRef names a category on a product's path.
type CategoryRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// ProductCard is a product in a list.
type ProductCard struct {
	ID             string       `json:"id"`
	Title          string       `json:"title"`
	Brand          string       `json:"brand"`
	Store          StoreSummary `json:"store"`
	CategoryID     string       `json:"category_id"`
	Price          Money        `json:"price"`
	MaxPrice       Money        `json:"max_price"`
	CompareAt      *Money       `json:"compare_at"`
	CoverURL       string       `json:"cover_url"`
	ThumbURL       string       `json:"thumb_url"`
	Rating         float64      `json:"rating"`
	RatingCount    int          `json:"rating_count"`
	InStock        bool         `json:"in_stock"`
	Luxury         bool         `json:"luxury"`
	PriceOnRequest bool         `json:"price_on_request"`
	Status         string       `json:"status"`
	PublishedAt    *time.Time   `json:"published_at"`
}

// Option is a product option (size, colour) and its values.
type Option struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// VariantView is a variant on a product's page (stock, reserved and sold
// only for its vendor and admins).
type VariantView struct {
	ID          string            `json:"id"`
	Title       string            `json:"title"`
	Options     map[string]string `json:"options"`
	SKU         string            `json:"sku"`
	Price       Money             `json:"price"`
	CompareAt   *Money            `json:"compare_at"`
	Available   int               `json:"available"`
	WeightGrams int               `json:"weight_grams"`
	Stock       *int              `json:"stock,omitempty"`
	Reserved    *int              `json:"reserved,omitempty"`
	Sold        *int              `json:"sold,omitempty"`
}

// PhotoView is a product photo in its three sizes.
type PhotoView struct {
	ID       string `json:"id"`
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
	LargeURL string `json:"large_url"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
}

// Certificate is a luxury certificate's record (the bytes come from the file routes).
type Certificate struct {
	ID          string     `json:"id"`
	Status      string     `json:"status"`
	ContentType string     `json:"content_type"`
	Width       int        `json:"width"`
	Height      int        `json:"height"`
	SizeBytes   int64      `json:"size_bytes"`
	Note        string     `json:"note"`
	ReviewedAt  *time.Time `json:"reviewed_at"`
	CreatedAt   time.Time  `json:"created_at"`
}

// Product is a product's page.
type Product struct {
	ProductCard
	DescriptionHTML string        `json:"description_html"`
	DescriptionText string        `json:"description_text"`
	Tags            []string      `json:"tags"`
	Options         []Option      `json:"options"`
	Variants        []VariantView `json:"variants"`
	Photos          []PhotoView   `json:"photos"`
	CategoryPath    []CategoryRef `json:"category_path"`
	StoreDetails    StoreView     `json:"store_details"`
	ShippingProfile string        `json:"shipping_profile"`
	LuxuryRequested bool          `json:"luxury_requested"`
	Certificate     *Certificate  `json:"certificate"`
	RejectionReason string        `json:"rejection_reason"`
	CreatedAt       time.Time     `json:"created_at"`
	UpdatedAt       time.Time     `json:"updated_at"`
}

// AdminProductRow is a product in the admins' table.
type AdminProductRow struct {
	ProductCard
	StoreName         string     `json:"store_name"`
	CertificateStatus string     `json:"certificate_status"`
	SubmittedAt       *time.Time `json:"submitted_at"`
	CreatedAt         time.Time  `json:"created_at"`
}

// LowStockItem is a variant running low.
type LowStockItem struct {
	VariantID    string `json:"variant_id"`
	ProductID    string `json:"product_id"`
	ProductTitle string `json:"product_title"`
	VariantTitle string `json:"variant_title"`
	SKU          string `json:"sku"`
	Stock        int    `json:"stock"`
	Reserved     int    `json:"reserved"`
	Available    int    `json:"available"`
}

// BulkResult says what a bulk action moved.
type BulkResult struct {
	Updated []string     `json:"updated"`
	Failed  []BulkFailed `json:"failed"`
}

// BulkFailed is a product a bulk action could not move, and why.
type BulkFailed struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

// Facets are the counts of a search.
type Facets struct {
	Total      int          `json:"total"`
	Categories []FacetCount `json:"categories"`
	Stores     []FacetCount `json:"stores"`
	Price      PriceRange   `json:"price"`
	Ratings    []RatingBand `json:"ratings"`
	InStock    int          `json:"in_stock"`
	Luxury     int          `json:"luxury"`
}

// FacetCount is one value of a facet.
type FacetCount struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// PriceRange is the cheapest and dearest price among the matches.
type PriceRange struct {
	Min *Money `json:"min"`
	Max *Money `json:"max"`
}

// RatingBand counts products rated at least Min.
type RatingBand struct {
	Min   int `json:"min"`
	Count int `json:"count"`
}

// Suggestion is one search-as-you-type suggestion.
type Suggestion struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
	ID   string `json:"id"`
}

func stringsOf(raw string) []string {
	var out []string
	_ = json.Unmarshal([]byte(raw), &out)
	if out == nil {
		out = []string{}
	}
	return out
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
