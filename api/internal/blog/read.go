package blog

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/ids"
)

func itoa(n int) string { return strconv.Itoa(n) }

func (s *Service) row(ctx context.Context, id string) (*postRow, error) {
	if !ids.Valid(id) {
		return nil, ErrNotFound
	}
	p := new(postRow)
	if err := s.c.DB.NewSelect().Model(p).Where("id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return p, nil
}

func (s *Service) revision(ctx context.Context, idb bun.IDB, postID string, number int) (*revisionRow, error) {
	r := new(revisionRow)
	if err := idb.NewSelect().Model(r).Where("post_id = ?", postID).Where("number = ?", number).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errRevisionNotFound
		}
		return nil, err
	}
	return r, nil
}

// post is the full view of a post: its working copy and its thread.
func (s *Service) post(ctx context.Context, id string) (Post, error) {
	p, err := s.row(ctx, id)
	if err != nil {
		return Post{}, err
	}
	r, err := s.revision(ctx, s.c.DB, id, p.Version)
	if err != nil {
		return Post{}, err
	}
	var cs []commentRow
	if err := s.c.DB.NewSelect().Model(&cs).Where("post_id = ?", id).OrderExpr("created_at, id").Limit(200).Scan(ctx); err != nil {
		return Post{}, err
	}
	who := []string{p.AuthorID}
	for _, c := range cs {
		who = append(who, c.AuthorID)
	}
	authors, err := s.authors(ctx, who)
	if err != nil {
		return Post{}, err
	}
	out := Post{ID: p.ID, Status: p.Status, Slug: p.Slug, Title: r.Title, Excerpt: r.Excerpt, Body: []byte(r.Body),
		HTML: r.HTML, CategoryID: r.CategoryID, Tags: tagsOf(r.Tags), FeaturedImage: r.FeaturedImage, SEOTitle: r.SEOTitle,
		SEODescription: r.SEODescription, SocialImage: r.SocialImage, ReadingMinutes: r.ReadingMinutes, Version: p.Version,
		LiveRevision: p.LiveRevision, PublishAt: utcp(p.PublishAt), PublishedAt: utcp(p.PublishedAt), Views: p.Views,
		Author: authors[p.AuthorID], Comments: make([]Comment, 0, len(cs)), CreatedAt: p.CreatedAt.UTC(), UpdatedAt: p.UpdatedAt.UTC()}
	for _, c := range cs {
		out.Comments = append(out.Comments, Comment{ID: c.ID, Kind: c.Kind, Body: c.Body, Author: authors[c.AuthorID],
			CreatedAt: c.CreatedAt.UTC()})
	}
	return out, nil
}

// Revisions is the history of writerID's post, newest first (at most 200).
func (s *Service) Revisions(ctx context.Context, writerID, id string) ([]RevisionSummary, error) {
	p, err := s.own(ctx, s.c.DB, writerID, id, false)
	if err != nil {
		return nil, err
	}
	var rs []revisionRow
	if err := s.c.DB.NewSelect().Model(&rs).Column("number", "note", "title", "author_id", "created_at").
		Where("post_id = ?", id).OrderExpr("number DESC").Limit(200).Scan(ctx); err != nil {
		return nil, err
	}
	who := make([]string, 0, len(rs))
	for _, r := range rs {
		who = append(who, r.AuthorID)
	}
	authors, err := s.authors(ctx, who)
	if err != nil {
		return nil, err
	}
	out := make([]RevisionSummary, 0, len(rs))
	for _, r := range rs {
		out = append(out, RevisionSummary{Number: r.Number, Note: r.Note, Title: r.Title,
			Live: p.LiveRevision != nil && *p.LiveRevision == r.Number, Author: authors[r.AuthorID], CreatedAt: r.CreatedAt.UTC()})
	}
	return out, nil
}

// Revision is one revision of writerID's post.
func (s *Service) Revision(ctx context.Context, writerID, id string, number int) (Revision, error) {
	if _, err := s.own(ctx, s.c.DB, writerID, id, false); err != nil {
		return Revision{}, err
	}
	r, err := s.revision(ctx, s.c.DB, id, number)
	if err != nil {
		return Revision{}, err
	}
	authors, err := s.authors(ctx, []string{r.AuthorID})
	if err != nil {
		return Revision{}, err
	}
	doc, _ := ParseBody([]byte(r.Body))
	return Revision{Number: r.Number, Note: r.Note, Slug: r.Slug, Title: r.Title, Excerpt: r.Excerpt, Body: []byte(r.Body),
		Text: Text(doc), ReadingMinutes: r.ReadingMinutes, Author: authors[r.AuthorID], CreatedAt: r.CreatedAt.UTC()}, nil
}
