package blog

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// Get is any post, for editors.
func (s *Service) Get(ctx context.Context, id string) (Post, error) { return s.post(ctx, id) }

func commentText(body string) (string, error) {
	body = strings.TrimSpace(body)
	f := apperr.Fields{}
	f.Check(body != "", "body", "is required")
	f.Check(utf8.RuneCountInString(body) <= 4000, "body", "must be at most 4000 characters")
	if body != "" {
		plainField(f, "body", &body, 4000, true)
	}
	return body, f.Err()
}

// Comment adds an editor's note to a post's thread.
func (s *Service) Comment(ctx context.Context, editorID, id, body string) (Post, error) {
	body, err := commentText(body)
	if err != nil {
		return Post{}, err
	}
	if _, err := s.row(ctx, id); err != nil {
		return Post{}, err
	}
	if err := s.comment(ctx, s.c.DB, id, editorID, KindComment, body); err != nil {
		return Post{}, err
	}
	return s.post(ctx, id)
}

func (s *Service) lockRow(ctx context.Context, tx bun.Tx, id string) (*postRow, error) {
	p := new(postRow)
	if err := s.c.DB.ForUpdate(tx.NewSelect().Model(p).Where("id = ?", id)).Scan(ctx); err != nil {
		return nil, ErrNotFound
	}
	return p, nil
}

// RequestChanges sends a post in review back to its writer as a draft,
// with the editor's reason.
func (s *Service) RequestChanges(ctx context.Context, editorID, id, body string) (Post, error) {
	body, err := commentText(body)
	if err != nil {
		return Post{}, err
	}
	if _, err := s.row(ctx, id); err != nil {
		return Post{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.lockRow(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.Status != StatusInReview && p.Status != StatusScheduled {
			return errNotInReview
		}
		if _, err := tx.NewUpdate().Model((*postRow)(nil)).Set("status = ?", StatusDraft).Set("publish_at = NULL").
			Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		return s.comment(ctx, tx, id, editorID, KindChangesRequested, body)
	})
	if err != nil {
		return Post{}, err
	}
	return s.post(ctx, id)
}

// Approve approves the revision in review (which must still be version):
// published now when at is nil, else scheduled for at by a blog.publish
// job inserted in this transaction.
func (s *Service) Approve(ctx context.Context, editorID, id string, version int, at *time.Time) (Post, error) {
	if _, err := s.row(ctx, id); err != nil {
		return Post{}, err
	}
	now := s.now()
	if at != nil && !at.After(now) {
		return Post{}, errPastSchedule
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.lockRow(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.Status != StatusInReview {
			return errNotInReview
		}
		if version != p.Version {
			return errVersion
		}
		if at == nil {
			note := "Approved and published revision " + itoa(p.Version)
			if err := s.comment(ctx, tx, id, editorID, KindApproved, note); err != nil {
				return err
			}
			return s.publishTx(ctx, tx, p, now)
		}
		t := at.UTC()
		if _, err := tx.NewUpdate().Model((*postRow)(nil)).Set("status = ?", StatusScheduled).Set("publish_at = ?", t).
			Set("updated_at = ?", now).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		if err := s.comment(ctx, tx, id, editorID, KindApproved,
			"Approved revision "+itoa(p.Version)+" to publish at "+t.Format(time.RFC3339)); err != nil {
			return err
		}
		_, err = s.c.Jobs.InsertTx(ctx, tx, PublishJob{PostID: id, Version: p.Version}, &river.InsertOpts{ScheduledAt: t})
		return err
	})
	if err != nil {
		return Post{}, err
	}
	s.head.clear()
	return s.post(ctx, id)
}

func (s *Service) publishTx(ctx context.Context, tx bun.Tx, p *postRow, now time.Time) error {
	q := tx.NewUpdate().Model((*postRow)(nil)).Set("status = ?", StatusPublished).Set("live_revision = ?", p.Version).
		Set("publish_at = NULL").Set("updated_at = ?", now).Where("id = ?", p.ID)
	if p.PublishedAt == nil {
		q = q.Set("published_at = ?", now)
	}
	_, err := q.Exec(ctx)
	return err
}

// PublishDue publishes a scheduled post when its time has come: the post
// must still be scheduled at version (an edit or a request for changes
// since makes the job a no-op). Early by the clock, it answers how long to
// wait.
func (s *Service) PublishDue(ctx context.Context, id string, version int) (time.Duration, error) {
	var early time.Duration
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.lockRow(ctx, tx, id)
		if err != nil {
			return nil // deleted: nothing to do
		}
		if p.Status != StatusScheduled || p.Version != version || p.PublishAt == nil {
			return nil
		}
		now := s.now()
		if wait := p.PublishAt.Sub(now); wait > 0 {
			early = wait
			return nil
		}
		return s.publishTx(ctx, tx, p, now)
	})
	s.head.clear()
	return early, err
}

// Unpublish takes a post off the blog; its writer may edit and submit it
// again.
func (s *Service) Unpublish(ctx context.Context, editorID, id, reason string) (Post, error) {
	if _, err := s.row(ctx, id); err != nil {
		return Post{}, err
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		reason = "Unpublished"
	} else if _, err := commentText(reason); err != nil {
		return Post{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		p, err := s.lockRow(ctx, tx, id)
		if err != nil {
			return err
		}
		if p.LiveRevision == nil && p.Status != StatusScheduled {
			return errNotLive
		}
		if _, err := tx.NewUpdate().Model((*postRow)(nil)).Set("status = ?", StatusUnpublished).Set("live_revision = NULL").
			Set("publish_at = NULL").Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx); err != nil {
			return err
		}
		return s.comment(ctx, tx, id, editorID, KindUnpublished, reason)
	})
	if err != nil {
		return Post{}, err
	}
	s.head.clear()
	return s.post(ctx, id)
}
