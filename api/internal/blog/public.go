package blog

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// liveRow is a published post joined with its live revision.
type liveRow struct {
	ID             string    `bun:"id"`
	AuthorID       string    `bun:"author_id"`
	Slug           string    `bun:"slug"`
	PublishedAt    time.Time `bun:"published_at"`
	UpdatedAt      time.Time `bun:"updated_at"`
	Version        int       `bun:"live_revision"`
	Title          string    `bun:"title"`
	Excerpt        string    `bun:"excerpt"`
	HTML           string    `bun:"html"`
	CategoryID     *string   `bun:"category_id"`
	Tags           string    `bun:"tags"`
	FeaturedImage  string    `bun:"featured_image"`
	SEOTitle       string    `bun:"seo_title"`
	SEODescription string    `bun:"seo_description"`
	SocialImage    string    `bun:"social_image"`
	ReadingMinutes int       `bun:"reading_minutes"`
}

func (s *Service) live(withHTML bool) *bun.SelectQuery {
	cols := "p.id, p.author_id, p.slug, p.published_at, p.updated_at, p.live_revision, r.title, r.excerpt, r.category_id, " +
		"r.tags, r.featured_image, r.seo_title, r.seo_description, r.social_image, r.reading_minutes"
	if withHTML {
		cols += ", r.html"
	}
	return s.c.DB.NewSelect().TableExpr("blog_posts AS p").
		Join("JOIN blog_revisions AS r ON r.post_id = p.id AND r.number = p.live_revision").
		ColumnExpr(cols).Where("p.live_revision IS NOT NULL")
}

// PublicFilter narrows the public list: Category a category's slug, Q a
// search of titles and excerpts.
type PublicFilter struct {
	Category string
	Q        string
}

// Published is a keyset page of published posts, newest first.
func (s *Service) Published(ctx context.Context, f PublicFilter, cur page.Cursor) ([]PublicSummary, *page.Key, error) {
	e := apperr.Fields{}
	plainField(e, "q", &f.Q, 200, false)
	plainField(e, "category", &f.Category, 100, false)
	if err := e.Err(); err != nil {
		return nil, nil, err
	}
	var rows []liveRow
	q := s.live(false).OrderExpr("p.published_at DESC, p.id DESC").Limit(int64(cur.Fetch()))
	if f.Category != "" {
		q = q.Where("r.category_id IN (SELECT id FROM blog_categories WHERE slug = ?)", f.Category)
	}
	if f.Q != "" {
		like := "%" + strings.ToLower(f.Q) + "%"
		q = q.Where("(lower(r.title) LIKE ? OR lower(r.excerpt) LIKE ?)", like, like)
	}
	if cur.After != nil {
		q = q.Where("(p.published_at, p.id) < (?, ?)", cur.After.CreatedAt, cur.After.ID)
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, cur, func(r liveRow) page.Key { return page.Key{CreatedAt: r.PublishedAt, ID: r.ID} })
	out, err := s.summaries(ctx, rows)
	return out, next, err
}

func (s *Service) summaries(ctx context.Context, rows []liveRow) ([]PublicSummary, error) {
	who := make([]string, 0, len(rows))
	for _, r := range rows {
		who = append(who, r.AuthorID)
	}
	authors, err := s.authors(ctx, who)
	if err != nil {
		return nil, err
	}
	out := make([]PublicSummary, 0, len(rows))
	for _, r := range rows {
		out = append(out, PublicSummary{ID: r.ID, Slug: r.Slug, Title: r.Title, Excerpt: r.Excerpt,
			FeaturedImage: r.FeaturedImage, CategoryID: r.CategoryID, ReadingMinutes: r.ReadingMinutes,
			PublishedAt: r.PublishedAt.UTC(), Author: authors[r.AuthorID]})
	}
	return out, nil
}

func (s *Service) liveOne(ctx context.Context, idOrSlug string) (*liveRow, error) {
	idOrSlug = strings.TrimSpace(idOrSlug)
	if idOrSlug == "" || len(idOrSlug) > 100 {
		return nil, ErrNotFound
	}
	r := new(liveRow)
	q := s.live(true)
	if ids.Valid(idOrSlug) {
		q = q.Where("(p.id = ? OR p.slug = ?)", idOrSlug, idOrSlug)
	} else {
		q = q.Where("p.slug = ?", idOrSlug)
	}
	if err := q.Limit(1).Scan(ctx, r); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return r, nil
}

