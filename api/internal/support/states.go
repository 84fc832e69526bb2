package support

import "time"

// Ticket statuses: open (waiting on Sojourn) -> pending (waiting on the
// requester) -> solved -> closed. The requester replying to a pending or
// solved ticket opens it again; closed is final.
const (
	StatusOpen    = "open"
	StatusPending = "pending"
	StatusSolved  = "solved"
	StatusClosed  = "closed"
)

var transitions = map[string][]string{
	StatusOpen:    {StatusPending, StatusSolved, StatusClosed},
	StatusPending: {StatusOpen, StatusSolved, StatusClosed},
	StatusSolved:  {StatusOpen, StatusClosed},
	StatusClosed:  {},
}

// CanMove says whether a ticket may go from one status to another.
func CanMove(from, to string) bool {
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Priorities, with their SLA targets.
const (
	PriorityLow    = "low"
	PriorityNormal = "normal"
	PriorityHigh   = "high"
	PriorityUrgent = "urgent"
)

// Priorities lists them in order.
var Priorities = []string{PriorityLow, PriorityNormal, PriorityHigh, PriorityUrgent}

// Target is a priority's SLA: the first admin reply within FirstResponse of
// the ticket's creation, solved within Resolution.
type Target struct {
	FirstResponse time.Duration
	Resolution    time.Duration
}

// Targets are the SLA targets per priority.
var Targets = map[string]Target{
	PriorityUrgent: {FirstResponse: time.Hour, Resolution: 8 * time.Hour},
	PriorityHigh:   {FirstResponse: 4 * time.Hour, Resolution: 24 * time.Hour},
	PriorityNormal: {FirstResponse: 24 * time.Hour, Resolution: 72 * time.Hour},
	PriorityLow:    {FirstResponse: 48 * time.Hour, Resolution: 120 * time.Hour},
}

// Categories a ticket is filed under.
var Categories = []string{"booking", "order", "payment", "account", "listing", "technical", "other"}

// Portals a ticket may be filed from ("contact" is the public contact form).
var Portals = []string{"user", "vendor", "tour", "coach", "therapy", "car-rental", "car-dealer", "contact"}

// AutoCloseAfter is how long a solved ticket stays solved before the
// support.autoclose chore closes it.
const AutoCloseAfter = 7 * 24 * time.Hour

// SLA is a ticket's targets and whether each was missed, computed from its
// timestamps at now.
type SLA struct {
	FirstResponseDue      time.Time `json:"first_response_due"`
	ResolutionDue         time.Time `json:"resolution_due"`
	FirstResponseBreached bool      `json:"first_response_breached"`
	ResolutionBreached    bool      `json:"resolution_breached"`
}

// ComputeSLA works out the SLA of a ticket created at created with the given
// priority, first admin reply and solve times, at now.
func ComputeSLA(priority string, created time.Time, firstResponse, solved *time.Time, now time.Time) SLA {
	t, ok := Targets[priority]
	if !ok {
		t = Targets[PriorityNormal]
	}
	s := SLA{FirstResponseDue: created.Add(t.FirstResponse).UTC(), ResolutionDue: created.Add(t.Resolution).UTC()}
	if firstResponse != nil {
		s.FirstResponseBreached = firstResponse.After(s.FirstResponseDue)
	} else {
		s.FirstResponseBreached = now.After(s.FirstResponseDue)
	}
	if solved != nil {
		s.ResolutionBreached = solved.After(s.ResolutionDue)
	} else {
		s.ResolutionBreached = now.After(s.ResolutionDue)
	}
	return s
}

func oneOf(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
