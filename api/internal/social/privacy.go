package social

import (
	"context"

	"sojourn/api/internal/platform/apperr"
)

// GetPrivacy answers the caller's settings (the defaults until they change one).
func (s *Service) GetPrivacy(ctx context.Context, userID string) (Privacy, error) {
	return privacyOf(ctx, s.c.DB.DB, userID)
}

// SetPrivacy replaces the caller's settings.
func (s *Service) SetPrivacy(ctx context.Context, userID string, in Privacy) (Privacy, error) {
	f := apperr.Fields{}
	f.Check(messageValues[in.WhoCanMessage], "who_can_message", "must be everyone, friends or nobody")
	f.Check(requestValues[in.WhoCanRequest], "who_can_request", "must be everyone, friends_of_friends or nobody")
	f.Check(audienceValues[in.PostsAudience], "posts_audience", "must be public, friends or only_me")
	if err := f.Err(); err != nil {
		return Privacy{}, err
	}
	_, err := s.c.DB.NewRaw(`INSERT INTO social_privacy (user_id, who_can_message, who_can_request, posts_audience, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET who_can_message = EXCLUDED.who_can_message,
		who_can_request = EXCLUDED.who_can_request, posts_audience = EXCLUDED.posts_audience, updated_at = EXCLUDED.updated_at`,
		userID, in.WhoCanMessage, in.WhoCanRequest, in.PostsAudience, s.c.Clock.Now()).Exec(ctx)
	if err != nil {
		return Privacy{}, err
	}
	return in, nil
}
