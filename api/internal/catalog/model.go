package catalog

import (
	"time"

	"github.com/uptrace/bun"
)

// storeRow is a vendor's storefront (one per vendor user).
type storeRow struct {
	bun.BaseModel `bun:"table:shop_stores,alias:s"`

	ID               string     `bun:"id,pk"`
	UserID           string     `bun:"user_id"`
	Name             string     `bun:"name"`
	Slug             string     `bun:"slug"`
	LogoURL          string     `bun:"logo_url"`
	About            string     `bun:"about"`
	Address          string     `bun:"address"`
	City             string     `bun:"city"`
	Country          string     `bun:"country"`
	ReturnDays       int        `bun:"return_days"`
	ReturnPolicy     string     `bun:"return_policy"`
	Shipping         string     `bun:"shipping"` // JSON array of ShippingMethod
	Suspended        bool       `bun:"suspended"`
	SuspensionReason string     `bun:"suspension_reason"`
	ReviewAll        bool       `bun:"review_all"`
	Trusted          bool       `bun:"trusted"`
	HealthWeight     int        `bun:"health_weight"`
	HealthScore      *int       `bun:"health_score"`
	HealthDetails    string     `bun:"health_details"`
	HealthAt         *time.Time `bun:"health_at"`
	RatingSum        int64      `bun:"rating_sum"`
	RatingCount      int        `bun:"rating_count"`
	ProductCount     int        `bun:"product_count"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

// categoryRow is one node of the category tree.
type categoryRow struct {
	bun.BaseModel `bun:"table:shop_categories,alias:c"`

	ID          string    `bun:"id,pk"`
	ParentID    *string   `bun:"parent_id"`
	Name        string    `bun:"name"`
	Slug        string    `bun:"slug"`
	Description string    `bun:"description"`
	Path        string    `bun:"path"`
	Depth       int       `bun:"depth"`
	Position    int       `bun:"position"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
}

// productRow is a product.
type productRow struct {
	bun.BaseModel `bun:"table:shop_products,alias:p"`

	ID                string     `bun:"id,pk"`
	StoreID           string     `bun:"store_id"`
	VendorID          string     `bun:"vendor_id"`
	CategoryID        string     `bun:"category_id"`
	CategoryPath      string     `bun:"category_path"`
	Title             string     `bun:"title"`
	DescriptionHTML   string     `bun:"description_html"`
	DescriptionText   string     `bun:"description_text"`
	Brand             string     `bun:"brand"`
	Tags              string     `bun:"tags"`    // JSON array of strings
	Options           string     `bun:"options"` // JSON array of Option
	ShippingProfile   string     `bun:"shipping_profile"`
	Status            string     `bun:"status"`
	Luxury            bool       `bun:"luxury"`
	CertificateStatus string     `bun:"certificate_status"`
	PriceOnRequest    bool       `bun:"price_on_request"`
	MinPrice          int64      `bun:"min_price"`
	MaxPrice          int64      `bun:"max_price"`
	Currency          string     `bun:"currency"`
	Rating            int        `bun:"rating"`
	RatingCount       int        `bun:"rating_count"`
	Sold              int        `bun:"sold"`
	CoverURL          string     `bun:"cover_url"`
	CoverThumbURL     string     `bun:"cover_thumb_url"`
	CompareAt         int64      `bun:"compare_at"`
	RejectionReason   string     `bun:"rejection_reason"`
	SubmittedAt       *time.Time `bun:"submitted_at"`
	PublishedAt       *time.Time `bun:"published_at"`
	CreatedAt         time.Time  `bun:"created_at"`
	UpdatedAt         time.Time  `bun:"updated_at"`
}

// variantRow is one purchasable variant with its stock.
type variantRow struct {
	bun.BaseModel `bun:"table:shop_variants,alias:v"`

	ID          string    `bun:"id,pk"`
	ProductID   string    `bun:"product_id"`
	StoreID     string    `bun:"store_id"`
	Title       string    `bun:"title"`
	Options     string    `bun:"options"` // JSON object
	SKU         string    `bun:"sku"`
	Price       int64     `bun:"price"`
	CompareAt   int64     `bun:"compare_at"`
	Currency    string    `bun:"currency"`
	Stock       int       `bun:"stock"`
	Reserved    int       `bun:"reserved"`
	Sold        int       `bun:"sold"`
	WeightGrams int       `bun:"weight_grams"`
	Position    int       `bun:"position"`
	CreatedAt   time.Time `bun:"created_at"`
	UpdatedAt   time.Time `bun:"updated_at"`
}

type photoRow struct {
	bun.BaseModel `bun:"table:shop_photos"`

	ID        string    `bun:"id,pk"`
	ProductID string    `bun:"product_id"`
	URL       string    `bun:"url"`
	ThumbURL  string    `bun:"thumb_url"`
	LargeURL  string    `bun:"large_url"`
	Width     int       `bun:"width"`
	Height    int       `bun:"height"`
	Position  int       `bun:"position"`
	CreatedAt time.Time `bun:"created_at"`
}

type certificateRow struct {
	bun.BaseModel `bun:"table:shop_certificates"`

	ID          string     `bun:"id,pk"`
	ProductID   string     `bun:"product_id"`
	StoreID     string     `bun:"store_id"`
	ContentType string     `bun:"content_type"`
	Width       int        `bun:"width"`
	Height      int        `bun:"height"`
	SizeBytes   int64      `bun:"size_bytes"`
	Content     []byte     `bun:"content"`
	ThumbType   string     `bun:"thumb_type"`
	Thumb       []byte     `bun:"thumb"`
	Status      string     `bun:"status"`
	Note        string     `bun:"note"`
	ReviewedBy  string     `bun:"reviewed_by"`
	ReviewedAt  *time.Time `bun:"reviewed_at"`
	CreatedAt   time.Time  `bun:"created_at"`
}

type eventRow struct {
	bun.BaseModel `bun:"table:shop_product_events"`

	ID         string    `bun:"id,pk"`
	ProductID  string    `bun:"product_id"`
	FromStatus string    `bun:"from_status"`
	ToStatus   string    `bun:"to_status"`
	Actor      string    `bun:"actor"`
	ActorID    string    `bun:"actor_id"`
	Note       string    `bun:"note"`
	CreatedAt  time.Time `bun:"created_at"`
}
