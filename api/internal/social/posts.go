package social

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/page"
)

// Bounds of posts and their photos.
const (
	MaxPostBody    = 2000
	MaxPhotos      = 4
	MaxPhotoBytes  = 8 << 20
	PhotoWindow    = 15 * time.Minute // photos may be added this long after posting
	MaxCommentBody = 1000
	MaxReason      = 500
)

var (
	errPhotoMissing   = apperr.Validation(map[string]string{"file": "is required"})
	errPhotoTooLarge  = apperr.New(apperr.CodePayloadTooLarge, "A photo may be at most 8 MB.")
	errPhotoNotImage  = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image"})
	errPhotoPixels    = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errPhotoMultipart = apperr.New(apperr.CodeUnsupportedMedia, "Send the photo as multipart/form-data in the field file.")
	errTooManyPhotos  = apperr.Conflict("A post has at most 4 photos.")
	errPhotosClosed   = apperr.Conflict("Photos may be added only in the 15 minutes after posting.")
)

var (
	photoLarge = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}
	photoThumb = images.Limits{MaxPixels: 1600 * 1600, MaxSide: 480}
)

func checkText(f apperr.Fields, field, s string, max int) {
	f.Check(strings.TrimSpace(s) != "", field, "is required")
	f.Check(utf8.RuneCountInString(s) <= max, field, "is too long")
}

// CreatePost writes the caller's post: text (1 to 2,000 characters) for the
// audience named, or the caller's posts_audience setting. Photos follow with AddPhoto.
func (s *Service) CreatePost(ctx context.Context, userID string, in PostInput) (Post, error) {
	f := apperr.Fields{}
	checkText(f, "body", in.Body, MaxPostBody)
	f.Check(in.Audience == "" || audienceValues[in.Audience], "audience", "must be public, friends or only_me")
	if err := f.Err(); err != nil {
		return Post{}, err
	}
	if in.Audience == "" {
		p, err := privacyOf(ctx, s.c.DB.DB, userID)
		if err != nil {
			return Post{}, err
		}
		in.Audience = p.PostsAudience
	}
	now := s.c.Clock.Now()
	r := &postRow{ID: ids.New(), AuthorID: userID, Body: strings.TrimSpace(in.Body), Audience: in.Audience,
		Status: postVisible, CreatedAt: now, UpdatedAt: now}
	if _, err := s.c.DB.NewInsert().Model(r).Exec(ctx); err != nil {
		return Post{}, err
	}
	out, err := s.postDTOs(ctx, userID, []postRow{*r})
	if err != nil {
		return Post{}, err
	}
	s.announce(ctx, r)
	return out[0], nil
}

// EventFeedPost tells a connected reader that a new post is in their feed.
const EventFeedPost = "feed.post"

// feedPushLimit bounds one post's live announcement per audience (friends,
// followers); readers beyond it see the post on their next read, as everyone
// offline does (the feed is fanned out on read, see docs/architecture.md).
const feedPushLimit = 5000

// announce pushes "feed.post" (the post's and its author's ids, nothing of
// its text) to the author's friends and, for a public post, their
// followers, minus anyone a block separates from the author, so an open feed
// can offer the new post at once. A failed push is logged, never fatal.
func (s *Service) announce(ctx context.Context, r *postRow) {
	if r.Audience == AudienceOnlyMe {
		return
	}
	var audience []string
	q := s.c.DB.NewSelect().TableExpr("friendships").Column("friend_id").Where("user_id = ?", r.AuthorID).
		OrderExpr("friend_id").Limit(feedPushLimit)
	if err := q.Scan(ctx, &audience); err != nil {
		s.c.Log.Warn("social: feed audience", "error", err.Error())
		return
	}
	if r.Audience == AudiencePublic {
		var followers []string
		q := s.c.DB.NewSelect().TableExpr("social_follows").Column("follower_id").Where("provider_id = ?", r.AuthorID).
			Where("follower_id NOT IN (SELECT blocked_id FROM user_blocks WHERE blocker_id = ?)", r.AuthorID).
			Where("follower_id NOT IN (SELECT blocker_id FROM user_blocks WHERE blocked_id = ?)", r.AuthorID).
			OrderExpr("follower_id").Limit(feedPushLimit)
		if err := q.Scan(ctx, &followers); err != nil {
			s.c.Log.Warn("social: feed audience", "error", err.Error())
			return
		}
		seen := make(map[string]bool, len(audience))
		for _, id := range audience {
			seen[id] = true
		}
		for _, id := range followers {
			if !seen[id] {
				audience = append(audience, id)
			}
		}
	}
	if len(audience) > 0 {
		s.publish(ctx, audience, EventFeedPost, map[string]string{"post_id": r.ID, "author_id": r.AuthorID})
	}
}

