package blog

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
)

// Directory names authors (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Scheduler inserts a River job in the caller's transaction (jobs.Inserter).
type Scheduler interface {
	InsertTx(ctx context.Context, tx bun.Tx, args river.JobArgs, opts *river.InsertOpts) (*rivertype.JobInsertResult, error)
}

// Config is what the blog needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Directory Directory
	Jobs      Scheduler
}

// Service holds the blog's rules.
type Service struct {
	c    Config
	head *headCache
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Directory == nil || c.Jobs == nil {
		return nil, errors.New("blog: Config needs DB, Clock, Directory and Jobs")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, head: newHeadCache()}, nil
}

// Register mounts the routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

// Input is what a writer saves: the whole editable state of a post.
// Version is the version the writer's copy started from (0 on create).
type Input struct {
	Version        int             `json:"version"`
	Title          string          `json:"title"`
	Slug           string          `json:"slug"`
	Excerpt        string          `json:"excerpt"`
	Body           json.RawMessage `json:"body"`
	CategoryID     *string         `json:"category_id"`
	Tags           []string        `json:"tags"`
	FeaturedImage  string          `json:"featured_image"`
	SEOTitle       string          `json:"seo_title"`
	SEODescription string          `json:"seo_description"`
	SocialImage    string          `json:"social_image"`
}

var (
	slugRe   = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	markupRe = regexp.MustCompile(`<\s*[a-zA-Z/!?]`)
	nonSlug  = regexp.MustCompile(`[^a-z0-9]+`)
)

// plainField trims *p and refuses control characters, markup and text
// longer than maxLen: plain fields are escaped wherever they are written,
// and markup in them is refused outright so none is ever stored.
func plainField(f apperr.Fields, name string, p *string, maxLen int, required bool) {
	*p = strings.TrimSpace(*p)
	switch {
	case required && *p == "":
		f.Add(name, "is required")
	case utf8.RuneCountInString(*p) > maxLen:
		f.Add(name, "is too long")
	case !utf8.ValidString(*p) || strings.ContainsFunc(*p, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }):
		f.Add(name, "must not contain control characters")
	case markupRe.MatchString(*p) || strings.Contains(strings.ToLower(*p), "javascript:"):
		f.Add(name, "must be plain text, not markup")
	}
}

func imageField(f apperr.Fields, name string, p *string) {
	*p = strings.TrimSpace(*p)
	if *p != "" && !safeImage(*p) {
		f.Add(name, "must be an image from the media library or an https address")
	}
}

// Slugify makes a slug from a title.
func Slugify(title string) string {
	s := strings.Trim(nonSlug.ReplaceAllString(strings.ToLower(asciiFold(title)), "-"), "-")
	if len(s) > 80 {
		s = strings.TrimRight(s[:80], "-")
	}
	if s == "" {
		s = "post"
	}
	return s
}

func asciiFold(s string) string {
	r := strings.NewReplacer("é", "e", "è", "e", "ê", "e", "á", "a", "à", "a", "â", "a", "ó", "o", "ô", "o",
		"ú", "u", "í", "i", "ñ", "n", "ç", "c", "ü", "u", "ö", "o", "ä", "a", "'", "", "’", "")
	return r.Replace(s)
}

// validated is a checked Input with its document rendered.
type validated struct {
	in      Input
	doc     Node
	body    string
	html    string
	minutes int
	tags    string
}

func (in Input) validate() (validated, error) {
	f := apperr.Fields{}
	plainField(f, "title", &in.Title, 160, true)
	plainField(f, "excerpt", &in.Excerpt, 400, false)
	plainField(f, "seo_title", &in.SEOTitle, 70, false)
	plainField(f, "seo_description", &in.SEODescription, 200, false)
	imageField(f, "featured_image", &in.FeaturedImage)
	imageField(f, "social_image", &in.SocialImage)
	in.Slug = strings.TrimSpace(in.Slug)
	if in.Slug != "" && (len(in.Slug) > 100 || !slugRe.MatchString(in.Slug)) {
		f.Add("slug", "must be lower-case letters, digits and single hyphens (at most 100)")
	}
	if len(in.Tags) > 10 {
		f.Add("tags", "at most 10")
	}
	tags := make([]string, 0, len(in.Tags))
	seen := map[string]bool{}
	for i := range in.Tags {
		t := strings.ToLower(strings.TrimSpace(in.Tags[i]))
		plainField(f, "tags", &t, 40, true)
		if t != "" && !seen[t] {
			seen[t] = true
			tags = append(tags, t)
		}
	}
	in.Tags = tags
	if in.CategoryID != nil && *in.CategoryID == "" {
		in.CategoryID = nil
	}
	v := validated{in: in}
	doc, err := ParseBody(in.Body)
	if err != nil {
		f.Add("body", err.Error())
	}
	if err := f.Err(); err != nil {
		return v, err
	}
	b, _ := json.Marshal(doc)
	tj, _ := json.Marshal(tags)
	v.doc, v.body, v.tags = doc, string(b), string(tj)
	var words int
	v.html, words = Render(doc)
	v.minutes = ReadingMinutes(words + len(strings.Fields(in.Title)))
	return v, nil
}

func (v validated) revision(postID string, number int, authorID, slug, note string, at time.Time) *revisionRow {
	return &revisionRow{PostID: postID, Number: number, AuthorID: authorID, Slug: slug, Title: v.in.Title,
		Excerpt: v.in.Excerpt, Body: v.body, HTML: v.html, CategoryID: v.in.CategoryID, Tags: v.tags,
		FeaturedImage: v.in.FeaturedImage, SEOTitle: v.in.SEOTitle, SEODescription: v.in.SEODescription,
		SocialImage: v.in.SocialImage, ReadingMinutes: v.minutes, Note: note, CreatedAt: at}
}
