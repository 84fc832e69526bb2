package airports

import (
	"sort"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Airport is an airport in the API.
type Airport struct {
	IATA        string  `json:"iata"`
	ICAO        string  `json:"icao"`
	Name        string  `json:"name"`
	City        string  `json:"city"`
	Country     string  `json:"country"`
	CountryName string  `json:"country_name"`
	TimeZone    string  `json:"time_zone"`
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
	Large       bool    `json:"large"`
}

type entry struct {
	Airport
	code, icao   string   // lower case
	city, name   string   // folded
	words        []string // folded words of city, name and country name
	cityWords    []string
	countryWords []string
	keyWords     []string // folded words of the keywords (other names, metro codes)
}

type index struct {
	all    []*entry
	byCode map[string]*entry
	// byPrefix lists, for the first one to three letters of every word of an airport (codes, city, name,
	// country, keywords), the airports having such a word, once each, in code order: a query's candidates
	// are those of its first word's prefix, every match needing that word to start one of the airport's.
	byPrefix map[string][]*entry
}

// prefixKey is the first up to three runes of w.
func prefixKey(w string) string {
	n := 0
	for i := range w {
		if n == 3 {
			return w[:i]
		}
		n++
	}
	return w
}

func build(rows []row) *index {
	ix := &index{byCode: make(map[string]*entry, len(rows)), byPrefix: map[string][]*entry{}}
	for _, r := range rows {
		e := &entry{Airport: Airport{IATA: r.IATA, ICAO: r.ICAO, Name: r.Name, City: r.City, Country: r.Country,
			CountryName: r.CountryName, TimeZone: r.TimeZone, Lat: r.Lat, Lng: r.Lng, Large: r.Large}}
		e.code, e.icao = strings.ToLower(r.IATA), strings.ToLower(r.ICAO)
		e.city, e.name = fold(r.City), fold(r.Name)
		e.cityWords = strings.Fields(e.city)
		e.countryWords = strings.Fields(fold(r.CountryName))
		e.words = append(append(append([]string{}, e.cityWords...), strings.Fields(e.name)...), e.countryWords...)
		e.keyWords = strings.Fields(fold(r.Keywords))
		ix.all = append(ix.all, e)
		ix.byCode[r.IATA] = e
		seen := map[string]bool{}
		for _, list := range [][]string{{e.code, e.icao}, e.words, e.keyWords} {
			for _, w := range list {
				r := []rune(w)
				for k := 1; k <= min(3, len(r)); k++ {
					if p := string(r[:k]); !seen[p] {
						seen[p] = true
						ix.byPrefix[p] = append(ix.byPrefix[p], e)
					}
				}
			}
		}
	}
	return ix
}

func normCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// fold lower-cases s, removes accents and turns everything but letters and digits into single spaces.
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// Scores of a match, best first (doc.go).
const (
	scoreIATA        = 1000
	scoreICAO        = 900
	scoreCityPrefix  = 600
	scoreCityWords   = 500
	scoreKeywords    = 450 // other names and metro codes (EWR: New York City, NYC)
	scoreNamePrefix  = 400
	scoreAllWords    = 300
	scoreCountry     = 200
	scoreCodePrefix  = 100
	bonusLarge       = 50
	maxQueryRunes    = 64
	DefaultLimit     = 8
	MaxLimit         = 20
	minWordsForWords = 1
)

// everyPrefix reports whether each query word starts some word of words.
func everyPrefix(q, words []string) bool {
	if len(q) < minWordsForWords || len(words) == 0 {
		return false
	}
	for _, w := range q {
		found := false
		for _, x := range words {
			if strings.HasPrefix(x, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (e *entry) score(q string, qw []string) int {
	s := 0
	switch {
	case q == e.code:
		s = scoreIATA
	case e.icao != "" && q == e.icao:
		s = scoreICAO
	case e.city != "" && strings.HasPrefix(e.city, q):
		s = scoreCityPrefix
	case everyPrefix(qw, e.cityWords):
		s = scoreCityWords
	case everyPrefix(qw, e.keyWords):
		s = scoreKeywords
	case strings.HasPrefix(e.name, q):
		s = scoreNamePrefix
	case everyPrefix(qw, e.words):
		s = scoreAllWords
		if everyPrefix(qw, e.countryWords) {
			s = scoreCountry
		}
	case len(q) < 3 && strings.HasPrefix(e.code, q):
		s = scoreCodePrefix
	default:
		return 0
	}
	if e.Large {
		s += bonusLarge
	}
	return s
}

type hit struct {
	e     *entry
	score int
}

func (ix *index) search(raw string, limit int) []Airport {
	q := fold(raw)
	out := []Airport{}
	if q == "" {
		return out
	}
	qw := strings.Fields(q)
	// The best limit hits, kept sorted (score desc, then code: candidates come in code order, so a later
	// one of equal score goes after).
	hits := make([]hit, 0, limit+1)
	for _, e := range ix.byPrefix[prefixKey(qw[0])] {
		s := e.score(q, qw)
		if s == 0 || (len(hits) == limit && s <= hits[limit-1].score) {
			continue
		}
		i := sort.Search(len(hits), func(i int) bool { return hits[i].score < s })
		hits = append(hits, hit{})
		copy(hits[i+1:], hits[i:])
		hits[i] = hit{e, s}
		if len(hits) > limit {
			hits = hits[:limit]
		}
	}
	for _, h := range hits {
		out = append(out, h.e.Airport)
	}
	return out
}
