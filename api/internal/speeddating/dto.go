package speeddating

import (
	"context"
	"time"

	"sojourn/api/internal/payments"
)

// Money is an amount in minor units and its currency.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Person is someone at an event as others see them: never an exact place.
type Person struct {
	ID          string  `json:"id"`
	DisplayName string  `json:"display_name"`
	AvatarURL   *string `json:"avatar_url"`
	Age         *int    `json:"age"`
	City        *string `json:"city"`
}

// Seats is one group's seats.
type Seats struct {
	Group    string `json:"group"`
	Capacity int    `json:"capacity"`
	Taken    int    `json:"taken"`
}

// Ticket is a person's ticket (SpeedTicket).
type Ticket struct {
	ID          string     `json:"id"`
	EventID     string     `json:"event_id"`
	EventTitle  string     `json:"event_title"`
	StartsAt    time.Time  `json:"starts_at"`
	EventStatus string     `json:"event_status,omitempty"`
	Status      string     `json:"status"`
	Group       string     `json:"group"`
	Price       Money      `json:"price"`
	PayWith     string     `json:"pay_with"`
	CreatedAt   time.Time  `json:"created_at"`
	CheckedInAt *time.Time `json:"checked_in_at"`
	LeftAt      *time.Time `json:"left_at"`
	RefundedAt  *time.Time `json:"refunded_at"`
}

// Purchase is a bought ticket and, by card, the payment to complete.
type Purchase struct {
	Ticket  Ticket               `json:"ticket"`
	Payment *payments.StartedDTO `json:"payment"`
}

// Event is an event as anyone sees it (SpeedEvent).
type Event struct {
	ID                string    `json:"id"`
	Title             string    `json:"title"`
	Description       string    `json:"description"`
	StartsAt          time.Time `json:"starts_at"`
	EndsAt            time.Time `json:"ends_at"`
	TimeZone          string    `json:"time_zone"`
	Rounds            int       `json:"rounds"`
	RoundSeconds      int       `json:"round_seconds"`
	ChangeoverSeconds int       `json:"changeover_seconds"`
	Audience          string    `json:"audience"`
	AgeMin            int       `json:"age_min"`
	AgeMax            int       `json:"age_max"`
	Capacity          int       `json:"capacity"`
	MinParticipants   int       `json:"min_participants"`
	Price             Money     `json:"price"`
	Status            string    `json:"status"`
	CurrentRound      int       `json:"current_round"`
	Seats             []Seats   `json:"seats"`
	SeatsLeft         int       `json:"seats_left"`
	CancelReason      *string   `json:"cancel_reason"`
	MyTicket          *Ticket   `json:"my_ticket"`
	CanBuy            bool      `json:"can_buy"`
	CannotBuyReason   *string   `json:"cannot_buy_reason"`
	CheckInOpensAt    time.Time `json:"check_in_opens_at"`
}

// Met is a partner of an earlier or the current round with the caller's
// own vote (never theirs).
type Met struct {
	Round   int     `json:"round"`
	Partner Person  `json:"partner"`
	Vote    *string `json:"vote"`
}

// Match is a mutual yes made a match.
type Match struct {
	MatchID        string  `json:"match_id"`
	Person         Person  `json:"person"`
	ConversationID *string `json:"conversation_id"`
}

// Live is the event as a ticket holder takes part in it (SpeedLive).
type Live struct {
	Event            Event      `json:"event"`
	Phase            string     `json:"phase"`
	Round            int        `json:"round"`
	RoundEndsAt      *time.Time `json:"round_ends_at"`
	RemainingSeconds *int       `json:"remaining_seconds"`
	CheckedIn        bool       `json:"checked_in"`
	Present          int        `json:"present"`
	Partner          *Person    `json:"partner"`
	RoomID           *string    `json:"room_id"`
	Met              []Met      `json:"met"`
	Matches          []Match    `json:"matches"`
	VotingClosesAt   *time.Time `json:"voting_closes_at"`
}

