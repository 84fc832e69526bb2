package blog

import (
	"context"
	"encoding/json"
	"time"
)

// Author names a post's writer.
type Author struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	AvatarURL string `json:"avatar_url"`
}

// Post is the writer's and editors' view of a post: the working copy (its
// latest revision) and its workflow state.
type Post struct {
	ID             string          `json:"id"`
	Status         string          `json:"status"`
	Slug           string          `json:"slug"`
	Title          string          `json:"title"`
	Excerpt        string          `json:"excerpt"`
	Body           json.RawMessage `json:"body"`
	HTML           string          `json:"html"`
	CategoryID     *string         `json:"category_id"`
	Tags           []string        `json:"tags"`
	FeaturedImage  string          `json:"featured_image"`
	SEOTitle       string          `json:"seo_title"`
	SEODescription string          `json:"seo_description"`
	SocialImage    string          `json:"social_image"`
	ReadingMinutes int             `json:"reading_minutes"`
	Version        int             `json:"version"`
	LiveRevision   *int            `json:"live_revision"`
	PublishAt      *time.Time      `json:"publish_at"`
	PublishedAt    *time.Time      `json:"published_at"`
	Views          int64           `json:"views"`
	Author         Author          `json:"author"`
	Comments       []Comment       `json:"comments"`
	CreatedAt      time.Time       `json:"created_at"`
	UpdatedAt      time.Time       `json:"updated_at"`
}

// Summary is a post in a writer's or editor's list.
type Summary struct {
	ID           string     `json:"id"`
	Status       string     `json:"status"`
	Slug         string     `json:"slug"`
	Title        string     `json:"title"`
	Version      int        `json:"version"`
	LiveRevision *int       `json:"live_revision"`
	PublishAt    *time.Time `json:"publish_at"`
	PublishedAt  *time.Time `json:"published_at"`
	Views        int64      `json:"views"`
	Author       Author     `json:"author"`
	UpdatedAt    time.Time  `json:"updated_at"`
}

// Comment is one entry of a post's editorial thread.
type Comment struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	Body      string    `json:"body"`
	Author    Author    `json:"author"`
	CreatedAt time.Time `json:"created_at"`
}

// Revision is one saved state of a post; Text is the body's plain text
// (what the editor's diff compares).
type Revision struct {
	Number         int             `json:"number"`
	Note           string          `json:"note"`
	Slug           string          `json:"slug"`
	Title          string          `json:"title"`
	Excerpt        string          `json:"excerpt"`
	Body           json.RawMessage `json:"body"`
	Text           string          `json:"text"`
	ReadingMinutes int             `json:"reading_minutes"`
	Author         Author          `json:"author"`
	CreatedAt      time.Time       `json:"created_at"`
}

// RevisionSummary is a revision in the post's history.
type RevisionSummary struct {
	Number    int       `json:"number"`
	Note      string    `json:"note"`
	Title     string    `json:"title"`
	Live      bool      `json:"live"`
	Author    Author    `json:"author"`
	CreatedAt time.Time `json:"created_at"`
}

// Category is a blog category.
type Category struct {
	ID    string `json:"id"`
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	Posts int    `json:"posts"`
}

// Overview counts a writer's posts by status, and their views.
type Overview struct {
	Drafts    int   `json:"drafts"`
	InReview  int   `json:"in_review"`
	Scheduled int   `json:"scheduled"`
	Published int   `json:"published"`
	Views     int64 `json:"views"`
}

// PublicPost is a published post as readers see it (its live revision).
type PublicPost struct {
	ID             string          `json:"id"`
	Slug           string          `json:"slug"`
	Title          string          `json:"title"`
	Excerpt        string          `json:"excerpt"`
	HTML           string          `json:"html"`
	Category       *Category       `json:"category"`
	Tags           []string        `json:"tags"`
	FeaturedImage  string          `json:"featured_image"`
	SEOTitle       string          `json:"seo_title"`
	SEODescription string          `json:"seo_description"`
	SocialImage    string          `json:"social_image"`
	ReadingMinutes int             `json:"reading_minutes"`
	PublishedAt    time.Time       `json:"published_at"`
	UpdatedAt      time.Time       `json:"updated_at"`
	Author         Author          `json:"author"`
	Related        []PublicSummary `json:"related"`
}

// PublicSummary is a published post in the public lists.
type PublicSummary struct {
	ID             string    `json:"id"`
	Slug           string    `json:"slug"`
	Title          string    `json:"title"`
	Excerpt        string    `json:"excerpt"`
	FeaturedImage  string    `json:"featured_image"`
	CategoryID     *string   `json:"category_id"`
	ReadingMinutes int       `json:"reading_minutes"`
	PublishedAt    time.Time `json:"published_at"`
	Author         Author    `json:"author"`
}

func (s *Service) authors(ctx context.Context, ids []string) (map[string]Author, error) {
	people, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Author, len(people))
	for id, p := range people {
		name := p.DisplayName
		if name == "" {
			name = p.Username
		}
		out[id] = Author{ID: id, Name: name, AvatarURL: p.AvatarURL}
	}
	return out, nil
}

func tagsOf(s string) []string {
	var t []string
	_ = json.Unmarshal([]byte(s), &t)
	if t == nil {
		t = []string{}
	}
	return t
}

func utcp(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
