package rentals

import (
	"strconv"
	"time"
)

// Season is a date-based day rate: every rental day whose local date falls
// in [From, To] (inclusive, "YYYY-MM-DD") costs DayRate instead of the
// car's base rate. Seasons of one car may not overlap.
type Season struct {
	Name    string `json:"name"`
	From    string `json:"from"`
	To      string `json:"to"`
	DayRate int64  `json:"day_rate"`
}

// Extra is a priced option of a car: Per "day" (times the rental days) or
// "rental" (once).
type Extra struct {
	Code  string `json:"code"`
	Name  string `json:"name"`
	Price int64  `json:"price"`
	Per   string `json:"per"`
}

// Line is one line of a price breakdown.
type Line struct {
	Kind     string `json:"kind"` // days | extra | one_way
	Label    string `json:"label"`
	Quantity int    `json:"quantity"`
	Unit     int64  `json:"unit_amount"`
	Amount   int64  `json:"amount"`
}

// Breakdown is what a rental costs: the days at the rate of their season,
// the extras and the one-way fee; the deposit is held apart.
type Breakdown struct {
	Days     int    `json:"days"`
	Lines    []Line `json:"lines"`
	Rental   int64  `json:"rental_amount"`
	Extras   int64  `json:"extras_amount"`
	OneWay   int64  `json:"one_way_fee"`
	Total    int64  `json:"total"`
	Deposit  int64  `json:"deposit"`
	Currency string `json:"currency"`
}

// RentalDays is how many days [start, end) is charged as: every started
// 24 hours, at least one.
func RentalDays(start, end time.Time) int {
	d := end.Sub(start)
	n := int(d / (24 * time.Hour))
	if d%(24*time.Hour) > 0 {
		n++
	}
	if n < 1 {
		n = 1
	}
	return n
}

// PriceInput is what Price needs of a car and a request.
type PriceInput struct {
	DayRate   int64
	Seasons   []Season
	Extras    []Extra // the extras chosen
	OneWayFee int64   // 0 for a return to the pick-up branch
	Deposit   int64
	Currency  string
	Start     time.Time
	End       time.Time
	Loc       *time.Location // the company's zone: day d is priced by its local date
}

// Price computes the breakdown. Days are priced one by one by the local
// date they start on (start + 24 h * i); consecutive days at one rate and
// season make one line.
func Price(in PriceInput) Breakdown {
	loc := in.Loc
	if loc == nil {
		loc = time.UTC
	}
	days := RentalDays(in.Start, in.End)
	b := Breakdown{Days: days, Lines: []Line{}, Deposit: in.Deposit, Currency: in.Currency}
	for i := 0; i < days; i++ {
		date := in.Start.Add(time.Duration(i) * 24 * time.Hour).In(loc).Format("2006-01-02")
		label, rate := "Base rate", in.DayRate
		for _, s := range in.Seasons {
			if date >= s.From && date <= s.To {
				label, rate = s.Name, s.DayRate
				break
			}
		}
		if n := len(b.Lines); n > 0 && b.Lines[n-1].Label == label && b.Lines[n-1].Unit == rate {
			b.Lines[n-1].Quantity++
			b.Lines[n-1].Amount += rate
		} else {
			b.Lines = append(b.Lines, Line{Kind: "days", Label: label, Quantity: 1, Unit: rate, Amount: rate})
		}
		b.Rental += rate
	}
	for i := range b.Lines {
		b.Lines[i].Label = plural(b.Lines[i].Quantity, "day") + " · " + b.Lines[i].Label
	}
	for _, x := range in.Extras {
		q := 1
		if x.Per == "day" {
			q = days
		}
		amt := x.Price * int64(q)
		label := x.Name
		if x.Per == "day" {
			label += " · " + plural(q, "day")
		}
		b.Lines = append(b.Lines, Line{Kind: "extra", Label: label, Quantity: q, Unit: x.Price, Amount: amt})
		b.Extras += amt
	}
	if in.OneWayFee > 0 {
		b.OneWay = in.OneWayFee
		b.Lines = append(b.Lines, Line{Kind: "one_way", Label: "One-way fee", Quantity: 1, Unit: in.OneWayFee,
			Amount: in.OneWayFee})
	}
	b.Total = b.Rental + b.Extras + b.OneWay
	return b
}

// AgeOn is a person's age in whole years on day (birth "YYYY-MM-DD").
func AgeOn(birth time.Time, day time.Time) int {
	y := day.Year() - birth.Year()
	if day.Month() < birth.Month() || (day.Month() == birth.Month() && day.Day() < birth.Day()) {
		y--
	}
	return y
}

func plural(n int, w string) string {
	if n == 1 {
		return "1 " + w
	}
	return strconv.Itoa(n) + " " + w + "s"
}

func itoa(n int) string { return strconv.Itoa(n) }
