package blog

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// Create starts a post by writerID as a draft at version 1. A slug not
// given is made from the title (with a number added when taken); a slug
// given and taken is 409.
func (s *Service) Create(ctx context.Context, writerID string, in Input) (Post, error) {
	v, err := in.validate()
	if err != nil {
		return Post{}, err
	}
	if err := s.checkCategory(ctx, v.in.CategoryID); err != nil {
		return Post{}, err
	}
	now := s.now()
	p := &postRow{ID: ids.New(), AuthorID: writerID, Status: StatusDraft, Title: v.in.Title, CategoryID: v.in.CategoryID,
		Version: 1, CreatedAt: now, UpdatedAt: now}
	explicit := v.in.Slug != ""
	base := v.in.Slug
	if !explicit {
		base = Slugify(v.in.Title)
	}
	for attempt := 0; ; attempt++ {
		p.Slug = base
		if attempt > 0 {
			p.Slug = base + "-" + p.ID[:4+attempt]
		}
		err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
				return err
			}
			_, err := tx.NewInsert().Model(v.revision(p.ID, 1, writerID, p.Slug, "Created", now)).Exec(ctx)
			return err
		})
		if err == nil {
			break
		}
		if !db.IsUniqueViolation(err) {
			return Post{}, err
		}
		if explicit || attempt >= 3 {
			return Post{}, errSlugTaken
		}
	}
	return s.post(ctx, p.ID)
}

func (s *Service) checkCategory(ctx context.Context, id *string) error {
	if id == nil {
		return nil
	}
	n, err := s.c.DB.NewSelect().Model((*categoryRow)(nil)).Where("id = ?", *id).Count(ctx)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.Fields{"category_id": "is not a category"}.Err()
	}
	return nil
}

// own reads writerID's post; another writer's post is not found.
func (s *Service) own(ctx context.Context, idb bun.IDB, writerID, id string, lock bool) (*postRow, error) {
	if !ids.Valid(id) {
		return nil, ErrNotFound
	}
	p := new(postRow)
	q := idb.NewSelect().Model(p).Where("id = ?", id).Where("author_id = ?", writerID)
	if lock {
		q = s.c.DB.ForUpdate(q)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return p, nil
}

// Mine is writerID's own post.
func (s *Service) Mine(ctx context.Context, writerID, id string) (Post, error) {
	if _, err := s.own(ctx, s.c.DB, writerID, id, false); err != nil {
		return Post{}, err
	}
	return s.post(ctx, id)
}

// Save stores a new revision of writerID's post when in.Version is the
// post's version (else 409: saved elsewhere meanwhile). A post in review
// or scheduled goes back to draft (it must be submitted again); a
// published post stays live at its approved revision until the new one is
// approved.
func (s *Service) Save(ctx context.Context, writerID, id string, in Input) (Post, error) {
	v, err := in.validate()
	if err != nil {
		return Post{}, err
	}
	if err := s.checkCategory(ctx, v.in.CategoryID); err != nil {
		return Post{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.own(ctx, tx, writerID, id, true)
		if err != nil {
			return err
		}
		return s.saveTx(ctx, tx, p, writerID, v, "Saved")
	})
	if err != nil {
		return Post{}, err
	}
	return s.post(ctx, id)
}

func (s *Service) saveTx(ctx context.Context, tx bun.Tx, p *postRow, by string, v validated, note string) error {
	if v.in.Version != p.Version {
		return errVersion
	}
	slug := v.in.Slug
	if slug == "" {
		slug = p.Slug
	}
	now := s.now()
	p.Version++
	if p.Status == StatusInReview || p.Status == StatusScheduled {
		p.Status, p.PublishAt = StatusDraft, nil
	}
	if p.Status == StatusPublished {
		// The live revision stays; the working copy is a draft of changes.
		p.Status = StatusDraft
	}
	p.Slug, p.Title, p.CategoryID, p.UpdatedAt = slug, v.in.Title, v.in.CategoryID, now
	if _, err := tx.NewUpdate().Model(p).Column("status", "slug", "title", "category_id", "version", "publish_at", "updated_at").
		WherePK().Exec(ctx); err != nil {
		if db.IsUniqueViolation(err) {
			return errSlugTaken
		}
		return err
	}
	_, err := tx.NewInsert().Model(v.revision(p.ID, p.Version, by, slug, note, now)).Exec(ctx)
	return err
}

// Restore saves revision number of writerID's post again as a new
// revision: the same title, slug, excerpt, body, category, tags, images
// and SEO fields, exactly.
func (s *Service) Restore(ctx context.Context, writerID, id string, number, version int) (Post, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.own(ctx, tx, writerID, id, true)
		if err != nil {
			return err
		}
		r, err := s.revision(ctx, tx, id, number)
		if err != nil {
			return err
		}
		in := Input{Version: version, Title: r.Title, Slug: r.Slug, Excerpt: r.Excerpt, Body: []byte(r.Body),
			CategoryID: r.CategoryID, Tags: tagsOf(r.Tags), FeaturedImage: r.FeaturedImage, SEOTitle: r.SEOTitle,
			SEODescription: r.SEODescription, SocialImage: r.SocialImage}
		v, err := in.validate()
		if err != nil {
			return err
		}
		if v.in.CategoryID != nil {
			if err := s.checkCategory(ctx, v.in.CategoryID); err != nil {
				v.in.CategoryID = nil // the category was removed since
			}
		}
		return s.saveTx(ctx, tx, p, writerID, v, "Restored revision "+itoa(number))
	})
	if err != nil {
		return Post{}, err
	}
	return s.post(ctx, id)
}

