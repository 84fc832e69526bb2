package clientnotes

import (
	"time"

	"github.com/uptrace/bun"
)

// noteRow is a row of client_notes.
type noteRow struct {
	bun.BaseModel `bun:"table:client_notes"`

	ID         string    `bun:"id,pk"`
	AuthorID   string    `bun:"author_id"`
	ClientID   string    `bun:"client_id"`
	BookingID  *string   `bun:"booking_id"`
	Subjective string    `bun:"subjective"`
	Objective  string    `bun:"objective"`
	Assessment string    `bun:"assessment"`
	Plan       string    `bun:"plan"`
	Body       string    `bun:"body"`
	CreatedAt  time.Time `bun:"created_at"`
	UpdatedAt  time.Time `bun:"updated_at"`
}

// docRow is a row of client_documents without its bytes (lists never read
// them).
type docRow struct {
	bun.BaseModel `bun:"table:client_documents"`

	ID             string    `bun:"id,pk"`
	BookingID      string    `bun:"booking_id"`
	ClientID       string    `bun:"client_id"`
	ProviderID     string    `bun:"provider_id"`
	ProviderUserID string    `bun:"provider_user_id"`
	Title          string    `bun:"title"`
	ContentType    string    `bun:"content_type"`
	SizeBytes      int64     `bun:"size_bytes"`
	CreatedAt      time.Time `bun:"created_at"`
}

// docFile is a document with its bytes (the insert and the file routes).
type docFile struct {
	bun.BaseModel `bun:"table:client_documents"`

	ID             string    `bun:"id,pk"`
	BookingID      string    `bun:"booking_id"`
	ClientID       string    `bun:"client_id"`
	ProviderID     string    `bun:"provider_id"`
	ProviderUserID string    `bun:"provider_user_id"`
	Title          string    `bun:"title"`
	ContentType    string    `bun:"content_type"`
	SizeBytes      int64     `bun:"size_bytes"`
	Content        []byte    `bun:"content"`
	CreatedAt      time.Time `bun:"created_at"`
}

func (f *docFile) row() *docRow {
	return &docRow{ID: f.ID, BookingID: f.BookingID, ClientID: f.ClientID, ProviderID: f.ProviderID,
		ProviderUserID: f.ProviderUserID, Title: f.Title, ContentType: f.ContentType, SizeBytes: f.SizeBytes,
		CreatedAt: f.CreatedAt}
}

// Note is a session note as its author sees it: the structured parts of a
// therapist's note (SOAP: subjective, objective, assessment, plan) and free
// text; any of them may be empty, not all.
type Note struct {
	ID         string    `json:"id"`
	ClientID   string    `json:"client_id"`
	BookingID  *string   `json:"booking_id"`
	Subjective string    `json:"subjective"`
	Objective  string    `json:"objective"`
	Assessment string    `json:"assessment"`
	Plan       string    `json:"plan"`
	Text       string    `json:"text"`
	CreatedAt  time.Time `json:"created_at"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// NoteInput writes a note; on PATCH absent fields stay.
type NoteInput struct {
	BookingID  *string `json:"booking_id"`
	Subjective *string `json:"subjective"`
	Objective  *string `json:"objective"`
	Assessment *string `json:"assessment"`
	Plan       *string `json:"plan"`
	Text       *string `json:"text"`
}

// Document is a shared document's description (the bytes come from its
// file route).
type Document struct {
	ID          string    `json:"id"`
	BookingID   string    `json:"booking_id"`
	ClientID    string    `json:"client_id"`
	ProviderID  string    `json:"provider_id"`
	Title       string    `json:"title"`
	ContentType string    `json:"content_type"`
	SizeBytes   int64     `json:"size_bytes"`
	CreatedAt   time.Time `json:"created_at"`
}

func (d *docRow) dto() Document {
	return Document{ID: d.ID, BookingID: d.BookingID, ClientID: d.ClientID, ProviderID: d.ProviderID,
		Title: d.Title, ContentType: d.ContentType, SizeBytes: d.SizeBytes, CreatedAt: d.CreatedAt.UTC()}
}

func (n *noteRow) dto() Note {
	return Note{ID: n.ID, ClientID: n.ClientID, BookingID: n.BookingID, Subjective: n.Subjective,
		Objective: n.Objective, Assessment: n.Assessment, Plan: n.Plan, Text: n.Body,
		CreatedAt: n.CreatedAt.UTC(), UpdatedAt: n.UpdatedAt.UTC()}
}
