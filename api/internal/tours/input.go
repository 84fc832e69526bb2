package tours

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// Bounds of a tour.
const (
	maxStops, maxStopTitle, maxStopText, maxStopMinutes = 20, 120, 1000, 24 * 60
	maxItems, maxItemLen                                = 20, 120
	maxLanguages, maxLanguageLen                        = 10, 40
	maxCity, maxAddress                                 = 80, 200
	maxPhotos                                           = 10
	maxReason                                           = 500
)

// Stop is one stop of an itinerary.
type Stop struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	DurationMin int    `json:"duration_min"`
}

// MeetingPoint is where a tour starts.
type MeetingPoint struct {
	Address string  `json:"address"`
	Lat     float64 `json:"lat"`
	Lng     float64 `json:"lng"`
}

// TourInput creates (title, city, meeting point, price, duration, capacity
// and at least one stop required) or changes (only the fields present) a
// tour; the selling fields go to the practice offering.
type TourInput struct {
	Title                *string              `json:"title"`
	Description          *string              `json:"description"`
	City                 *string              `json:"city"`
	Country              *string              `json:"country"`
	MeetingPoint         *MeetingPoint        `json:"meeting_point"`
	Itinerary            *[]Stop              `json:"itinerary"`
	Included             *[]string            `json:"included"`
	Excluded             *[]string            `json:"excluded"`
	Languages            *[]string            `json:"languages"`
	Private              *bool                `json:"private"`
	Accessible           *bool                `json:"accessible"`
	KidFriendly          *bool                `json:"kid_friendly"`
	Price                *practice.Money      `json:"price"`
	Pricing              *string              `json:"pricing"`
	DurationMin          *int                 `json:"duration_min"`
	Capacity             *int                 `json:"capacity"`
	Departures           *practice.Departures `json:"departures"`
	CutoffHours          *int                 `json:"cutoff_hours"`
	MinParticipants      *int                 `json:"min_participants"`
	RequiresConfirmation *bool                `json:"requires_confirmation"`
	FreeCancelHours      *int                 `json:"free_cancel_hours"`
	LateCancelFeePct     *int                 `json:"late_cancel_fee_pct"`
	MaxAdvanceDays       *int                 `json:"max_advance_days"`
	Active               *bool                `json:"active"`
}

func textLen(f apperr.Fields, field, s string, min, max int) string {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	f.Check(n >= min && n <= max, field, fmt.Sprintf("must be %d to %d characters", min, max))
	return s
}

