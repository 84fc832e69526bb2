package speeddating

import "slices"

// Event statuses.
const (
	StatusScheduled = "scheduled"
	StatusLive      = "live"
	StatusPaused    = "paused"
	StatusVoting    = "voting"
	StatusEnded     = "ended"
	StatusCancelled = "cancelled"
)

// Statuses lists them (the contract's SpeedStatus).
var Statuses = []string{StatusScheduled, StatusLive, StatusPaused, StatusVoting, StatusEnded, StatusCancelled}

// moves is the one map of allowed event transitions.
var moves = map[string][]string{
	StatusScheduled: {StatusLive, StatusCancelled},
	StatusLive:      {StatusPaused, StatusVoting},
	StatusPaused:    {StatusLive, StatusVoting},
	StatusVoting:    {StatusEnded},
}

func canMove(from, to string) bool { return slices.Contains(moves[from], to) }

// Phases of a live event.
const (
	PhaseNone       = ""
	PhaseDate       = "date"
	PhaseChangeover = "changeover"
)

// Audiences.
const (
	AudienceEveryone = "everyone"
	AudienceWomenMen = "women_men"
	AudienceWomen    = "women"
	AudienceMen      = "men"
	GroupEveryone    = "everyone"
	GroupWomen       = "women"
	GroupMen         = "men"
	genderWoman      = "woman"
	genderMan        = "man"
)

// Audiences lists them.
var Audiences = []string{AudienceEveryone, AudienceWomenMen, AudienceWomen, AudienceMen}

// groups are an audience's seat groups.
func groups(audience string) []string {
	switch audience {
	case AudienceWomenMen:
		return []string{GroupWomen, GroupMen}
	case AudienceWomen:
		return []string{GroupWomen}
	case AudienceMen:
		return []string{GroupMen}
	}
	return []string{GroupEveryone}
}

// groupOf is the group a person of gender sits in at an event for
// audience ("" when the event is not for them).
func groupOf(audience, gender string) string {
	switch audience {
	case AudienceEveryone:
		return GroupEveryone
	case AudienceWomenMen, AudienceWomen, AudienceMen:
		g := ""
		switch gender {
		case genderWoman:
			g = GroupWomen
		case genderMan:
			g = GroupMen
		}
		if g != "" && slices.Contains(groups(audience), g) {
			return g
		}
	}
	return ""
}

// Ticket statuses.
const (
	TicketPending   = "pending_payment"
	TicketConfirmed = "confirmed"
	TicketCancelled = "cancelled"
	TicketRefunded  = "refunded"
)

// TicketStatuses lists them.
var TicketStatuses = []string{TicketPending, TicketConfirmed, TicketCancelled, TicketRefunded}

// Ways a ticket is paid.
const (
	PayWallet = "wallet"
	PayCard   = "card"
	PayFree   = "free"
)
