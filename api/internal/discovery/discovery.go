package discovery

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
)

// Kinds of item (the kind filter's values).
const (
	KindTour       = "tour"
	KindRentalCar  = "rental_car"
	KindCarForSale = "car_for_sale"
	KindTherapist  = "therapist"
	KindCoach      = "coach"
	KindStay       = "stay" // offered by the stays domain once it registers its Source
)

// Bounds of the query.
const (
	DefaultLimit = 24
	MaxLimit     = 60
	maxCity      = 80
	maxSpanDays  = 90
	maxCursor    = 4096
)

// Money is an amount in minor units.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// Rating is an average of reviews (nil on an item without any).
type Rating struct {
	Average float64 `json:"average"`
	Count   int     `json:"count"`
}

// Item is one card of the grid.
type Item struct {
	Kind     string  `json:"kind"`
	ID       string  `json:"id"`
	Title    string  `json:"title"`
	Subtitle string  `json:"subtitle"`
	City     string  `json:"city"`
	Country  string  `json:"country"`
	PhotoURL *string `json:"photo_url"`
	// PriceFrom is the lowest price shown for the item, per PriceUnit
	// (person, group, day, session, night; "" = the whole price, a car for sale).
	PriceFrom *Money  `json:"price_from"`
	PriceUnit string  `json:"price_unit"`
	Rating    *Rating `json:"rating"`
	// Link is the item's own page in the user portal.
	Link string `json:"link"`
}

// Query is the grid's filters. From and To are whole days (To inclusive),
// both or neither; each source applies them as far as it can (doc.go).
type Query struct {
	City     string
	From, To *time.Time
}

// Source is one kind of inventory on the grid. Page answers up to limit
// items after cursor (the source's own opaque position, "" = the start)
// and the position after them ("" = nothing more). A source pages by a
// stable key of its own (keyset), so items never repeat or go missing
// between pages; a bad cursor is ErrBadCursor.
type Source interface {
	Kind() string
	Page(ctx context.Context, q Query, cursor string, limit int) (items []Item, next string, err error)
}

// ErrBadCursor is a cursor the grid did not give out.
var ErrBadCursor = apperr.Validation(map[string]string{"cursor": "is not a cursor from this grid: start again without it"})

// ParseQuery checks the grid's parameters (the kinds against the sources known).
func ParseQuery(known []string, kind, city, from, to, limit string) ([]string, Query, int, error) {
	f := apperr.Fields{}
	n := DefaultLimit
	if limit != "" {
		v, err := strconv.Atoi(limit)
		f.Check(err == nil && v >= 1 && v <= MaxLimit, "limit", "must be a whole number from 1 to 60")
		n = v
	}
	f.Check(len(kind) <= 200, "kind", "must be at most 200 characters")
	var kinds []string
	for _, k := range strings.Split(kind, ",") {
		if k = strings.TrimSpace(k); k == "" {
			continue
		}
		ok := false
		for _, x := range known {
			ok = ok || x == k
		}
		if !ok {
			f.Add("kind", "must be one or more of "+strings.Join(known, ", ")+", separated by commas")
			break
		}
		dup := false
		for _, x := range kinds {
			dup = dup || x == k
		}
		if !dup {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		kinds = append(kinds, known...)
	}
	q := Query{City: strings.TrimSpace(city)}
	f.Check(utf8.ValidString(q.City) && utf8.RuneCountInString(q.City) <= maxCity && !strings.ContainsFunc(q.City, unicode.IsControl),
		"city", "must be at most 80 characters, without control characters")
	day := func(name, v string) *time.Time {
		if v == "" {
			return nil
		}
		t, err := time.Parse("2006-01-02", v)
		if err != nil || t.Year() < 2000 || t.Year() > 2100 {
			f.Add(name, "must be a date YYYY-MM-DD from 2000 to 2100")
			return nil
		}
		return &t
	}
	q.From, q.To = day("from", from), day("to", to)
	if (from == "") != (to == "") {
		f.Add("to", "give both from and to, or neither")
	}
	if q.From != nil && q.To != nil {
		f.Check(!q.To.Before(*q.From), "to", "must not be before from")
		f.Check(q.To.Sub(*q.From) <= maxSpanDays*24*time.Hour, "to", "must be at most 90 days after from")
	}
	return kinds, q, n, f.Err()
}

// cursorState is each kind's position; done marks a kind with nothing more.
type cursorState map[string]string

const doneMark = "\x00done"

func encodeCursor(s cursorState) string {
	b, _ := json.Marshal(s)
	b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(raw string) (cursorState, error) {
	s := cursorState{}
	if raw == "" {
		return s, nil
	}
	if len(raw) > maxCursor {
		return nil, ErrBadCursor
	}
	b, err := base64.RawURLEncoding.DecodeString(raw)
	if err != nil || len(b) < 5 {
		return nil, ErrBadCursor
	}
	body, sum := b[:len(b)-4], binary.BigEndian.Uint32(b[len(b)-4:])
	if crc32.ChecksumIEEE(body) != sum || json.Unmarshal(body, &s) != nil {
		return nil, ErrBadCursor
	}
	return s, nil
}
