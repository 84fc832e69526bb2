package messaging

import "time"

// Person is how messaging shows someone: display name and avatar only (no
// email or phone ever leaves through messaging), with presence.
type Person struct {
	ID          string     `json:"id"`
	DisplayName string     `json:"display_name"`
	AvatarURL   string     `json:"avatar_url"`
	Online      bool       `json:"online"`
	LastSeen    *time.Time `json:"last_seen"`
}

// Member is a person in a conversation with their receipt.
type Member struct {
	Person
	Role string `json:"role"`
	// ReadUpTo is the last message number the member lets others know they
	// read (0 when none, or when they turned receipts off).
	ReadUpTo int64 `json:"read_up_to"`
}

// Action is a link on a subject card ("View order", "Reschedule").
type Action struct {
	Label string `json:"label"`
	Link  string `json:"link"`
}

// Card is what a conversation is about, as its owning domain describes it
// to the viewer.
type Card struct {
	Type     string   `json:"type"`
	ID       string   `json:"id"`
	Title    string   `json:"title"`
	Status   string   `json:"status"`
	ImageURL string   `json:"image_url"`
	Link     string   `json:"link"`
	Actions  []Action `json:"actions"`
}

// Conversation is one conversation as a member sees it.
type Conversation struct {
	ID          string    `json:"id"`
	Kind        string    `json:"kind"`
	Title       string    `json:"title"`
	CreatedBy   string    `json:"created_by"`
	Subject     *Card     `json:"subject"`
	Members     []Member  `json:"members"`
	LastMessage *Message  `json:"last_message"`
	LastSeq     int64     `json:"last_seq"`
	Unread      int       `json:"unread"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Attachment describes a message's image or file (its bytes come from the
// attachment route, to members only).
type Attachment struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"`
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Size        int64  `json:"size"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
}

// Reaction is one emoji on a message: how many reacted and whether the
// viewer did.
type Reaction struct {
	Emoji string `json:"emoji"`
	Count int    `json:"count"`
	Mine  bool   `json:"mine"`
}

// Message is one message; a deleted one keeps its place with no content.
type Message struct {
	ID             string      `json:"id"`
	ConversationID string      `json:"conversation_id"`
	Seq            int64       `json:"seq"`
	SenderID       string      `json:"sender_id"`
	Body           string      `json:"body"`
	Attachment     *Attachment `json:"attachment"`
	SentAt         time.Time   `json:"sent_at"`
	EditedAt       *time.Time  `json:"edited_at"`
	Deleted        bool        `json:"deleted"`
	Reactions      []Reaction  `json:"reactions"`
	// SeenBy are the other members whose receipt reaches this message.
	SeenBy []string `json:"seen_by"`
}

// Unread is the viewer's unread total and per conversation.
type Unread struct {
	Total         int            `json:"total"`
	Conversations map[string]int `json:"conversations"`
}

// Settings are a user's messaging settings.
type Settings struct {
	SendReceipts bool `json:"send_receipts"`
}

// Report is a report of a message, as admins see it.
type Report struct {
	ID             string     `json:"id"`
	MessageID      string     `json:"message_id"`
	ConversationID string     `json:"conversation_id"`
	Reporter       Person     `json:"reporter"`
	Sender         Person     `json:"sender"`
	Body           string     `json:"body"`
	Reason         string     `json:"reason"`
	Status         string     `json:"status"`
	CreatedAt      time.Time  `json:"created_at"`
	ResolvedAt     *time.Time `json:"resolved_at"`
}
