package bookings

import (
	"encoding/json"
	"strings"
	"unicode/utf8"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// Seats (migration 0026): a hold or booking takes Seats seats of its
// session (1..capacity, default 1) and names its travellers (Attendees, at
// most one per seat, each 1..MaxAttendeeLen characters). Its cells take
// HeldSeats seats: Seats, or every seat of an exclusive (private)
// offering, so a private departure is one booking whatever its size.
// The price is the offering's price per booking (per_group) or per seat
// (per_person), at most money.MaxAmount in all.

// MaxAttendeeLen bounds one traveller's name.
const MaxAttendeeLen = 100

// priceFor is what seats of an offering cost.
func priceFor(off practice.Offering, seats int) (int64, error) {
	if off.Pricing != practice.PricingPerPerson {
		return off.Price, nil
	}
	total := off.Price * int64(seats)
	if total > money.MaxAmount {
		return 0, apperr.Validation(map[string]string{"seats": money.AmountTooLarge})
	}
	return total, nil
}

// cellSeats is the seats a booking of seats takes in its session's cells.
func cellSeats(off practice.Offering, seats int) int {
	if off.Exclusive {
		return max(off.Capacity, 1)
	}
	return seats
}

// checkSeats validates the seats and the travellers' names of a hold.
func checkSeats(f apperr.Fields, off practice.Offering, seats *int, attendees []string) []string {
	if *seats == 0 {
		*seats = 1
	}
	capacity := max(off.Capacity, 1)
	f.Check(*seats >= 1 && *seats <= capacity, "seats", "must be from 1 to "+itoa(capacity))
	f.Check(len(attendees) <= *seats, "attendees", "must name at most one traveller per seat")
	out := make([]string, 0, len(attendees))
	for i, a := range attendees {
		a = strings.TrimSpace(a)
		n := utf8.RuneCountInString(a)
		f.Check(n >= 1 && n <= MaxAttendeeLen, "attendees["+itoa(i)+"]", "must be a name of 1 to 100 characters")
		out = append(out, a)
	}
	return out
}

func encodeAttendees(a []string) string {
	if a == nil {
		a = []string{}
	}
	b, _ := json.Marshal(a)
	return string(b)
}

func decodeAttendees(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}
