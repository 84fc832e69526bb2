package social

import (
	"context"

	"sojourn/api/internal/platform/page"
)

// Follow makes the caller follow a provider (a person with a provider role);
// their public posts then reach the caller's feed. Following twice is fine;
// a block either way is 403.
func (s *Service) Follow(ctx context.Context, userID string, in FollowInput) (Follow, error) {
	if in.ProviderID == userID {
		return Follow{}, errSelf
	}
	p, err := s.activePerson(ctx, in.ProviderID)
	if err != nil || !isProvider(p) {
		return Follow{}, errProviderNotFound
	}
	if b, err := blocked(ctx, s.c.DB.DB, userID, p.ID); err != nil {
		return Follow{}, err
	} else if b {
		return Follow{}, ErrBlocked
	}
	now := s.c.Clock.Now()
	if _, err := s.c.DB.NewRaw(`INSERT INTO social_follows (follower_id, provider_id, created_at) VALUES (?, ?, ?)
		ON CONFLICT (follower_id, provider_id) DO NOTHING`, userID, p.ID, now).Exec(ctx); err != nil {
		return Follow{}, err
	}
	return Follow{Provider: toPerson(p), Since: now}, nil
}

// Unfollow stops following a provider (404 when the caller did not follow them).
func (s *Service) Unfollow(ctx context.Context, userID, providerID string) error {
	n, err := affected(s.c.DB.NewDelete().Table("social_follows").
		Where("follower_id = ? AND provider_id = ?", userID, providerID).Exec(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return errProviderNotFound
	}
	return nil
}

// Follows lists the providers the caller follows, newest first (keyset).
func (s *Service) Follows(ctx context.Context, userID string, c page.Cursor) ([]Follow, *page.Key, error) {
	rows, err := s.st.follows(ctx, userID, c)
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r followRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ProviderID} })
	ps, err := s.people(ctx, keysOf(rows, func(r followRow) string { return r.ProviderID }))
	if err != nil {
		return nil, nil, err
	}
	out := make([]Follow, 0, len(rows))
	for _, r := range rows {
		if p, ok := ps[r.ProviderID]; ok {
			out = append(out, Follow{Provider: p, Since: r.CreatedAt})
		}
	}
	return out, next, nil
}

// SuggestedProviders answers up to 10 providers with recent public posts the
// caller does not follow yet (the feed's "Providers to follow").
func (s *Service) SuggestedProviders(ctx context.Context, userID string) ([]Person, error) {
	var authors []string
	err := s.c.DB.NewRaw(`SELECT author_id FROM social_posts p
		WHERE p.audience = ? AND p.status = ? AND p.author_id <> ?
		  AND NOT EXISTS (SELECT 1 FROM social_follows f WHERE f.follower_id = ? AND f.provider_id = p.author_id)
		  AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = ? AND b.blocked_id = p.author_id)
		                  OR (b.blocker_id = p.author_id AND b.blocked_id = ?))
		GROUP BY author_id ORDER BY MAX(created_at) DESC LIMIT 40`,
		AudiencePublic, postVisible, userID, userID, userID, userID).Scan(ctx, &authors)
	if err != nil {
		return nil, err
	}
	found, err := s.c.Directory.Lookup(ctx, authors)
	if err != nil {
		return nil, err
	}
	out := []Person{}
	for _, id := range authors {
		if p, ok := found[id]; ok && isProvider(p) && p.Status == "active" {
			out = append(out, toPerson(p))
			if len(out) == 10 {
				break
			}
		}
	}
	return out, nil
}
