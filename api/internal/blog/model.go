package blog

import (
	"time"

	"github.com/uptrace/bun"
)

// Post statuses (validated in Go).
const (
	StatusDraft       = "draft"
	StatusInReview    = "in_review"
	StatusScheduled   = "scheduled"
	StatusPublished   = "published"
	StatusUnpublished = "unpublished"
)

// Comment kinds.
const (
	KindComment          = "comment"
	KindChangesRequested = "changes_requested"
	KindApproved         = "approved"
	KindUnpublished      = "unpublished"
	KindSubmitted        = "submitted"
)

type postRow struct {
	bun.BaseModel `bun:"table:blog_posts"`
	ID            string     `bun:"id,pk"`
	AuthorID      string     `bun:"author_id"`
	Status        string     `bun:"status"`
	Slug          string     `bun:"slug"`
	Title         string     `bun:"title"`
	CategoryID    *string    `bun:"category_id"`
	Version       int        `bun:"version"`
	LiveRevision  *int       `bun:"live_revision"`
	PublishAt     *time.Time `bun:"publish_at"`
	PublishedAt   *time.Time `bun:"published_at"`
	Views         int64      `bun:"views"`
	CreatedAt     time.Time  `bun:"created_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

type revisionRow struct {
	bun.BaseModel  `bun:"table:blog_revisions"`
	PostID         string    `bun:"post_id,pk"`
	Number         int       `bun:"number,pk"`
	AuthorID       string    `bun:"author_id"`
	Slug           string    `bun:"slug"`
	Title          string    `bun:"title"`
	Excerpt        string    `bun:"excerpt"`
	Body           string    `bun:"body"`
	HTML           string    `bun:"html"`
	CategoryID     *string   `bun:"category_id"`
	Tags           string    `bun:"tags"`
	FeaturedImage  string    `bun:"featured_image"`
	SEOTitle       string    `bun:"seo_title"`
	SEODescription string    `bun:"seo_description"`
	SocialImage    string    `bun:"social_image"`
	ReadingMinutes int       `bun:"reading_minutes"`
	Note           string    `bun:"note"`
	CreatedAt      time.Time `bun:"created_at"`
}

type categoryRow struct {
	bun.BaseModel `bun:"table:blog_categories"`
	ID            string    `bun:"id,pk"`
	Slug          string    `bun:"slug"`
	Name          string    `bun:"name"`
	CreatedAt     time.Time `bun:"created_at"`
}

type commentRow struct {
	bun.BaseModel `bun:"table:blog_comments"`
	ID            string    `bun:"id,pk"`
	PostID        string    `bun:"post_id"`
	AuthorID      string    `bun:"author_id"`
	Kind          string    `bun:"kind"`
	Body          string    `bun:"body"`
	CreatedAt     time.Time `bun:"created_at"`
}