// AddPhoto adds a photo (at most 8 MB and 40 megapixels, re-encoded in two
// sizes through platform/images) to the caller's post, in the 15 minutes
// after posting; at most 4.
func (s *Service) AddPhoto(ctx context.Context, userID, postID string, data []byte) (Post, error) {
	r, err := s.getPost(ctx, postID)
	if err != nil || r.AuthorID != userID || r.Status != postVisible {
		return Post{}, errPostNotFound
	}
	if s.c.Clock.Now().Sub(r.CreatedAt) > PhotoWindow {
		return Post{}, errPhotosClosed
	}
	if len(data) > MaxPhotoBytes {
		return Post{}, errPhotoTooLarge
	}
	large, err := s.c.Images.Reencode(ctx, data, photoLarge)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Post{}, errPhotoNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Post{}, errPhotoPixels
	case err != nil:
		return Post{}, err
	}
	thumb, err := s.c.Images.Reencode(ctx, large.Data, photoThumb)
	if err != nil {
		return Post{}, err
	}
	pid := ids.New()
	base := "social/posts/" + postID + "/" + pid
	url, err := s.c.Storage.Put(ctx, base+"."+large.Ext, large.Data)
	if err != nil {
		return Post{}, err
	}
	turl, err := s.c.Storage.Put(ctx, base+"-s."+thumb.Ext, thumb.Data)
	if err != nil {
		s.deleteFiles(ctx, url)
		return Post{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		// Lock the post (PostgreSQL) so parallel uploads count one after the other.
		if _, err := tx.NewUpdate().Table("social_posts").Set("updated_at = ?", s.c.Clock.Now()).
			Where("id = ?", postID).Exec(ctx); err != nil {
			return err
		}
		n, err := tx.NewSelect().Table("social_post_photos").Where("post_id = ?", postID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= MaxPhotos {
			return errTooManyPhotos
		}
		_, err = tx.NewInsert().Model(&photoRow{ID: pid, PostID: postID, Position: int(n), URL: url, ThumbURL: turl,
			Width: large.Width, Height: large.Height, CreatedAt: s.c.Clock.Now()}).Exec(ctx)
		return err
	})
	if err != nil {
		s.deleteFiles(ctx, url, turl)
		return Post{}, err
	}
	return s.GetPost(ctx, userID, postID)
}

func (s *Service) deleteFiles(ctx context.Context, urls ...string) {
	for _, u := range urls {
		if key, ok := s.c.Storage.KeyFromURL(u); ok {
			if err := s.c.Storage.Delete(ctx, key); err != nil {
				s.c.Log.Warn("social: delete photo", "key", key, "error", err.Error())
			}
		}
	}
}

func (s *Service) getPost(ctx context.Context, id string) (*postRow, error) {
	if id == "" || len(id) > 64 {
		return nil, errPostNotFound
	}
	r := new(postRow)
	if err := s.c.DB.NewSelect().Model(r).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, errPostNotFound
	}
	return r, nil
}

// visible answers the post id if viewerID may see it, else errPostNotFound:
// the author always; nobody a removed post; nobody across a block; only the
// author an only_me post; friends a friends post; any signed-in person a public one.
func (s *Service) visible(ctx context.Context, viewerID, id string) (*postRow, error) {
	r, err := s.getPost(ctx, id)
	if err != nil {
		return nil, err
	}
	if r.AuthorID == viewerID && r.Status == postVisible {
		return r, nil
	}
	if r.Status != postVisible || r.Audience == AudienceOnlyMe {
		return nil, errPostNotFound
	}
	if b, err := blocked(ctx, s.c.DB.DB, viewerID, r.AuthorID); err != nil {
		return nil, err
	} else if b {
		return nil, errPostNotFound
	}
	if r.Audience == AudienceFriends {
		f, err := areFriends(ctx, s.c.DB.DB, viewerID, r.AuthorID)
		if err != nil {
			return nil, err
		}
		if !f {
			return nil, errPostNotFound
		}
	}
	return r, nil
}

// GetPost answers one post the caller may see (404 otherwise).
func (s *Service) GetPost(ctx context.Context, viewerID, id string) (Post, error) {
	r, err := s.visible(ctx, viewerID, id)
	if err != nil {
		return Post{}, err
	}
	out, err := s.postDTOs(ctx, viewerID, []postRow{*r})
	if err != nil {
		return Post{}, err
	}
	return out[0], nil
}

