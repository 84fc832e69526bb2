package social

import (
	"time"

	"github.com/uptrace/bun"
)

// Privacy is a person's social settings.
type Privacy struct {
	WhoCanMessage string `json:"who_can_message"` // everyone | friends | nobody (nobody new)
	WhoCanRequest string `json:"who_can_request"` // everyone | friends_of_friends | nobody
	PostsAudience string `json:"posts_audience"`  // public | friends | only_me: the audience of new posts
}

// Request privacy values (social_privacy.who_can_request).
const (
	RequestEveryone         = "everyone"
	RequestFriendsOfFriends = "friends_of_friends"
	RequestNobody           = "nobody"
)

// Post audiences.
const (
	AudiencePublic  = "public"
	AudienceFriends = "friends"
	AudienceOnlyMe  = "only_me"
)

// DefaultPrivacy is what a person who never changed a setting has.
var DefaultPrivacy = Privacy{WhoCanMessage: MessageEveryone, WhoCanRequest: RequestEveryone, PostsAudience: AudienceFriends}

var (
	messageValues  = map[string]bool{MessageEveryone: true, MessageFriends: true, MessageNobodyNew: true}
	requestValues  = map[string]bool{RequestEveryone: true, RequestFriendsOfFriends: true, RequestNobody: true}
	audienceValues = map[string]bool{AudiencePublic: true, AudienceFriends: true, AudienceOnlyMe: true}
)

type privacyRow struct {
	bun.BaseModel `bun:"table:social_privacy"`
	UserID        string    `bun:"user_id,pk"`
	WhoCanMessage string    `bun:"who_can_message"`
	WhoCanRequest string    `bun:"who_can_request"`
	PostsAudience string    `bun:"posts_audience"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type requestRow struct {
	bun.BaseModel `bun:"table:friend_requests"`
	ID            string    `bun:"id,pk"`
	PairLo        string    `bun:"pair_lo"`
	PairHi        string    `bun:"pair_hi"`
	FromID        string    `bun:"from_id"`
	ToID          string    `bun:"to_id"`
	CreatedAt     time.Time `bun:"created_at"`
}

type friendshipRow struct {
	bun.BaseModel `bun:"table:friendships"`
	UserID        string    `bun:"user_id,pk"`
	FriendID      string    `bun:"friend_id,pk"`
	CreatedAt     time.Time `bun:"created_at"`
}

type blockRow struct {
	bun.BaseModel `bun:"table:user_blocks"`
	BlockerID     string    `bun:"blocker_id,pk"`
	BlockedID     string    `bun:"blocked_id,pk"`
	CreatedAt     time.Time `bun:"created_at"`
}

type followRow struct {
	bun.BaseModel `bun:"table:social_follows"`
	FollowerID    string    `bun:"follower_id,pk"`
	ProviderID    string    `bun:"provider_id,pk"`
	CreatedAt     time.Time `bun:"created_at"`
}

// Post states.
const (
	postVisible = "visible"
	postRemoved = "removed"
)

type postRow struct {
	bun.BaseModel `bun:"table:social_posts,alias:p"`
	ID            string    `bun:"id,pk"`
	AuthorID      string    `bun:"author_id"`
	Body          string    `bun:"body"`
	Audience      string    `bun:"audience"`
	Status        string    `bun:"status"`
	LikeCount     int       `bun:"like_count"`
	CommentCount  int       `bun:"comment_count"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type photoRow struct {
	bun.BaseModel `bun:"table:social_post_photos"`
	ID            string    `bun:"id,pk"`
	PostID        string    `bun:"post_id"`
	Position      int       `bun:"position"`
	URL           string    `bun:"url"`
	ThumbURL      string    `bun:"thumb_url"`
	Width         int       `bun:"width"`
	Height        int       `bun:"height"`
	CreatedAt     time.Time `bun:"created_at"`
}

type commentRow struct {
	bun.BaseModel `bun:"table:social_post_comments"`
	ID            string    `bun:"id,pk"`
	PostID        string    `bun:"post_id"`
	AuthorID      string    `bun:"author_id"`
	Body          string    `bun:"body"`
	CreatedAt     time.Time `bun:"created_at"`
}

// Report states.
const (
	reportOpen      = "open"
	reportDismissed = "dismissed"
	reportRemoved   = "removed"
)

type reportRow struct {
	bun.BaseModel `bun:"table:social_post_reports"`
	ID            string     `bun:"id,pk"`
	PostID        string     `bun:"post_id"`
	ReporterID    string     `bun:"reporter_id"`
	Reason        string     `bun:"reason"`
	Status        string     `bun:"status"`
	DecidedBy     *string    `bun:"decided_by"`
	DecidedAt     *time.Time `bun:"decided_at"`
	CreatedAt     time.Time  `bun:"created_at"`
}
