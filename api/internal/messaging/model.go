package messaging

import (
	"time"

	"github.com/uptrace/bun"
)

// Conversation kinds and member roles.
const (
	KindDirect = "direct"
	KindGroup  = "group"

	RoleOwner  = "owner"
	RoleMember = "member"
)

// Report states.
const (
	ReportOpen      = "open"
	ReportDismissed = "dismissed"
	ReportRemoved   = "removed"
)

type conversationRow struct {
	bun.BaseModel `bun:"table:messaging_conversations,alias:c"`
	ID            string     `bun:"id,pk"`
	Kind          string     `bun:"kind"`
	Title         string     `bun:"title"`
	CreatedBy     string     `bun:"created_by"`
	SubjectType   string     `bun:"subject_type"`
	SubjectID     string     `bun:"subject_id"`
	PairKey       *string    `bun:"pair_key"`
	LastSeq       int64      `bun:"last_seq"`
	LastMessageAt *time.Time `bun:"last_message_at"`
	CreatedAt     time.Time  `bun:"created_at"`
	UpdatedAt     time.Time  `bun:"updated_at"`
}

type memberRow struct {
	bun.BaseModel  `bun:"table:messaging_members,alias:m"`
	ConversationID string     `bun:"conversation_id,pk"`
	UserID         string     `bun:"user_id,pk"`
	Role           string     `bun:"role"`
	JoinedAt       time.Time  `bun:"joined_at"`
	LastReadSeq    int64      `bun:"last_read_seq"`
	ReceiptSeq     int64      `bun:"receipt_seq"`
	ReceiptAt      *time.Time `bun:"receipt_at"`
	MailedSeq      int64      `bun:"mailed_seq"`
	ActivityAt     time.Time  `bun:"activity_at"`
}

type messageRow struct {
	bun.BaseModel  `bun:"table:messaging_messages,alias:msg"`
	ID             string     `bun:"id,pk"`
	ConversationID string     `bun:"conversation_id"`
	Seq            int64      `bun:"seq"`
	SenderID       string     `bun:"sender_id"`
	Body           string     `bun:"body"`
	AttachmentID   *string    `bun:"attachment_id"`
	SentAt         time.Time  `bun:"sent_at"`
	EditedAt       *time.Time `bun:"edited_at"`
	DeletedAt      *time.Time `bun:"deleted_at"`
	RemovedBy      string     `bun:"removed_by"`
}

type attachmentRow struct {
	bun.BaseModel  `bun:"table:messaging_attachments,alias:a"`
	ID             string    `bun:"id,pk"`
	ConversationID string    `bun:"conversation_id"`
	UploadedBy     string    `bun:"uploaded_by"`
	Kind           string    `bun:"kind"`
	Name           string    `bun:"name"`
	ContentType    string    `bun:"content_type"`
	Size           int64     `bun:"size"`
	Width          int       `bun:"width"`
	Height         int       `bun:"height"`
	Content        []byte    `bun:"content"`
	CreatedAt      time.Time `bun:"created_at"`
}

type reactionRow struct {
	bun.BaseModel `bun:"table:messaging_reactions,alias:r"`
	MessageID     string    `bun:"message_id,pk"`
	UserID        string    `bun:"user_id,pk"`
	Emoji         string    `bun:"emoji,pk"`
	CreatedAt     time.Time `bun:"created_at"`
}

type settingsRow struct {
	bun.BaseModel `bun:"table:messaging_settings"`
	UserID        string    `bun:"user_id,pk"`
	SendReceipts  bool      `bun:"send_receipts"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type reportRow struct {
	bun.BaseModel  `bun:"table:messaging_reports,alias:rep"`
	ID             string     `bun:"id,pk"`
	MessageID      string     `bun:"message_id"`
	ConversationID string     `bun:"conversation_id"`
	ReporterID     string     `bun:"reporter_id"`
	Reason         string     `bun:"reason"`
	Status         string     `bun:"status"`
	CreatedAt      time.Time  `bun:"created_at"`
	ResolvedAt     *time.Time `bun:"resolved_at"`
	ResolvedBy     string     `bun:"resolved_by"`
}