// DeletePost deletes the caller's post with its photos, likes and comments.
func (s *Service) DeletePost(ctx context.Context, userID, id string) error {
	r, err := s.getPost(ctx, id)
	if err != nil || r.AuthorID != userID {
		return errPostNotFound
	}
	var photos []photoRow
	if err := s.c.DB.NewSelect().Model(&photos).Where("post_id = ?", id).Scan(ctx); err != nil {
		return err
	}
	n, err := affected(s.c.DB.NewDelete().Table("social_posts").Where("id = ? AND author_id = ?", id, userID).Exec(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return errPostNotFound
	}
	for _, p := range photos {
		s.deleteFiles(ctx, p.URL, p.ThumbURL)
	}
	return nil
}

// Feed is the caller's feed, newest first (keyset on (created_at, id)):
// their own posts, their friends' public and friends posts, and the public
// posts of the providers they follow, without anyone a block separates from
// them. Fan-out on read (docs/architecture.md, "The feed").
func (s *Service) Feed(ctx context.Context, userID string, c page.Cursor) ([]Post, *page.Key, error) {
	var rows []postRow
	q := s.c.DB.NewSelect().Model(&rows).Where("status = ?", postVisible).
		WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("author_id = ?", userID).
				WhereOr("audience IN (?, ?) AND author_id IN (SELECT friend_id FROM friendships WHERE user_id = ?)",
					AudiencePublic, AudienceFriends, userID).
				WhereOr("audience = ? AND author_id IN (SELECT provider_id FROM social_follows WHERE follower_id = ?)",
					AudiencePublic, userID)
		}).
		Where(`NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = ? AND b.blocked_id = p.author_id)
			OR (b.blocker_id = p.author_id AND b.blocked_id = ?))`, userID, userID)
	if err := seek(q, "created_at", "id", c).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r postRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.postDTOs(ctx, userID, rows)
	return out, next, err
}

// PostsOf lists authorID's posts the caller may see, newest first (keyset):
// all of them for the author, public and friends ones for a friend, public
// ones for anyone else; 404 across a block.
func (s *Service) PostsOf(ctx context.Context, viewerID, authorID string, c page.Cursor) ([]Post, *page.Key, error) {
	if _, err := s.activePerson(ctx, authorID); err != nil {
		return nil, nil, err
	}
	audiences := []string{AudiencePublic, AudienceFriends, AudienceOnlyMe}
	if viewerID != authorID {
		if b, err := blocked(ctx, s.c.DB.DB, viewerID, authorID); err != nil {
			return nil, nil, err
		} else if b {
			return nil, nil, errPersonNotFound
		}
		f, err := areFriends(ctx, s.c.DB.DB, viewerID, authorID)
		if err != nil {
			return nil, nil, err
		}
		audiences = []string{AudiencePublic}
		if f {
			audiences = append(audiences, AudienceFriends)
		}
	}
	var rows []postRow
	q := s.c.DB.NewSelect().Model(&rows).Where("author_id = ? AND status = ?", authorID, postVisible).
		Where("audience IN (?)", bun.In(audiences))
	if err := seek(q, "created_at", "id", c).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r postRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.postDTOs(ctx, viewerID, rows)
	return out, next, err
}

// postDTOs makes posts with their authors, photos and the viewer's likes in three queries.
func (s *Service) postDTOs(ctx context.Context, viewerID string, rows []postRow) ([]Post, error) {
	out := make([]Post, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	postIDs := keysOf(rows, func(r postRow) string { return r.ID })
	ps, err := s.people(ctx, keysOf(rows, func(r postRow) string { return r.AuthorID }))
	if err != nil {
		return nil, err
	}
	var photos []photoRow
	if err := s.c.DB.NewSelect().Model(&photos).Where("post_id IN (?)", bun.In(postIDs)).
		Order("post_id", "position").Scan(ctx); err != nil {
		return nil, err
	}
	byPost := map[string][]Photo{}
	for _, p := range photos {
		byPost[p.PostID] = append(byPost[p.PostID], Photo{URL: p.URL, ThumbURL: p.ThumbURL, Width: p.Width, Height: p.Height})
	}
	var liked []string
	if err := s.c.DB.NewSelect().Table("social_post_likes").Column("post_id").
		Where("user_id = ? AND post_id IN (?)", viewerID, bun.In(postIDs)).Scan(ctx, &liked); err != nil {
		return nil, err
	}
	likedSet := map[string]bool{}
	for _, id := range liked {
		likedSet[id] = true
	}
	for _, r := range rows {
		a, ok := ps[r.AuthorID]
		if !ok {
			continue
		}
		ph := byPost[r.ID]
		if ph == nil {
			ph = []Photo{}
		}
		out = append(out, Post{ID: r.ID, Author: a, Body: r.Body, Audience: r.Audience, Photos: ph,
			LikeCount: r.LikeCount, CommentCount: r.CommentCount, LikedByMe: likedSet[r.ID],
			Mine: r.AuthorID == viewerID, CreatedAt: r.CreatedAt})
	}
	return out, nil
}
