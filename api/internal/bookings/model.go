package bookings

import (
	"time"

	"github.com/uptrace/bun"
)

// bookingRow is a row of bookings (never serialised).
type bookingRow struct {
	bun.BaseModel `bun:"table:bookings"`

	ID               string     `bun:"id,pk"`
	OfferingID       string     `bun:"offering_id"`
	ProviderID       string     `bun:"provider_id"`
	ProviderUserID   string     `bun:"provider_user_id"`
	UserID           string     `bun:"user_id"`
	Kind             string     `bun:"kind"`
	Title            string     `bun:"title"`
	Format           string     `bun:"format"`
	Status           string     `bun:"status"`
	StartAt          time.Time  `bun:"start_at"`
	EndAt            time.Time  `bun:"end_at"`
	SessionKey       string     `bun:"session_key"`
	CellFrom         int64      `bun:"cell_from"`
	CellTo           int64      `bun:"cell_to"`
	Capacity         int        `bun:"capacity"`
	RequiresConfirm  bool       `bun:"requires_confirmation"`
	TimeZone         string     `bun:"time_zone"`
	DayPeriod        string     `bun:"day_period"`
	WeekPeriod       string     `bun:"week_period"`
	Price            int64      `bun:"price"`
	Currency         string     `bun:"currency"`
	PayWith          string     `bun:"pay_with"`
	PackageID        string     `bun:"package_id"`
	PackageCreditID  string     `bun:"package_credit_id"`
	PaymentReference string     `bun:"payment_reference"`
	PaidAmount       int64      `bun:"paid_amount"`
	RefundedAmount   int64      `bun:"refunded_amount"`
	FeeKept          int64      `bun:"fee_kept"`
	FreeCancelHours  int        `bun:"free_cancel_hours"`
	LateCancelFeePct int        `bun:"late_cancel_fee_pct"`
	IntakeAnswers    string     `bun:"intake_answers"`
	Note             string     `bun:"note"`
	CancelReason     string     `bun:"cancel_reason"`
	HoldExpiresAt    *time.Time `bun:"hold_expires_at"`
	ConfirmBy        *time.Time `bun:"confirm_by"`
	CompletedAt      *time.Time `bun:"completed_at"`
	ReviewUntil      *time.Time `bun:"review_until"`
	CancelledAt      *time.Time `bun:"cancelled_at"`
	Reschedules      int        `bun:"reschedules"`
	Seats            int        `bun:"seats"`
	HeldSeats        int        `bun:"held_seats"`
	Attendees        string     `bun:"attendees"`
	MinParticipants  int        `bun:"min_participants"`
	CreatedAt        time.Time  `bun:"created_at"`
	UpdatedAt        time.Time  `bun:"updated_at"`
}

// eventRow is one transition in booking_events.
type eventRow struct {
	bun.BaseModel `bun:"table:booking_events"`

	ID         string    `bun:"id,pk"`
	BookingID  string    `bun:"booking_id"`
	FromStatus string    `bun:"from_status"`
	ToStatus   string    `bun:"to_status"`
	ActorID    string    `bun:"actor_id"`
	ActorRole  string    `bun:"actor_role"`
	Note       string    `bun:"note"`
	CreatedAt  time.Time `bun:"created_at"`
}

// feedRow is a user's calendar feed token.
type feedRow struct {
	bun.BaseModel `bun:"table:calendar_feeds"`

	UserID    string    `bun:"user_id,pk"`
	Token     string    `bun:"token"`
	CreatedAt time.Time `bun:"created_at"`
}

// Booking is a booking as other domains see it (reviews, client notes,
// packages).
type Booking struct {
	ID, OfferingID, ProviderID, ProviderUserID, UserID, Kind, Status string
	Start, End                                                       time.Time
	Price                                                            int64
	Currency                                                         string
	PackageCreditID                                                  string // "" when paid with money
	CompletedAt                                                      *time.Time
	ReviewUntil                                                      *time.Time
}

func (r *bookingRow) public() Booking {
	return Booking{ID: r.ID, OfferingID: r.OfferingID, ProviderID: r.ProviderID, ProviderUserID: r.ProviderUserID,
		UserID: r.UserID, Kind: r.Kind, Status: r.Status, Start: r.StartAt, End: r.EndAt, Price: r.Price,
		Currency: r.Currency, PackageCreditID: r.PackageCreditID, CompletedAt: r.CompletedAt,
		ReviewUntil: r.ReviewUntil}
}
