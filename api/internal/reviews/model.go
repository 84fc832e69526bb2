package reviews

import (
	"time"

	"github.com/uptrace/bun"
)

// reviewRow is a row of reviews.
type reviewRow struct {
	bun.BaseModel `bun:"table:reviews"`

	ID             string     `bun:"id,pk"`
	BookingID      string     `bun:"booking_id"`
	ProviderID     string     `bun:"provider_id"`
	ProviderUserID string     `bun:"provider_user_id"`
	OfferingID     string     `bun:"offering_id"`
	AuthorID       string     `bun:"author_id"`
	Rating         int        `bun:"rating"`
	Body           string     `bun:"body"`
	Status         string     `bun:"status"`
	Reply          *string    `bun:"reply"`
	RepliedAt      *time.Time `bun:"replied_at"`
	ReportCount    int        `bun:"report_count"`
	DecidedAt      *time.Time `bun:"decided_at"`
	DecidedBy      *string    `bun:"decided_by"`
	CreatedAt      time.Time  `bun:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at"`
}

// reportRow is a row of review_reports.
type reportRow struct {
	bun.BaseModel `bun:"table:review_reports"`

	ID         string    `bun:"id,pk"`
	ReviewID   string    `bun:"review_id"`
	ReporterID string    `bun:"reporter_id"`
	Reason     string    `bun:"reason"`
	CreatedAt  time.Time `bun:"created_at"`
}

// Review statuses.
const (
	StatusVisible  = "visible"  // shown on the provider's profile and counted in the rating
	StatusReported = "reported" // hidden until an admin decides
	StatusRemoved  = "removed"  // an admin removed it
)

// Statuses lists every review status (the contract's enum).
var Statuses = []string{StatusVisible, StatusReported, StatusRemoved}

// Admin decisions on a reported review.
const (
	ActionRestore = "restore"
	ActionRemove  = "remove"
)

// Window is how long after a booking completes its user may review it.
const Window = 14 * 24 * time.Hour

// Bounds of the texts.
const (
	MaxBody   = 2000
	MaxReply  = 2000
	MaxReason = 500
)

// Review is a review as the API shows it.
type Review struct {
	ID         string     `json:"id"`
	BookingID  string     `json:"booking_id,omitempty"`
	ProviderID string     `json:"provider_id"`
	OfferingID string     `json:"offering_id"`
	AuthorName string     `json:"author_name"`
	AuthorID   string     `json:"author_id,omitempty"`
	Rating     int        `json:"rating"`
	Text       string     `json:"text"`
	Status     string     `json:"status"`
	Reply      *string    `json:"reply"`
	RepliedAt  *time.Time `json:"replied_at"`
	CreatedAt  time.Time  `json:"created_at"`
}

// AdminReview is a review in the moderation queue, with its reports.
type AdminReview struct {
	Review
	ReportCount int      `json:"report_count"`
	Reports     []Report `json:"reports"`
}

// Report is one report of a review (admins see them).
type Report struct {
	ReporterID   string    `json:"reporter_id"`
	ReporterName string    `json:"reporter_name"`
	Reason       string    `json:"reason"`
	CreatedAt    time.Time `json:"created_at"`
}

// ReviewInput writes a review.
type ReviewInput struct {
	Rating int    `json:"rating"`
	Text   string `json:"text"`
}

// ReplyInput is a provider's reply.
type ReplyInput struct {
	Text string `json:"text"`
}

// ReportInput reports a review.
type ReportInput struct {
	Reason string `json:"reason"`
}

// DecisionInput is an admin's decision.
type DecisionInput struct {
	Action string `json:"action"`
}
