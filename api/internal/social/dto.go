package social

import "time"

// Person is someone as social shows them.
type Person struct {
	ID          string `json:"id"`
	Username    string `json:"username"`
	DisplayName string `json:"display_name"`
	AvatarURL   string `json:"avatar_url"`
	IsProvider  bool   `json:"is_provider"`
}

// FriendRequest is a pending request, seen by either side.
type FriendRequest struct {
	ID        string    `json:"id"`
	From      Person    `json:"from"`
	To        Person    `json:"to"`
	CreatedAt time.Time `json:"created_at"`
}

// RequestResult is what asking someone to be friends did: "pending" (the
// request waits for them) or "friends" (they had asked you: now you are).
type RequestResult struct {
	Status  string         `json:"status"`
	Request *FriendRequest `json:"request,omitempty"`
	Friend  *Person        `json:"friend,omitempty"`
}

// Friend is one of a person's friends.
type Friend struct {
	Person Person    `json:"person"`
	Since  time.Time `json:"since"`
}

// Blocked is someone the caller blocked.
type Blocked struct {
	Person    Person    `json:"person"`
	BlockedAt time.Time `json:"blocked_at"`
}

// Follow is a provider the caller follows.
type Follow struct {
	Provider Person    `json:"provider"`
	Since    time.Time `json:"since"`
}

// Suggestion is someone the caller may know, with why.
type Suggestion struct {
	Person        Person   `json:"person"`
	MutualFriends int      `json:"mutual_friends"`
	Reasons       []string `json:"reasons"`
}

// Relation is where the caller stands with another person.
type Relation struct {
	Person Person `json:"person"`
	// Status is self | friends | request_sent | request_received | blocked | blocked_by | none.
	Status    string `json:"status"`
	RequestID string `json:"request_id,omitempty"`
	Following bool   `json:"following"`
	CanFollow bool   `json:"can_follow"`
}

// FriendInput names a person to ask, block or follow.
type FriendInput struct {
	UserID string `json:"user_id"`
}

// FollowInput names a provider to follow.
type FollowInput struct {
	ProviderID string `json:"provider_id"`
}

// Photo is one of a post's photos.
type Photo struct {
	URL      string `json:"url"`
	ThumbURL string `json:"thumb_url"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
}

// Post is a post as its viewer sees it.
type Post struct {
	ID           string    `json:"id"`
	Author       Person    `json:"author"`
	Body         string    `json:"body"`
	Audience     string    `json:"audience"`
	Photos       []Photo   `json:"photos"`
	LikeCount    int       `json:"like_count"`
	CommentCount int       `json:"comment_count"`
	LikedByMe    bool      `json:"liked_by_me"`
	Mine         bool      `json:"mine"`
	CreatedAt    time.Time `json:"created_at"`
}

// PostInput is a new post. Audience defaults to the author's posts_audience setting.
type PostInput struct {
	Body     string `json:"body"`
	Audience string `json:"audience"`
}

// Comment is a comment on a post.
type Comment struct {
	ID        string    `json:"id"`
	PostID    string    `json:"post_id"`
	Author    Person    `json:"author"`
	Body      string    `json:"body"`
	Mine      bool      `json:"mine"`
	CreatedAt time.Time `json:"created_at"`
}

// CommentInput is a new comment.
type CommentInput struct {
	Body string `json:"body"`
}

// LikeResult is a post's like state after a like or unlike.
type LikeResult struct {
	LikeCount int  `json:"like_count"`
	LikedByMe bool `json:"liked_by_me"`
}

// ReportInput reports a post.
type ReportInput struct {
	Reason string `json:"reason"`
}

// Report is a report as admins see it.
type Report struct {
	ID        string     `json:"id"`
	Post      Post       `json:"post"`
	Reporter  Person     `json:"reporter"`
	Reason    string     `json:"reason"`
	Status    string     `json:"status"`
	DecidedAt *time.Time `json:"decided_at"`
	CreatedAt time.Time  `json:"created_at"`
}