// PublicPost is a published post by id or slug, with up to three related
// posts (same category first, then the latest) and its view counted.
func (s *Service) PublicPost(ctx context.Context, idOrSlug string) (PublicPost, error) {
	r, err := s.liveOne(ctx, idOrSlug)
	if err != nil {
		return PublicPost{}, err
	}
	_, _ = s.c.DB.NewUpdate().Model((*postRow)(nil)).Set("views = views + 1").Where("id = ?", r.ID).Exec(ctx)
	authors, err := s.authors(ctx, []string{r.AuthorID})
	if err != nil {
		return PublicPost{}, err
	}
	out := PublicPost{ID: r.ID, Slug: r.Slug, Title: r.Title, Excerpt: r.Excerpt, HTML: r.HTML, Tags: tagsOf(r.Tags),
		FeaturedImage: r.FeaturedImage, SEOTitle: r.SEOTitle, SEODescription: r.SEODescription, SocialImage: r.SocialImage,
		ReadingMinutes: r.ReadingMinutes, PublishedAt: r.PublishedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
		Author: authors[r.AuthorID], Related: []PublicSummary{}}
	if r.CategoryID != nil {
		c := new(categoryRow)
		if err := s.c.DB.NewSelect().Model(c).Where("id = ?", *r.CategoryID).Scan(ctx); err == nil {
			out.Category = &Category{ID: c.ID, Slug: c.Slug, Name: c.Name}
		}
	}
	var rel []liveRow
	q := s.live(false).Where("p.id <> ?", r.ID).OrderExpr("p.published_at DESC, p.id DESC").Limit(3)
	if r.CategoryID != nil {
		q = s.live(false).Where("p.id <> ?", r.ID).
			OrderExpr("CASE WHEN r.category_id = ? THEN 0 ELSE 1 END, p.published_at DESC, p.id DESC", *r.CategoryID).Limit(3)
	}
	if err := q.Scan(ctx, &rel); err != nil {
		return PublicPost{}, err
	}
	if out.Related, err = s.summaries(ctx, rel); err != nil {
		return PublicPost{}, err
	}
	return out, nil
}

// Categories lists the categories by name with their published posts.
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	var rows []struct {
		ID    string `bun:"id"`
		Slug  string `bun:"slug"`
		Name  string `bun:"name"`
		Posts int    `bun:"posts"`
	}
	if err := s.c.DB.NewSelect().TableExpr("blog_categories AS c").ColumnExpr("c.id, c.slug, c.name").
		ColumnExpr("(SELECT count(*) FROM blog_posts AS p JOIN blog_revisions AS r ON r.post_id = p.id AND r.number = p.live_revision WHERE r.category_id = c.id) AS posts").
		OrderExpr("c.name, c.id").Limit(500).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]Category, 0, len(rows))
	for _, r := range rows {
		out = append(out, Category{ID: r.ID, Slug: r.Slug, Name: r.Name, Posts: r.Posts})
	}
	return out, nil
}

// SaveCategory creates a category (id "") or renames one; the slug follows
// the name.
func (s *Service) SaveCategory(ctx context.Context, id, name string) (Category, error) {
	f := apperr.Fields{}
	plainField(f, "name", &name, 60, true)
	if err := f.Err(); err != nil {
		return Category{}, err
	}
	c := &categoryRow{ID: id, Name: name, Slug: Slugify(name), CreatedAt: s.now()}
	var err error
	if id == "" {
		c.ID = ids.New()
		_, err = s.c.DB.NewInsert().Model(c).Exec(ctx)
	} else {
		if !ids.Valid(id) {
			return Category{}, errCategoryNotFound
		}
		var res sql.Result
		res, err = s.c.DB.NewUpdate().Model(c).Column("name", "slug").WherePK().Exec(ctx)
		if err == nil {
			if n, _ := res.RowsAffected(); n == 0 {
				return Category{}, errCategoryNotFound
			}
		}
	}
	if db.IsUniqueViolation(err) {
		return Category{}, errCategoryTaken
	}
	if err != nil {
		return Category{}, err
	}
	return Category{ID: c.ID, Slug: c.Slug, Name: c.Name}, nil
}