func list(f apperr.Fields, field string, in []string, maxN, maxLen int) []string {
	if len(in) > maxN {
		f.Add(field, fmt.Sprintf("must have at most %d items", maxN))
		return []string{}
	}
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for i, s := range in {
		s = textLen(f, fmt.Sprintf("%s[%d]", field, i), s, 1, maxLen)
		if k := strings.ToLower(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	return out
}

// apply validates the tour's own fields onto t (create: the required ones
// must be there).
func (in *TourInput) apply(f apperr.Fields, t *tourRow, create bool) []string {
	if create {
		f.Check(in.City != nil, "city", "is required")
		f.Check(in.MeetingPoint != nil, "meeting_point", "is required")
		f.Check(in.Itinerary != nil, "itinerary", "is required")
		f.Check(in.Capacity != nil, "capacity", "is required")
	}
	if in.City != nil {
		t.City = textLen(f, "city", *in.City, 1, maxCity)
		t.CityKey = cityKey(t.City)
	}
	if in.Country != nil {
		c := strings.ToUpper(strings.TrimSpace(*in.Country))
		f.Check(c == "" || (len(c) == 2 && c[0] >= 'A' && c[0] <= 'Z' && c[1] >= 'A' && c[1] <= 'Z'), "country",
			"must be a two-letter country code such as NG")
		t.Country = c
	}
	if m := in.MeetingPoint; m != nil {
		t.MeetingAddress = textLen(f, "meeting_point.address", m.Address, 1, maxAddress)
		f.Check(!math.IsNaN(m.Lat) && m.Lat >= -90 && m.Lat <= 90, "meeting_point.lat", "must be from -90 to 90")
		f.Check(!math.IsNaN(m.Lng) && m.Lng >= -180 && m.Lng <= 180, "meeting_point.lng", "must be from -180 to 180")
		t.MeetingLat, t.MeetingLng = m.Lat, m.Lng
	}
	if in.Itinerary != nil {
		stops := *in.Itinerary
		if len(stops) < 1 || len(stops) > maxStops {
			f.Add("itinerary", fmt.Sprintf("must have from 1 to %d stops", maxStops))
		} else {
			for i := range stops {
				n := fmt.Sprintf("itinerary[%d]", i)
				stops[i].Title = textLen(f, n+".title", stops[i].Title, 1, maxStopTitle)
				stops[i].Description = textLen(f, n+".description", stops[i].Description, 0, maxStopText)
				f.Check(stops[i].DurationMin >= 0 && stops[i].DurationMin <= maxStopMinutes, n+".duration_min",
					"must be from 0 to 1440")
			}
			t.Itinerary = encode(stops)
		}
	}
	if in.Included != nil {
		t.Included = encode(list(f, "included", *in.Included, maxItems, maxItemLen))
	}
	if in.Excluded != nil {
		t.Excluded = encode(list(f, "excluded", *in.Excluded, maxItems, maxItemLen))
	}
	var langs []string
	if in.Languages != nil {
		langs = list(f, "languages", *in.Languages, maxLanguages, maxLanguageLen)
		f.Check(len(langs) >= 1 || len(*in.Languages) > maxLanguages, "languages", "must name at least one language")
	} else if create {
		f.Add("languages", "is required")
	}
	for _, b := range []struct {
		p   *bool
		dst *bool
	}{{in.Private, &t.Private}, {in.Accessible, &t.Accessible}, {in.KidFriendly, &t.KidFriendly}} {
		if b.p != nil {
			*b.dst = *b.p
		}
	}
	return langs
}

// offeringInput is the practice offering part of a tour.
func (in *TourInput) offeringInput(create bool) practice.OfferingInput {
	out := practice.OfferingInput{Title: in.Title, Description: in.Description, DurationMin: in.DurationMin,
		Price: in.Price, Capacity: in.Capacity, RequiresConfirmation: in.RequiresConfirmation,
		FreeCancelHours: in.FreeCancelHours, LateCancelFeePct: in.LateCancelFeePct, MaxAdvanceDays: in.MaxAdvanceDays,
		Active: in.Active, Pricing: in.Pricing, Departures: in.Departures, CutoffHours: in.CutoffHours,
		MinParticipants: in.MinParticipants, Exclusive: in.Private}
	if create {
		format, zero := practice.FormatInPerson, 0
		out.Format = &format
		out.MinNoticeMin = &zero
		if out.Pricing == nil {
			p := practice.PricingPerPerson
			if in.Private != nil && *in.Private {
				p = practice.PricingPerGroup
			}
			out.Pricing = &p
		}
	}
	return out
}

func cityKey(c string) string { return strings.ToLower(strings.Join(strings.Fields(c), " ")) }

func encode(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func decodeStops(s string) []Stop {
	out := []Stop{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

func decodeList(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// Photo is one photo of a tour.
type Photo struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// TourView is a tour as its guide, the public page and admins see it.
type TourView struct {
	ID                   string               `json:"id"`
	ProviderID           string               `json:"provider_id"`
	Title                string               `json:"title"`
	Description          string               `json:"description"`
	City                 string               `json:"city"`
	Country              string               `json:"country"`
	MeetingPoint         MeetingPoint         `json:"meeting_point"`
	Itinerary            []Stop               `json:"itinerary"`
	Included             []string             `json:"included"`
	Excluded             []string             `json:"excluded"`
	Languages            []string             `json:"languages"`
	Private              bool                 `json:"private"`
	Accessible           bool                 `json:"accessible"`
	KidFriendly          bool                 `json:"kid_friendly"`
	Price                practice.Money       `json:"price"`
	Pricing              string               `json:"pricing"`
	DurationMin          int                  `json:"duration_min"`
	Capacity             int                  `json:"capacity"`
	Departures           *practice.Departures `json:"departures"`
	CutoffHours          int                  `json:"cutoff_hours"`
	MinParticipants      int                  `json:"min_participants"`
	RequiresConfirmation bool                 `json:"requires_confirmation"`
	FreeCancelHours      int                  `json:"free_cancel_hours"`
	LateCancelFeePct     int                  `json:"late_cancel_fee_pct"`
	MaxAdvanceDays       int                  `json:"max_advance_days"`
	Active               bool                 `json:"active"`
	Hidden               bool                 `json:"hidden"`
	HiddenReason         string               `json:"hidden_reason"`
	Photos               []Photo              `json:"photos"`
	CreatedAt            time.Time            `json:"created_at"`
	UpdatedAt            time.Time            `json:"updated_at"`
}

func view(t *tourRow, off practice.OfferingView, langs []string, photos []Photo) TourView {
	if langs == nil {
		langs = []string{}
	}
	if photos == nil {
		photos = []Photo{}
	}
	return TourView{ID: t.OfferingID, ProviderID: t.ProviderID, Title: off.Title, Description: off.Description,
		City: t.City, Country: t.Country, MeetingPoint: MeetingPoint{Address: t.MeetingAddress, Lat: t.MeetingLat,
			Lng: t.MeetingLng}, Itinerary: decodeStops(t.Itinerary), Included: decodeList(t.Included),
		Excluded: decodeList(t.Excluded), Languages: langs, Private: t.Private, Accessible: t.Accessible,
		KidFriendly: t.KidFriendly, Price: off.Price, Pricing: off.Pricing, DurationMin: off.DurationMin,
		Capacity: off.Capacity, Departures: off.Departures, CutoffHours: off.CutoffHours,
		MinParticipants: off.MinParticipants, RequiresConfirmation: off.RequiresConfirmation,
		FreeCancelHours: off.FreeCancelHours, LateCancelFeePct: off.LateCancelFeePct,
		MaxAdvanceDays: off.MaxAdvanceDays, Active: off.Active, Hidden: t.Hidden, HiddenReason: t.HiddenReason,
		Photos: photos, CreatedAt: t.CreatedAt.UTC(), UpdatedAt: t.UpdatedAt.UTC()}
}

// offeringView turns the kernel's Offering into its view (for readers that
// are not the owner).
func offeringView(o practice.Offering) practice.OfferingView {
	return practice.OfferingView{ID: o.ID, ProviderID: o.ProviderID, Title: o.Title, Description: o.Description,
		Format: o.Format, DurationMin: o.DurationMin, Price: practice.Money{Amount: o.Price, Currency: o.Currency},
		Capacity: o.Capacity, RequiresConfirmation: o.RequiresConfirmation, MinNoticeMin: o.MinNoticeMin,
		MaxAdvanceDays: o.MaxAdvanceDays, FreeCancelHours: o.FreeCancelHours, LateCancelFeePct: o.LateCancelFeePct,
		Active: o.Active, Pricing: o.Pricing, Departures: o.Departures, CutoffHours: o.CutoffHours,
		MinParticipants: o.MinParticipants, Exclusive: o.Exclusive}
}
