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
	// ReservationAwaitingPayment: reserved by card, the car already
	// reserved; waiting for the Paystack payment until pay_by.
	ReservationAwaitingPayment = "awaiting_payment"
	ReservationHeld            = "held"      // the deposit is held; the car is reserved
	ReservationReleased        = "released"  // the deposit went back to the buyer; the car is available again
	ReservationCompleted       = "completed" // the sale completed; the deposit was credited to the dealer
	// ReservationExpired: the card payment failed, the buyer gave up, or the
	// payment window passed before it settled; the car is available again
	// (a payment that still arrives is refunded to the wallet at once).
	ReservationExpired = "expired"
)

// ReservationStatuses lists them.
var ReservationStatuses = []string{ReservationAwaitingPayment, ReservationHeld, ReservationReleased,
	ReservationCompleted, ReservationExpired}

var reservationMoves = map[string][]string{
	ReservationAwaitingPayment: {ReservationHeld, ReservationExpired},
	ReservationHeld:            {ReservationReleased, ReservationCompleted},
}

// Ways to pay a reservation's deposit.
const (
	PayWallet = "wallet"
	PayCard   = "card"
)

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
