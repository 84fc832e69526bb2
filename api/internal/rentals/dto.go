package rentals

import (
	"encoding/json"
	"time"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/practice"
)

// MoneyDTO is an amount in minor units.
type MoneyDTO struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Branch is a company's branch.
type Branch struct {
	ID         string              `json:"id"`
	ProviderID string              `json:"provider_id"`
	Name       string              `json:"name"`
	Address    string              `json:"address"`
	City       string              `json:"city"`
	Country    string              `json:"country"`
	Lat        *float64            `json:"lat"`
	Lng        *float64            `json:"lng"`
	Phone      string              `json:"phone"`
	Hours      map[string]DayHours `json:"hours"`
	// TimeZone is the branch's IANA zone ("" = the company's); pick-up and
	// drop-off times there are shown in it.
	TimeZone string `json:"time_zone"`
}

func toBranch(r *branchRow) Branch {
	h := map[string]DayHours{}
	_ = json.Unmarshal([]byte(r.Hours), &h)
	return Branch{ID: r.ID, ProviderID: r.ProviderID, Name: r.Name, Address: r.Address, City: r.City,
		Country: r.Country, Lat: r.Lat, Lng: r.Lng, Phone: r.Phone, Hours: h,
		TimeZone: r.TimeZone}
}

// Company is the company a car belongs to, as cars show it, with its
// renters' rating (the practice profile's, which reviews keeps).
type Company struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	City     string          `json:"city"`
	Verified bool            `json:"verified"`
	Rating   practice.Rating `json:"rating"`
}

// Car is a fleet car.
type Car struct {
	ID               string   `json:"id"`
	ProviderID       string   `json:"provider_id"`
	Company          Company  `json:"company"`
	BranchID         string   `json:"branch_id"`
	City             string   `json:"city"`
	Title            string   `json:"title"`
	Make             string   `json:"make"`
	Model            string   `json:"model"`
	Year             int      `json:"year"`
	Category         string   `json:"category"`
	Seats            int      `json:"seats"`
	Doors            int      `json:"doors"`
	Transmission     string   `json:"transmission"`
	Fuel             string   `json:"fuel"`
	AirConditioning  bool     `json:"air_conditioning"`
	Description      string   `json:"description"`
	MinDriverAge     int      `json:"min_driver_age"`
	Deposit          MoneyDTO `json:"deposit"`
	MileageLimitKm   int      `json:"mileage_limit_km"`
	FuelPolicy       string   `json:"fuel_policy"`
	DayRate          MoneyDTO `json:"day_rate"`
	Seasons          []Season `json:"seasons"`
	Extras           []Extra  `json:"extras"`
	Photos           []string `json:"photos"`
	OneWayAllowed    bool     `json:"one_way_allowed"`
	OneWayFee        MoneyDTO `json:"one_way_fee"`
	FreeCancelHours  int      `json:"free_cancel_hours"`
	LateCancelFeePct int      `json:"late_cancel_fee_pct"`
	Status           string   `json:"status"`
	ModerationNote   string   `json:"moderation_note"`
}

func toCar(r *carRow, co practice.Provider) Car {
	c := Car{ID: r.ID, ProviderID: r.ProviderID, Company: Company{ID: co.ID, Name: co.DisplayName, City: co.City,
		Verified: co.Verified, Rating: co.Rating}, BranchID: r.BranchID, City: r.City, Title: r.title(), Make: r.Make, Model: r.Model,
		Year: r.Year, Category: r.Category, Seats: r.Seats, Doors: r.Doors, Transmission: r.Transmission, Fuel: r.Fuel,
		AirConditioning: r.AirConditioning, Description: r.Description, MinDriverAge: r.MinDriverAge,
		Deposit: MoneyDTO{r.Deposit, r.Currency}, MileageLimitKm: r.MileageLimitKm, FuelPolicy: r.FuelPolicy,
		DayRate: MoneyDTO{r.DayRate, r.Currency}, Seasons: []Season{}, Extras: []Extra{}, Photos: []string{},
		OneWayAllowed: r.OneWayAllowed, OneWayFee: MoneyDTO{r.OneWayFee, r.Currency}, FreeCancelHours: r.FreeCancelHours,
		LateCancelFeePct: r.LateCancelFeePct, Status: r.Status, ModerationNote: r.ModerationNote}
	_ = json.Unmarshal([]byte(r.Seasons), &c.Seasons)
	_ = json.Unmarshal([]byte(r.Extras), &c.Extras)
	_ = json.Unmarshal([]byte(r.Photos), &c.Photos)
	return c
}

// Handover is what the company recorded at the pick-up or the return.
type Handover struct {
	FuelEighths int        `json:"fuel_eighths"`
	OdometerKm  int        `json:"odometer_km"`
	Note        string     `json:"note"`
	Photos      []string   `json:"photos"`
	RecordedAt  *time.Time `json:"recorded_at"`
	ConfirmedAt *time.Time `json:"confirmed_at"`
}

// Event is one status change of a rental.
type Event struct {
	From  string    `json:"from"`
	To    string    `json:"to"`
	Actor string    `json:"actor"`
	Note  string    `json:"note"`
	At    time.Time `json:"at"`
}

// Person is the renter or the company's contact as a rental shows them.
type Person struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name"`
	Username    string `json:"username"`
}

// Driver is the driver named on a rental.
type Driver struct {
	Name          string `json:"name"`
	BirthDate     string `json:"birth_date"`
	LicenceNumber string `json:"licence_number"`
	Phone         string `json:"phone"`
}

// Booking is one rental.
type Booking struct {
	ID              string         `json:"id"`
	Status          string         `json:"status"`
	Car             Car            `json:"car"`
	Renter          Person         `json:"renter"`
	PickupBranch    Branch         `json:"pickup_branch"`
	DropoffBranch   Branch         `json:"dropoff_branch"`
	Start           time.Time      `json:"start"`
	End             time.Time      `json:"end"`
	Days            int            `json:"days"`
	Driver          Driver         `json:"driver"`
	Extras          []string       `json:"extras"`
	Breakdown       Breakdown      `json:"breakdown"`
	PayWith         string         `json:"pay_with"`
	Total           MoneyDTO       `json:"total"`
	Paid            MoneyDTO       `json:"paid"`
	Refunded        MoneyDTO       `json:"refunded"`
	DepositAmount   MoneyDTO       `json:"deposit_amount"`
	Deposit         *deposits.View `json:"deposit"`
	Pickup          *Handover      `json:"pickup"`
	Return          *Handover      `json:"return"`
	HoldExpiresAt   *time.Time     `json:"hold_expires_at"`
	CancelReason    string         `json:"cancel_reason"`
	FreeCancelUntil time.Time      `json:"free_cancel_until"`
	Events          []Event        `json:"events"`
	CompletedAt     *time.Time     `json:"completed_at"`
	// The renter's review (their own views only; null elsewhere) and
	// whether they may still write one.
	Review    *ReviewRef `json:"review"`
	CanReview bool       `json:"can_review"`
	CreatedAt time.Time  `json:"created_at"`
}

// ReviewRef is the renter's review of a rental: enough to show "You rated
// 4" and to link the review.
type ReviewRef struct {
	ID     string `json:"id"`
	Rating int    `json:"rating"`
	Status string `json:"status"`
}
