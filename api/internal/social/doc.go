// Package social is friends and the feed: friend requests (at most one
// pending per pair of people, whichever side asked, decided by a unique
// index on the ordered pair), friendships (a row per side), blocks, privacy
// settings, follows of providers, posts with up to 4 photos, likes, comments
// and reports moderated by admins.
//
// # Tables (migration 0051_social)
//
//	friend_requests       pair_lo/pair_hi (unique: one pending request per pair), from_id, to_id
//	friendships           user_id, friend_id (two rows per friendship)
//	user_blocks           blocker_id, blocked_id
//	social_privacy        who_can_message, who_can_request, posts_audience (defaults when absent)
//	social_follows        follower_id, provider_id
//	social_posts          author, body, audience (public | friends | only_me), status, like/comment counts
//	social_post_photos    up to 4 per post (through platform/images)
//	social_post_likes     one per (post, user)
//	social_post_comments  keyset by (created_at, id)
//	social_post_reports   one per (post, reporter); open | dismissed | removed
//
// # The gate other domains use
//
// NewGate(db) reads only social's tables and is built before messaging and
// video: CanMessage(ctx, from, to) (nil, ErrBlocked, ErrNotAllowed or
// ErrNobodyNew, all 403), Blocked(ctx, a, b) (either direction) and
// AreFriends(ctx, a, b).
package social
