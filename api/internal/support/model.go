package support

import (
	"time"

	"github.com/uptrace/bun"
)

type ticketRow struct {
	bun.BaseModel    `bun:"table:support_tickets"`
	ID               string     `bun:"id,pk"`
	Number           string     `bun:"number"`
	RequesterID      *string    `bun:"requester_id"`
	RequesterName    string     `bun:"requester_name"`
	RequesterEmail   string     `bun:"requester_email"`
	Portal           string     `bun:"portal"`
	Category         string     `bun:"category"`
	Priority         string     `bun:"priority"`
	Status           string     `bun:"status"`
	Subject          string     `bun:"subject"`
	LinkKind         *string    `bun:"link_kind"`
	LinkID           *string    `bun:"link_id"`
	LinkLabel        *string    `bun:"link_label"`
	AssigneeID       *string    `bun:"assignee_id"`
	ContactMessageID *string    `bun:"contact_message_id"`
	FirstResponseAt  *time.Time `bun:"first_response_at"`
	SolvedAt         *time.Time `bun:"solved_at"`
	ClosedAt         *time.Time `bun:"closed_at"`
	BreachNotifiedAt *time.Time `bun:"breach_notified_at"`
	Rating           *int       `bun:"rating"`
	RatingComment    *string    `bun:"rating_comment"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

type messageRow struct {
	bun.BaseModel `bun:"table:support_messages"`
	ID            string    `bun:"id,pk"`
	TicketID      string    `bun:"ticket_id"`
	AuthorID      *string   `bun:"author_id"`
	FromStaff     bool      `bun:"from_staff"`
	Internal      bool      `bun:"internal"`
	Body          string    `bun:"body"`
	CreatedAt     time.Time `bun:"created_at"`
}

type faqRow struct {
	bun.BaseModel `bun:"table:support_faqs"`
	ID            string    `bun:"id,pk"`
	Category      string    `bun:"category"`
	Question      string    `bun:"question"`
	Answer        string    `bun:"answer"`
	Position      int       `bun:"position"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type cannedRow struct {
	bun.BaseModel `bun:"table:support_canned_replies"`
	ID            string    `bun:"id,pk"`
	Title         string    `bun:"title"`
	Body          string    `bun:"body"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}
