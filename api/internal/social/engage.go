package social

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// Like records the caller's like of a post they may see: one per person (a
// second like changes nothing), the count moved by the same transaction that
// inserted the like, so parallel likes count exactly.
func (s *Service) Like(ctx context.Context, userID, postID string) (LikeResult, error) {
	r, err := s.visible(ctx, userID, postID)
	if err != nil {
		return LikeResult{}, err
	}
	ps, err := s.people(ctx, []string{userID})
	if err != nil {
		return LikeResult{}, err
	}
	var out LikeResult
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := affected(tx.NewRaw(`INSERT INTO social_post_likes (post_id, user_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (post_id, user_id) DO NOTHING`, postID, userID, s.c.Clock.Now()).Exec(ctx))
		if err != nil {
			return err
		}
		if n == 1 {
			if _, err := tx.NewRaw(`UPDATE social_posts SET like_count = like_count + 1 WHERE id = ?`, postID).Exec(ctx); err != nil {
				return err
			}
			if r.AuthorID != userID {
				if err := s.c.Events.Emit(ctx, tx, events.Event{Type: "post.liked", Category: events.CategorySocial,
					Recipients: []string{r.AuthorID}, Actor: userID, Title: ps[userID].DisplayName + " liked your post",
					Body: excerpt(r.Body), Link: "/feed?post=" + postID, Subject: events.Ref{Type: "post", ID: postID},
					GroupKey: "post:" + postID + ":likes"}); err != nil {
					return err
				}
			}
		}
		return tx.NewRaw(`SELECT like_count FROM social_posts WHERE id = ?`, postID).Scan(ctx, &out.LikeCount)
	})
	out.LikedByMe = true
	return out, err
}

// Unlike withdraws the caller's like (nothing happens when there was none).
func (s *Service) Unlike(ctx context.Context, userID, postID string) (LikeResult, error) {
	if _, err := s.visible(ctx, userID, postID); err != nil {
		return LikeResult{}, err
	}
	var out LikeResult
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := affected(tx.NewDelete().Table("social_post_likes").Where("post_id = ? AND user_id = ?", postID, userID).Exec(ctx))
		if err != nil {
			return err
		}
		if n == 1 {
			if _, err := tx.NewRaw(`UPDATE social_posts SET like_count = like_count - 1 WHERE id = ?`, postID).Exec(ctx); err != nil {
				return err
			}
		}
		return tx.NewRaw(`SELECT like_count FROM social_posts WHERE id = ?`, postID).Scan(ctx, &out.LikeCount)
	})
	return out, err
}

func excerpt(s string) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return string(r)
}

// Comments lists a visible post's comments, newest first (keyset).
func (s *Service) Comments(ctx context.Context, userID, postID string, c page.Cursor) ([]Comment, *page.Key, error) {
	if _, err := s.visible(ctx, userID, postID); err != nil {
		return nil, nil, err
	}
	var rows []commentRow
	q := s.c.DB.NewSelect().Model(&rows).Where("post_id = ?", postID)
	if err := seek(q, "created_at", "id", c).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r commentRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.commentDTOs(ctx, userID, rows)
	return out, next, err
}

func (s *Service) commentDTOs(ctx context.Context, userID string, rows []commentRow) ([]Comment, error) {
	ps, err := s.people(ctx, keysOf(rows, func(r commentRow) string { return r.AuthorID }))
	if err != nil {
		return nil, err
	}
	out := make([]Comment, 0, len(rows))
	for _, r := range rows {
		if a, ok := ps[r.AuthorID]; ok {
			out = append(out, Comment{ID: r.ID, PostID: r.PostID, Author: a, Body: r.Body, Mine: r.AuthorID == userID,
				CreatedAt: r.CreatedAt})
		}
	}
	return out, nil
}

// AddComment comments (1 to 1,000 characters) on a post the caller may see.
func (s *Service) AddComment(ctx context.Context, userID, postID string, in CommentInput) (Comment, error) {
	fields := apperr.Fields{}
	checkText(fields, "body", in.Body, MaxCommentBody)
	if err := fields.Err(); err != nil {
		return Comment{}, err
	}
	r, err := s.visible(ctx, userID, postID)
	if err != nil {
		return Comment{}, err
	}
	ps, err := s.people(ctx, []string{userID})
	if err != nil {
		return Comment{}, err
	}
	row := &commentRow{ID: ids.New(), PostID: postID, AuthorID: userID, Body: strings.TrimSpace(in.Body),
		CreatedAt: s.c.Clock.Now()}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		if _, err := tx.NewRaw(`UPDATE social_posts SET comment_count = comment_count + 1 WHERE id = ?`, postID).Exec(ctx); err != nil {
			return err
		}
		if r.AuthorID == userID {
			return nil
		}
		return s.c.Events.Emit(ctx, tx, events.Event{Type: "post.commented", Category: events.CategorySocial,
			Recipients: []string{r.AuthorID}, Actor: userID, Title: ps[userID].DisplayName + " commented on your post",
			Body: excerpt(row.Body), Link: "/feed?post=" + postID, Subject: events.Ref{Type: "post", ID: postID},
			GroupKey: "post:" + postID + ":comments"})
	})
	if err != nil {
		return Comment{}, err
	}
	return Comment{ID: row.ID, PostID: postID, Author: ps[userID], Body: row.Body, Mine: true, CreatedAt: row.CreatedAt}, nil
}

// DeleteComment deletes a comment by its author or by the post's author.
func (s *Service) DeleteComment(ctx context.Context, userID, id string) error {
	row := new(commentRow)
	if len(id) > 64 || s.c.DB.NewSelect().Model(row).Where("id = ?", id).Scan(ctx) != nil {
		return errCommentNotFound
	}
	if row.AuthorID != userID {
		p, err := s.getPost(ctx, row.PostID)
		if err != nil || p.AuthorID != userID {
			return errCommentNotFound
		}
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := affected(tx.NewDelete().Table("social_post_comments").Where("id = ?", id).Exec(ctx))
		if err != nil {
			return err
		}
		if n == 0 {
			return errCommentNotFound
		}
		_, err = tx.NewRaw(`UPDATE social_posts SET comment_count = comment_count - 1 WHERE id = ?`, row.PostID).Exec(ctx)
		return err
	})
}

// ReportPost reports a post the caller may see (not their own), once.
func (s *Service) ReportPost(ctx context.Context, userID, postID string, in ReportInput) error {
	fields := apperr.Fields{}
	checkText(fields, "reason", in.Reason, MaxReason)
	if err := fields.Err(); err != nil {
		return err
	}
	r, err := s.visible(ctx, userID, postID)
	if err != nil {
		return err
	}
	if r.AuthorID == userID {
		return errSelf
	}
	n, err := affected(s.c.DB.NewRaw(`INSERT INTO social_post_reports (id, post_id, reporter_id, reason, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (post_id, reporter_id) DO NOTHING`,
		ids.New(), postID, userID, strings.TrimSpace(in.Reason), reportOpen, s.c.Clock.Now()).Exec(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return errReportedTwice
	}
	return nil
}