// Submit sends writerID's draft for review.
func (s *Service) Submit(ctx context.Context, writerID, id string) (Post, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.own(ctx, tx, writerID, id, true)
		if err != nil {
			return err
		}
		if p.Status != StatusDraft && p.Status != StatusUnpublished {
			return errNotSubmittable
		}
		if _, err := tx.NewUpdate().Model((*postRow)(nil)).Set("status = ?", StatusInReview).Set("updated_at = ?", s.now()).
			Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		return s.comment(ctx, tx, id, writerID, KindSubmitted, "Submitted revision "+itoa(p.Version)+" for review")
	})
	if err != nil {
		return Post{}, err
	}
	return s.post(ctx, id)
}

func (s *Service) comment(ctx context.Context, idb bun.IDB, postID, by, kind, body string) error {
	_, err := idb.NewInsert().Model(&commentRow{ID: ids.New(), PostID: postID, AuthorID: by, Kind: kind, Body: body,
		CreatedAt: s.now()}).Exec(ctx)
	return err
}

// Filter narrows a list of posts: Status one of the statuses or "", Q a
// search of titles.
type Filter struct {
	Status string
	Q      string
}

func (f *Filter) validate() error {
	f.Status, f.Q = strings.TrimSpace(f.Status), strings.TrimSpace(f.Q)
	e := apperr.Fields{}
	switch f.Status {
	case "", StatusDraft, StatusInReview, StatusScheduled, StatusPublished, StatusUnpublished:
	default:
		e.Add("status", "must be draft, in_review, scheduled, published or unpublished")
	}
	e.Check(utf8.RuneCountInString(f.Q) <= 200, "q", "must be at most 200 characters")
	plainField(e, "q", &f.Q, 200, false)
	return e.Err()
}

// List is a keyset page of posts, latest change first: writerID's own (""
// for every writer's, the editors' view).
func (s *Service) List(ctx context.Context, writerID string, f Filter, cur page.Cursor) ([]Summary, *page.Key, error) {
	if err := f.validate(); err != nil {
		return nil, nil, err
	}
	var rows []postRow
	q := s.c.DB.NewSelect().Model(&rows).OrderExpr("updated_at DESC, id DESC").Limit(int64(cur.Fetch()))
	if writerID != "" {
		q = q.Where("author_id = ?", writerID)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.Q != "" {
		q = q.Where("lower(title) LIKE ?", "%"+strings.ToLower(f.Q)+"%")
	}
	if cur.After != nil {
		q = q.Where("(updated_at, id) < (?, ?)", cur.After.CreatedAt, cur.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, cur, func(p postRow) page.Key { return page.Key{CreatedAt: p.UpdatedAt, ID: p.ID} })
	authorIDs := make([]string, 0, len(rows))
	for _, r := range rows {
		authorIDs = append(authorIDs, r.AuthorID)
	}
	authors, err := s.authors(ctx, authorIDs)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Summary, 0, len(rows))
	for _, r := range rows {
		out = append(out, Summary{ID: r.ID, Status: r.Status, Slug: r.Slug, Title: r.Title, Version: r.Version,
			LiveRevision: r.LiveRevision, PublishAt: utcp(r.PublishAt), PublishedAt: utcp(r.PublishedAt), Views: r.Views,
			Author: authors[r.AuthorID], UpdatedAt: r.UpdatedAt.UTC()})
	}
	return out, next, nil
}

// MyOverview counts writerID's posts by status and their views.
func (s *Service) MyOverview(ctx context.Context, writerID string) (Overview, error) {
	var rows []struct {
		Status string `bun:"status"`
		N      int    `bun:"n"`
		Views  int64  `bun:"views"`
	}
	if err := s.c.DB.NewSelect().Model((*postRow)(nil)).Column("status").ColumnExpr("count(*) AS n").
		ColumnExpr("COALESCE(sum(views), 0) AS views").Where("author_id = ?", writerID).Group("status").Scan(ctx, &rows); err != nil {
		return Overview{}, err
	}
	var o Overview
	for _, r := range rows {
		switch r.Status {
		case StatusDraft, StatusUnpublished:
			o.Drafts += r.N
		case StatusInReview:
			o.InReview += r.N
		case StatusScheduled:
			o.Scheduled += r.N
		case StatusPublished:
			o.Published += r.N
		}
		o.Views += r.Views
	}
	return o, nil
}
