package dealers

import "slices"

// Listing statuses.
const (
	StatusAvailable = "available"
	StatusReserved  = "reserved"
	StatusSold      = "sold"
)

// ListingStatuses lists them (the contract's enum).
var ListingStatuses = []string{StatusAvailable, StatusReserved, StatusSold}

// listingMoves is the one map of allowed listing transitions: a reservation
// takes an available car (reserved) and gives it back when its deposit is
// released; a completed sale, with or without a reservation, sells it.
var listingMoves = map[string][]string{
	StatusAvailable: {StatusReserved, StatusSold},
	StatusReserved:  {StatusAvailable, StatusSold},
	StatusSold:      {},
}

func canMove(from, to string) bool { return slices.Contains(listingMoves[from], to) }

// Reservation statuses.
const (
	ReservationHeld      = "held"      // the deposit is held; the car is reserved
	ReservationReleased  = "released"  // the deposit went back to the buyer; the car is available again
	ReservationCompleted = "completed" // the sale completed; the deposit was credited to the dealer
)

// ReservationStatuses lists them.
var ReservationStatuses = []string{ReservationHeld, ReservationReleased, ReservationCompleted}

var reservationMoves = map[string][]string{
	ReservationHeld: {ReservationReleased, ReservationCompleted},
}

func canSettle(from, to string) bool { return slices.Contains(reservationMoves[from], to) }

// Lead statuses.
const (
	LeadNew       = "new"
	LeadContacted = "contacted"
	LeadClosed    = "closed"
)

// LeadStatuses lists them.
var LeadStatuses = []string{LeadNew, LeadContacted, LeadClosed}

var leadMoves = map[string][]string{
	LeadNew:       {LeadContacted, LeadClosed},
	LeadContacted: {LeadClosed},
}

func canMoveLead(from, to string) bool { return slices.Contains(leadMoves[from], to) }

// Actors of listing events.
const (
	ActorDealer = "dealer"
	ActorBuyer  = "buyer"
	ActorAdmin  = "admin"
	ActorSystem = "system"
)
