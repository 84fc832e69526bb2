package shopreviews

import (
	"time"

	"github.com/uptrace/bun"
)

// reviewRow is a row of shop_reviews.
type reviewRow struct {
	bun.BaseModel `bun:"table:shop_reviews"`

	ID           string     `bun:"id,pk"`
	OrderLineID  string     `bun:"order_line_id"`
	OrderID      string     `bun:"order_id"`
	ProductID    string     `bun:"product_id"`
	StoreID      string     `bun:"store_id"`
	VendorID     string     `bun:"vendor_id"`
	AuthorID     string     `bun:"author_id"`
	Title        string     `bun:"title"`
	VariantTitle string     `bun:"variant_title"`
	Rating       int        `bun:"rating"`
	Body         string     `bun:"body"`
	Status       string     `bun:"status"`
	RejectReason string     `bun:"reject_reason"`
	Reply        *string    `bun:"reply"`
	RepliedAt    *time.Time `bun:"replied_at"`
	ReportCount  int        `bun:"report_count"`
	DecidedAt    *time.Time `bun:"decided_at"`
	DecidedBy    *string    `bun:"decided_by"`
	CreatedAt    time.Time  `bun:"created_at"`
	UpdatedAt    time.Time  `bun:"updated_at"`
}

// photoRow is a row of shop_review_photos.
type photoRow struct {
	bun.BaseModel `bun:"table:shop_review_photos"`

	ID        string    `bun:"id,pk"`
	ReviewID  string    `bun:"review_id"`
	Position  int       `bun:"position"`
	URL       string    `bun:"url"`
	ThumbURL  string    `bun:"thumb_url"`
	CreatedAt time.Time `bun:"created_at"`
}

// reportRow is a row of shop_review_reports.
type reportRow struct {
	bun.BaseModel `bun:"table:shop_review_reports"`

	ID         string    `bun:"id,pk"`
	ReviewID   string    `bun:"review_id"`
	ReporterID string    `bun:"reporter_id"`
	Reason     string    `bun:"reason"`
	CreatedAt  time.Time `bun:"created_at"`
}

// Review statuses.
const (
	StatusPending   = "pending"   // written, awaiting moderation
	StatusPublished = "published" // shown on the product and counted in its rating
	StatusRejected  = "rejected"  // refused by an admin (or taken down after reports)
)

// Statuses lists every status (the contract's enum).
var Statuses = []string{StatusPending, StatusPublished, StatusRejected}

// Bounds.
const (
	MaxBody   = 2000
	MaxReply  = 2000
	MaxReason = 500
	MaxPhotos = 4
	// MaxPhotoBytes bounds one uploaded photo.
	MaxPhotoBytes = 5 << 20
	// maxReviewable bounds the lines /shop/reviews/pending considers.
	maxReviewable = 200
)

// Photo is one review photo.
type Photo struct {
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
}

// Review is a product review as the API shows it.
type Review struct {
	ID           string     `json:"id"`
	ProductID    string     `json:"product_id"`
	StoreID      string     `json:"store_id"`
	OrderLineID  string     `json:"order_line_id,omitempty"`
	Title        string     `json:"title"`
	VariantTitle string     `json:"variant_title"`
	AuthorName   string     `json:"author_name"`
	Rating       int        `json:"rating"`
	Text         string     `json:"text"`
	Photos       []Photo    `json:"photos"`
	Status       string     `json:"status"`
	RejectReason string     `json:"reject_reason,omitempty"`
	Reply        *string    `json:"reply"`
	RepliedAt    *time.Time `json:"replied_at"`
	ReportCount  int        `json:"report_count,omitempty"`
	CreatedAt    time.Time  `json:"created_at"`
}

// Reviewable is a delivered order line the caller has not reviewed yet.
type Reviewable struct {
	OrderLineID  string    `json:"order_line_id"`
	OrderID      string    `json:"order_id"`
	ProductID    string    `json:"product_id"`
	Title        string    `json:"title"`
	VariantTitle string    `json:"variant_title"`
	PhotoURL     string    `json:"photo_url"`
	StoreName    string    `json:"store_name"`
	DeliveredAt  time.Time `json:"delivered_at"`
}

// ReviewInput writes a review of one delivered order line.
type ReviewInput struct {
	OrderLineID string `json:"order_line_id"`
	Rating      int    `json:"rating"`
	Text        string `json:"text"`
}

// ReplyInput is the vendor's reply.
type ReplyInput struct {
	Text string `json:"text"`
}

// ReportInput reports a review.
type ReportInput struct {
	Reason string `json:"reason"`
}

// RejectInput is an admin's rejection.
type RejectInput struct {
	Reason string `json:"reason"`
}
