package ticketing

import "time"

// Organiser is who runs an event.
type Organiser struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// TicketType is a type as a buyer sees it.
type TicketType struct {
	ID          string     `json:"id"`
	QuotaID     string     `json:"quota_id"`
	Name        string     `json:"name"`
	Price       int64      `json:"price"`
	Currency    string     `json:"currency"`
	MaxPerOrder int        `json:"max_per_order"`
	SalesStart  *time.Time `json:"sales_start"`
	SalesEnd    *time.Time `json:"sales_end"`
	Hidden      bool       `json:"hidden"`
	OnSale      bool       `json:"on_sale"`
	Available   int        `json:"available"`
}

// Quota is a pool of seats shared by types (organisers see it).
type Quota struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Size int    `json:"size"`
	Sold int    `json:"sold"`
	Held int    `json:"held"`
}

// Event is an event's page.
type Event struct {
	ID          string       `json:"id"`
	Title       string       `json:"title"`
	Description string       `json:"description"`
	Category    string       `json:"category"`
	Online      bool         `json:"online"`
	Venue       string       `json:"venue"`
	Address     string       `json:"address"`
	City        string       `json:"city"`
	StartsAt    time.Time    `json:"starts_at"`
	EndsAt      time.Time    `json:"ends_at"`
	TimeZone    string       `json:"time_zone"`
	RefundDays  int          `json:"refund_days"`
	Status      string       `json:"status"`
	MinPrice    int64        `json:"min_price"`
	SoldOut     bool         `json:"sold_out"`
	Organiser   Organiser    `json:"organiser"`
	TicketTypes []TicketType `json:"ticket_types"`
	Quotas      []Quota      `json:"quotas,omitempty"`
}

// Ticket is one attendee's ticket; Code (the signed QR payload) only for
// its holder while it is valid.
type Ticket struct {
	ID           string     `json:"id"`
	OrderID      string     `json:"order_id"`
	EventID      string     `json:"event_id"`
	EventTitle   string     `json:"event_title"`
	StartsAt     time.Time  `json:"starts_at"`
	TimeZone     string     `json:"time_zone"`
	Venue        string     `json:"venue"`
	TypeName     string     `json:"type_name"`
	AttendeeName string     `json:"attendee_name"`
	Status       string     `json:"status"`
	Code         string     `json:"code,omitempty"`
	QR           string     `json:"qr,omitempty"`
	CheckedInAt  *time.Time `json:"checked_in_at"`
	CreatedAt    time.Time  `json:"created_at"`
}

// Order is a checkout and its tickets.
type Order struct {
	ID        string    `json:"id"`
	EventID   string    `json:"event_id"`
	Status    string    `json:"status"`
	PayWith   string    `json:"pay_with"`
	Total     int64     `json:"total"`
	Currency  string    `json:"currency"`
	HoldUntil time.Time `json:"hold_until"`
	TripID    string    `json:"trip_id,omitempty"`
	Tickets   []Ticket  `json:"tickets"`
	CreatedAt time.Time `json:"created_at"`
}

// Attendee is a ticket as the organiser sees it.
type Attendee struct {
	TicketID     string     `json:"ticket_id"`
	AttendeeName string     `json:"attendee_name"`
	TypeName     string     `json:"type_name"`
	Status       string     `json:"status"`
	CheckedInAt  *time.Time `json:"checked_in_at"`
}

// Scan is one line of the check-in log.
type Scan struct {
	ID           string    `json:"id"`
	TicketID     string    `json:"ticket_id"`
	AttendeeName string    `json:"attendee_name"`
	Result       string    `json:"result"`
	ScannedBy    string    `json:"scanned_by"`
	CreatedAt    time.Time `json:"created_at"`
}

// CheckIn is a scan's answer.
type CheckIn struct {
	Result       string `json:"result"`
	Admitted     bool   `json:"admitted"`
	AttendeeName string `json:"attendee_name"`
	TypeName     string `json:"type_name"`
	Message      string `json:"message"`
}

// QuotaInput is a new quota.
type QuotaInput struct {
	Name string `json:"name"`
	Size int    `json:"size"`
}

// TypeInput is a new ticket type; Quota names one of the event's quotas.
type TypeInput struct {
	Name        string     `json:"name"`
	Quota       string     `json:"quota"`
	Price       int64      `json:"price"`
	MaxPerOrder int        `json:"max_per_order"`
	SalesStart  *time.Time `json:"sales_start"`
	SalesEnd    *time.Time `json:"sales_end"`
	UnlockCode  string     `json:"unlock_code"`
}

// EventInput is an event's details.
type EventInput struct {
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Category    string    `json:"category"`
	Online      bool      `json:"online"`
	Venue       string    `json:"venue"`
	Address     string    `json:"address"`
	City        string    `json:"city"`
	StartsAt    time.Time `json:"starts_at"`
	EndsAt      time.Time `json:"ends_at"`
	TimeZone    string    `json:"time_zone"`
	RefundDays  int       `json:"refund_days"`
}

// NewEvent is an event with its quotas and ticket types.
type NewEvent struct {
	EventInput
	Currency    string       `json:"currency"`
	Quotas      []QuotaInput `json:"quotas"`
	TicketTypes []TypeInput  `json:"ticket_types"`
}

// Line is how many of one type a buyer takes, with the attendees' names.
type Line struct {
	TypeID    string   `json:"type_id"`
	Attendees []string `json:"attendees"`
}

// Filter narrows the public list.
type Filter struct {
	From     *time.Time
	To       *time.Time
	City     string
	Category string
	Online   *bool
	Free     *bool
}
