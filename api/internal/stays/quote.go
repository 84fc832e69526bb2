package stays

import (
	"context"
	"encoding/json"
	"strings"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/ids"
)

// maxLiveQuotes bounds the unpaid quotes a traveller holds at once.
const maxLiveQuotes = 20

// QuoteInput asks the supplier to re-check a rate. SeenPrice is the price
// the traveller was shown for it (0 = none): the answer says whether the
// quote differs.
type QuoteInput struct {
	RateID    string
	SeenPrice int64
}

// Quote re-checks a rate with the supplier and keeps it as the
// traveller's stay, status quoted, until it is paid or its quote expires.
func (s *Service) Quote(ctx context.Context, userID string, in QuoteInput) (Stay, error) {
	f := apperr.Fields{}
	f.Check(validID(in.RateID), "rate_id", "is not a rate id")
	f.Check(in.SeenPrice >= 0 && in.SeenPrice <= 1e13, "seen_price", "must be 0 to 10^13")
	if err := f.Err(); err != nil {
		return Stay{}, err
	}
	now := s.now()
	live, err := s.c.DB.NewSelect().Table("stay_bookings").Where("user_id = ? AND status = ? AND quote_expires_at > ?",
		userID, StatusQuoted, now).Count(ctx)
	if err != nil {
		return Stay{}, err
	}
	if live >= maxLiveQuotes {
		return Stay{}, apperr.Conflict("You have many open quotes; book one or wait a few minutes for them to expire.")
	}
	q, err := s.c.Supplier.StaysQuote(ctx, in.RateID)
	if err != nil {
		return Stay{}, supplierErr(err, errRateGone)
	}
	a := q.Accommodation
	if len(a.Rooms) == 0 || len(a.Rooms[0].Rates) == 0 {
		return Stay{}, errRateGone
	}
	total, err := duffel.ParseAmount(q.TotalAmount)
	if err != nil {
		return Stay{}, err
	}
	rate := a.Rooms[0].Rates[0]
	tl, _ := json.Marshal(rate.CancellationTimeline)
	zone := a.Location.TimeZone
	if zone == "" {
		if c, ok := cityByName(a.Location.Address.CityName); ok {
			zone = c.TimeZone
		} else {
			zone = "UTC"
		}
	}
	in2, out2 := "15:00", "11:00"
	if a.CheckInInformation != nil {
		in2, out2 = a.CheckInInformation.CheckInAfterTime, a.CheckInInformation.CheckOutBeforeTime
	}
	price := total + s.markup(total)
	seen := in.SeenPrice
	if seen == 0 {
		seen = price
	}
	lat, lng := a.Location.GeographicCoordinates.Latitude, a.Location.GeographicCoordinates.Longitude
	row := &bookingRow{ID: ids.New(), UserID: userID, Status: StatusQuoted, AccommodationID: a.ID,
		PropertyName: a.Name, Address: a.Location.Address.LineOne, City: a.Location.Address.CityName,
		Country: a.Location.Address.CountryCode, TimeZone: zone, Lat: &lat, Lng: &lng,
		RoomName: a.Rooms[0].Name, BoardType: rate.BoardType, Rooms: q.Rooms, Adults: len(q.Guests),
		CheckInDate: q.CheckInDate, CheckOutDate: q.CheckOutDate,
		StartsAt: localTime(q.CheckInDate, in2, zone), EndsAt: localTime(q.CheckOutDate, out2, zone),
		RateID: in.RateID, QuoteID: q.ID, QuoteExpiresAt: q.ExpiresAt.UTC(), SupplierTotal: total,
		Markup: price - total, Price: price, RatePrice: seen, Currency: q.TotalCurrency, Cancellation: string(tl),
		Guests: "[]", CreatedAt: now, UpdatedAt: now}
	if row.QuoteExpiresAt.IsZero() || row.QuoteExpiresAt.Before(now) {
		row.QuoteExpiresAt = now.Add(duffelQuoteTTL)
	}
	if a.Rating != nil {
		row.Stars = *a.Rating
	}
	if len(a.Photos) > 0 {
		row.PhotoURL = a.Photos[0].URL
	}
	if row.Adults == 0 {
		row.Adults = 1
	}
	if _, err := s.c.DB.NewInsert().Model(row).Exec(ctx); err != nil {
		return Stay{}, err
	}
	return s.view(row), nil
}

// PayInput is the guests' details and how the traveller pays.
type PayInput struct {
	Guests        []Guest
	Email         string
	Phone         string
	PayWith       string
	AcceptedPrice int64  // the price the traveller agreed to (must be the quote's)
	TripID        string // the trip to join ("" = the overlapping one in the city, or a new one)
	Origin        string // the portal origin a card payment comes back to
}

func (s *Service) checkPay(b *bookingRow, in PayInput) error {
	f := apperr.Fields{}
	f.Check(len(in.Guests) >= 1 && len(in.Guests) <= b.Adults, "guests", "name one to all of the stay's guests")
	for i, g := range in.Guests {
		p := "guests[" + itoa(i) + "]."
		f.Check(goodName(g.GivenName), p+"given_name", "is required (at most 100 characters)")
		f.Check(goodName(g.FamilyName), p+"family_name", "is required (at most 100 characters)")
	}
	at := strings.LastIndex(in.Email, "@")
	f.Check(len(in.Email) <= 254 && at > 0 && at < len(in.Email)-1 && !strings.ContainsAny(in.Email, " \t\r\n"),
		"email", "must be an email address")
	f.Check(len(in.Phone) <= 30, "phone", "at most 30 characters")
	for _, r := range in.Phone {
		if !(r >= '0' && r <= '9' || strings.ContainsRune("+ -()", r)) {
			f.Add("phone", "digits, spaces and + - ( ) only")
			break
		}
	}
	f.Check(in.PayWith == PayWallet || in.PayWith == PayCard, "pay_with", "must be wallet or card")
	f.Check(len(in.TripID) <= 64, "trip_id", "is not a trip id")
	return f.Err()
}

func goodName(s string) bool {
	t := strings.TrimSpace(s)
	return t != "" && len(t) <= maxText
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}