// Participant is a ticket holder as the hosts see them.
type ParticipantView struct {
	TicketID    string     `json:"ticket_id"`
	Person      Person     `json:"person"`
	Group       string     `json:"group"`
	Status      string     `json:"status"`
	CheckedInAt *time.Time `json:"checked_in_at"`
	LeftAt      *time.Time `json:"left_at"`
	Breaks      int        `json:"breaks"`
	Dates       int        `json:"dates"`
}

// PairView is one date of a round.
type PairView struct {
	A      Person  `json:"a"`
	B      Person  `json:"b"`
	RoomID *string `json:"room_id"`
}

// RoundView is one round of the schedule.
type RoundView struct {
	Round   int        `json:"round"`
	Planned bool       `json:"planned"`
	Pairs   []PairView `json:"pairs"`
	Breaks  []Person   `json:"breaks"`
}

// AdminEvent is an event as its hosts see it (SpeedEventAdmin).
type AdminEvent struct {
	Event        Event             `json:"event"`
	Participants []ParticipantView `json:"participants"`
	Schedule     []RoundView       `json:"schedule"`
	VotesCast    int               `json:"votes_cast"`
	MatchesMade  int               `json:"matches_made"`
}

func ticketView(t *ticketRow, ev *eventRow) Ticket {
	out := Ticket{ID: t.ID, EventID: t.EventID, Status: t.Status, Group: t.Group,
		Price: Money{t.Price, t.Currency}, PayWith: t.PayWith, CreatedAt: t.CreatedAt, CheckedInAt: t.CheckedInAt,
		LeftAt: t.LeftAt, RefundedAt: t.RefundedAt}
	if ev != nil {
		out.EventTitle, out.StartsAt, out.EventStatus = ev.Title, ev.StartsAt, ev.Status
	}
	return out
}

func eventView(ev *eventRow, seats []seatRow) Event {
	out := Event{ID: ev.ID, Title: ev.Title, Description: ev.Description, StartsAt: ev.StartsAt, EndsAt: ev.endsAt(),
		TimeZone: ev.TimeZone, Rounds: ev.Rounds, RoundSeconds: ev.RoundSeconds,
		ChangeoverSeconds: ev.ChangeoverSeconds, Audience: ev.Audience, AgeMin: ev.AgeMin, AgeMax: ev.AgeMax,
		Capacity: ev.Capacity, MinParticipants: ev.MinParticipants, Price: Money{ev.Price, ev.Currency},
		Status: ev.Status, CurrentRound: ev.CurrentRound, Seats: []Seats{}, CancelReason: ev.CancelReason,
		CheckInOpensAt: ev.StartsAt.Add(-CheckInLead)}
	for _, s := range seats {
		out.Seats = append(out.Seats, Seats{Group: s.Group, Capacity: s.Capacity, Taken: s.Taken})
		out.SeatsLeft += s.Capacity - s.Taken
	}
	return out
}

// people names users as an event shows them; ages and cities come from
// their tickets (a snapshot taken when they bought).
func (s *Service) people(ctx context.Context, ids []string, tickets []ticketRow) (map[string]Person, error) {
	out := map[string]Person{}
	if len(ids) == 0 {
		return out, nil
	}
	dir, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	byUser := map[string]*ticketRow{}
	for i := range tickets {
		if t := &tickets[i]; byUser[t.UserID] == nil || t.live() {
			byUser[t.UserID] = t
		}
	}
	for _, id := range ids {
		p := Person{ID: id, DisplayName: "Someone"}
		if d, ok := dir[id]; ok {
			p.DisplayName = d.DisplayName
			if p.DisplayName == "" {
				p.DisplayName = d.Username
			}
			if d.AvatarURL != "" {
				u := d.AvatarURL
				p.AvatarURL = &u
			}
		}
		if t := byUser[id]; t != nil {
			p.Age = t.Age
			if t.City != "" {
				c := t.City
				p.City = &c
			}
		}
		out[id] = p
	}
	return out, nil
}
