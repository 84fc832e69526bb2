package speeddating

import (
	"time"

	"github.com/uptrace/bun"
)

// Timing of an event.
const (
	// CheckInLead is how long before the start check-in (and starting) opens.
	CheckInLead = 15 * time.Minute
	// MinimumLead is how long before the start the minimum is checked (at
	// the start for an event created inside that hour).
	MinimumLead = time.Hour
	// NoShowAfter is how long after the start an event the host never
	// started is cancelled and refunded.
	NoShowAfter = 30 * time.Minute
	// CancelUntil is how long before the start a person may still cancel
	// their ticket for a refund.
	CancelUntil = 24 * time.Hour
	// VotingWindow is how long voting stays open after the last round.
	VotingWindow = 10 * time.Minute
	// RoomGrace keeps a date's room valid past its planned end, for a round
	// that is paused; the bell closes it.
	RoomGrace = time.Hour
	// CardPaymentWindow is how long a card ticket holds its seat waiting for
	// the payment (payments abandons it after AbandonAfter).
	CardPaymentWindow = 40 * time.Minute
	// Limits of the input.
	MaxPrice     = 10_000_000
	MinLeadStart = 5 * time.Minute
	MaxLeadStart = 365 * 24 * time.Hour
)

type eventRow struct {
	bun.BaseModel `bun:"table:speed_events,alias:e"`

	ID                string     `bun:"id,pk"`
	Title             string     `bun:"title"`
	Description       string     `bun:"description"`
	StartsAt          time.Time  `bun:"starts_at"`
	TimeZone          string     `bun:"time_zone"`
	Rounds            int        `bun:"rounds"`
	RoundSeconds      int        `bun:"round_seconds"`
	ChangeoverSeconds int        `bun:"changeover_seconds"`
	Audience          string     `bun:"audience"`
	AgeMin            int        `bun:"age_min"`
	AgeMax            int        `bun:"age_max"`
	Capacity          int        `bun:"capacity"`
	MinParticipants   int        `bun:"min_participants"`
	Price             int64      `bun:"price"`
	Currency          string     `bun:"currency"`
	Status            string     `bun:"status"`
	CurrentRound      int        `bun:"current_round"`
	Phase             string     `bun:"phase"`
	PhaseEndsAt       *time.Time `bun:"phase_ends_at"`
	RemainingMS       *int64     `bun:"remaining_ms"`
	Seq               int        `bun:"seq"`
	VotingClosesAt    *time.Time `bun:"voting_closes_at"`
	CancelReason      *string    `bun:"cancel_reason"`
	CreatedBy         string     `bun:"created_by"`
	StartedAt         *time.Time `bun:"started_at"`
	EndedAt           *time.Time `bun:"ended_at"`
	CreatedAt         time.Time  `bun:"created_at"`
	UpdatedAt         time.Time  `bun:"updated_at"`
}

// endsAt is the planned end: start + rounds x (round + changeover).
func (e *eventRow) endsAt() time.Time {
	return e.StartsAt.Add(time.Duration(e.Rounds*(e.RoundSeconds+e.ChangeoverSeconds)) * time.Second)
}

// minimumAt is when the minimum is checked: an hour before the start, or
// at the start for an event created inside that hour.
func (e *eventRow) minimumAt() time.Time {
	at := e.StartsAt.Add(-MinimumLead)
	if e.CreatedAt.After(at) {
		return e.StartsAt
	}
	return at
}

type seatRow struct {
	bun.BaseModel `bun:"table:speed_seats,alias:s"`

	EventID  string `bun:"event_id,pk"`
	Group    string `bun:"grp,pk"`
	Capacity int    `bun:"capacity"`
	Taken    int    `bun:"taken"`
}

type ticketRow struct {
	bun.BaseModel `bun:"table:speed_tickets,alias:t"`

	ID               string     `bun:"id,pk"`
	EventID          string     `bun:"event_id"`
	UserID           string     `bun:"user_id"`
	Group            string     `bun:"grp"`
	Status           string     `bun:"status"`
	PayWith          string     `bun:"pay_with"`
	Price            int64      `bun:"price"`
	Currency         string     `bun:"currency"`
	BuyKey           string     `bun:"buy_key"`
	PaymentReference *string    `bun:"payment_reference"`
	PayBy            *time.Time `bun:"pay_by"`
	Age              *int       `bun:"age"`
	City             string     `bun:"city"`
	CheckedInAt      *time.Time `bun:"checked_in_at"`
	LeftAt           *time.Time `bun:"left_at"`
	FromRound        int        `bun:"from_round"`
	RefundedAt       *time.Time `bun:"refunded_at"`
	KeptAt           *time.Time `bun:"kept_at"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

// present says the ticket's holder is in the event: confirmed, checked in
// and not gone.
func (t *ticketRow) present() bool {
	return t.Status == TicketConfirmed && t.CheckedInAt != nil && t.LeftAt == nil
}

func (t *ticketRow) live() bool { return t.Status == TicketPending || t.Status == TicketConfirmed }

type pairRow struct {
	bun.BaseModel `bun:"table:speed_pairs,alias:p"`

	EventID string  `bun:"event_id,pk"`
	Round   int     `bun:"round,pk"`
	AID     string  `bun:"a_id,pk"`
	BID     string  `bun:"b_id"`
	RoomID  *string `bun:"room_id"`
}

type breakRow struct {
	bun.BaseModel `bun:"table:speed_breaks,alias:b"`

	EventID string `bun:"event_id,pk"`
	Round   int    `bun:"round,pk"`
	UserID  string `bun:"user_id,pk"`
}

type voteRow struct {
	bun.BaseModel `bun:"table:speed_votes,alias:v"`

	EventID   string    `bun:"event_id,pk"`
	VoterID   string    `bun:"voter_id,pk"`
	PartnerID string    `bun:"partner_id,pk"`
	Yes       bool      `bun:"yes"`
	UpdatedAt time.Time `bun:"updated_at"`
}

type matchRow struct {
	bun.BaseModel `bun:"table:speed_matches,alias:m"`

	EventID        string    `bun:"event_id,pk"`
	AID            string    `bun:"a_id,pk"`
	BID            string    `bun:"b_id,pk"`
	MatchID        string    `bun:"match_id"`
	ConversationID *string   `bun:"conversation_id"`
	CreatedAt      time.Time `bun:"created_at"`
}

func ordered(a, b string) (string, string) {
	if a > b {
		return b, a
	}
	return a, b
}
