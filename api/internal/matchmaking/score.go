package matchmaking

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Member is one person as the scoring sees them: their profile snapshot
// (age, gender, home point, spoken languages), their preference steps, their
// answers to the questions and their learnt weights. Scoring is plain Go over
// Members, so it is tested without a database.
type Member struct {
	ID       string
	Age      int
	Gender   string
	City     string
	Country  string
	HasPoint bool
	Lat, Lng float64
	Spoken   []string
	Prefs    Prefs
	Answers  map[string]Answer
	Weights  Weights
	// qs is Answers compiled for scoring (compile): made when a member is
	// decoded, so members shared between requests are never written.
	qs *[numQuestions]qa
	// low holds the languages sought, spoken and interests in lower case.
	low *lowered
}

type lowered struct{ langs, spoken, interests []string }

func lowerAll(xs *[]string) []string {
	if xs == nil {
		return nil
	}
	out := make([]string, len(*xs))
	for i, x := range *xs {
		out[i] = strings.ToLower(x)
	}
	return out
}

// lower makes low (once; members from the cache come with it).
func (m *Member) lower() *lowered {
	if m.low == nil {
		m.low = &lowered{langs: lowerAll(m.Prefs.Languages), spoken: lowerAll(&m.Spoken), interests: lowerAll(m.Prefs.Interests)}
	}
	return m.low
}

// countShared counts the items of a in b (both lower case).
func countShared(a, b []string) int {
	n := 0
	for _, x := range a {
		for _, y := range b {
			if x == y {
				n++
				break
			}
		}
	}
	return n
}

// numQuestions is len(Questions) (checked in init).
const numQuestions = 8

// qa is one answer compiled: the own option's index, the accepted options
// as a bit mask, the importance weight.
type qa struct {
	has       bool
	mandatory bool
	own       uint8
	accepted  uint8
	w         float64
}

var optionIndex = map[string]map[string]uint8{}

func init() {
	if len(Questions) != numQuestions {
		panic("matchmaking: numQuestions must be len(Questions)")
	}
	for _, q := range Questions {
		m := map[string]uint8{}
		for i, o := range q.Options {
			m[o.ID] = uint8(i)
		}
		optionIndex[q.ID] = m
	}
}

// compile makes qs from Answers (once; members from the cache come compiled).
func (m *Member) compile() *[numQuestions]qa {
	if m.qs != nil {
		return m.qs
	}
	var out [numQuestions]qa
	for k, q := range Questions {
		x, ok := m.Answers[q.ID]
		if !ok {
			continue
		}
		idx := optionIndex[q.ID]
		c := qa{has: true, mandatory: x.Importance == ImpMandatory, own: idx[x.Answer], w: importanceWeight[x.Importance]}
		for _, a := range x.Accepted {
			if i, ok := idx[a]; ok {
				c.accepted |= 1 << i
			}
		}
		out[k] = c
	}
	m.qs = &out
	return m.qs
}

// The importance of an answer and its weight (OkCupid's 0, 1, 10, 50, 250);
// mandatory is also a dealbreaker.
const (
	ImpIrrelevant = "irrelevant"
	ImpLittle     = "a_little"
	ImpSomewhat   = "somewhat"
	ImpVery       = "very"
	ImpMandatory  = "mandatory"
)

var importanceWeight = map[string]float64{ImpIrrelevant: 0, ImpLittle: 1, ImpSomewhat: 10, ImpVery: 50, ImpMandatory: 250}

// dimWeight is the base weight of each preference dimension (as "somewhat
// important"), times the person's learnt multiplier.
const dimWeight = 10.0

// Anywhere is the largest distance: no distance limit.
const Anywhere = 20000

func eq(a, b *string) bool { return a != nil && b != nil && *a == *b }

func set(a *string) bool { return a != nil && *a != "" }

// level is the position of v in an ordered scale (-1 when absent).
func level(scale []string, v *string) int {
	if v == nil {
		return -1
	}
	return slices.Index(scale, *v)
}

var (
	activityScale  = []string{"relaxed", "moderate", "active", "very_active"}
	frequencyScale = []string{"rarely", "yearly", "quarterly", "monthly"}
)

// near is 1 for the same level, 0.5 for neighbours, else 0.
func near(scale []string, a, b *string) (float64, bool) {
	x, y := level(scale, a), level(scale, b)
	if x < 0 || y < 0 {
		return 0, false
	}
	switch d := x - y; {
	case d == 0:
		return 1, true
	case d == 1 || d == -1:
		return 0.5, true
	}
	return 0, true
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// shared is the items of a also in b, compared without case, in a's order.
func shared(a, b []string) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			if strings.EqualFold(x, y) {
				out = append(out, x)
				break
			}
		}
	}
	return out
}

// childrenFit: the same wish 1, one side open 0.5, yes against no 0.
func childrenFit(a, b *string) (float64, bool) {
	if !set(a) || !set(b) {
		return 0, false
	}
	switch {
	case *a == *b:
		return 1, true
	case *a == "open" || *b == "open":
		return 0.5, true
	}
	return 0, true
}

// visit calls add for each thing a asks of b (its dimension, weight and how
// far b satisfies it), without building a list: ranking calls it twice per
// candidate.
func visit(a, b *Member, add func(dim string, w, sat float64)) {
	p, q := &a.Prefs, &b.Prefs
	if set(p.Intent) && set(q.Intent) {
		add(DimIntent, dimWeight, b2f(eq(p.Intent, q.Intent)))
	}
	if p.Languages != nil && len(*p.Languages) > 0 {
		add(DimLanguages, dimWeight, b2f(countShared(a.lower().langs, b.lower().spoken) > 0))
	}
	if set(p.Smoking) && set(q.Smoking) {
		add(DimLifestyle, dimWeight/4, b2f(eq(p.Smoking, q.Smoking)))
	}
	if set(p.Drinking) && set(q.Drinking) {
		add(DimLifestyle, dimWeight/4, b2f(eq(p.Drinking, q.Drinking)))
	}
	if set(p.Diet) && set(q.Diet) && *p.Diet != "anything" {
		add(DimLifestyle, dimWeight/4, b2f(eq(p.Diet, q.Diet)))
	}
	if s, ok := near(activityScale, p.Activity, q.Activity); ok {
		add(DimLifestyle, dimWeight/4, s)
	}
	if p.SameFaith != nil && *p.SameFaith && set(p.Faith) && set(q.Faith) {
		add(DimFaith, dimWeight, b2f(eq(p.Faith, q.Faith)))
	}
	if s, ok := childrenFit(p.WantsChildren, q.WantsChildren); ok {
		add(DimChildren, dimWeight, s)
	}
	if set(p.TravelStyle) && set(q.TravelStyle) {
		add(DimTravel, dimWeight/2, b2f(eq(p.TravelStyle, q.TravelStyle)))
	}
	if s, ok := near(frequencyScale, p.TravelFrequency, q.TravelFrequency); ok {
		add(DimTravel, dimWeight/2, s)
	}
	if p.Interests != nil && len(*p.Interests) > 0 && q.Interests != nil {
		// Sharing three (or all of a's, when fewer) satisfies fully.
		want := math.Min(3, float64(len(*p.Interests)))
		add(DimInterests, dimWeight, math.Min(1, float64(countShared(a.lower().interests, b.lower().interests))/want))
	}
	xs, ys := a.compile(), b.compile()
	for k := range xs {
		x, y := &xs[k], &ys[k]
		if !x.has || !y.has || x.w == 0 {
			continue
		}
		add(DimQuestions, x.w, b2f(x.accepted&(1<<y.own) != 0))
	}
}

// Satisfaction is how well b satisfies a: the sum of the weights (times a's
// learnt multipliers) of what a asks that b satisfies, over the sum of those
// weights; 0.5 when a asks nothing b can be compared on.
func Satisfaction(a, b *Member) float64 {
	var num, den float64
	visit(a, b, func(dim string, w, sat float64) {
		if len(a.Weights) > 0 {
			w *= a.Weights.of(dim)
		}
		num += w * sat
		den += w
	})
	if den == 0 {
		return 0.5
	}
	return num / den
}

// Accuracy is round(100 * sqrt(s(a->b) * s(b->a))): the geometric mean of the
// two satisfactions, the same whichever side asks.
func Accuracy(a, b *Member) int {
	return int(math.Round(100 * math.Sqrt(Satisfaction(a, b)*Satisfaction(b, a))))
}

// DistanceKm is the great-circle distance between the two home points
// (-1 when either is unknown; 0 for the same city named without a point).
func DistanceKm(a, b *Member) float64 {
	if !a.HasPoint || !b.HasPoint {
		if a.City != "" && strings.EqualFold(a.City, b.City) && strings.EqualFold(a.Country, b.Country) {
			return 0
		}
		return -1
	}
	const r = 6371.0
	rad := math.Pi / 180
	dlat, dlng := (b.Lat-a.Lat)*rad, (b.Lng-a.Lng)*rad
	h := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dlng/2)*math.Sin(dlng/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Acceptable reports whether b passes every hard filter of a: age, gender,
// distance, a's dealbreaker steps and a's mandatory answers. The matching
// pair must pass both ways (Compatible).
func Acceptable(a, b *Member, km float64) bool {
	p, q := &a.Prefs, &b.Prefs
	if b.Age < p.ageMin() || b.Age > p.ageMax() || !slices.Contains(p.genders(), b.Gender) {
		return false
	}
	if max := p.maxKm(); max < Anywhere && (km < 0 || km > float64(max)) {
		return false
	}
	if p.Dealbreakers != nil {
		for _, d := range *p.Dealbreakers {
			ok := true
			switch d {
			case "intent":
				ok = eq(p.Intent, q.Intent) || !set(p.Intent)
			case "languages":
				ok = p.Languages == nil || len(*p.Languages) == 0 || countShared(a.lower().langs, b.lower().spoken) > 0
			case "smoking":
				ok = eq(p.Smoking, q.Smoking) || !set(p.Smoking)
			case "drinking":
				ok = eq(p.Drinking, q.Drinking) || !set(p.Drinking)
			case "faith":
				ok = eq(p.Faith, q.Faith) || !set(p.Faith)
			case "children":
				s, known := childrenFit(p.WantsChildren, q.WantsChildren)
				ok = !set(p.WantsChildren) || known && s > 0
			case "travel_style":
				ok = eq(p.TravelStyle, q.TravelStyle) || !set(p.TravelStyle)
			}
			if !ok {
				return false
			}
		}
	}
	xs, ys := a.compile(), b.compile()
	for k := range xs {
		if xs[k].mandatory && (!ys[k].has || xs[k].accepted&(1<<ys[k].own) == 0) {
			return false
		}
	}
	return true
}

// Compatible is Acceptable both ways.
func Compatible(a, b *Member) (bool, float64) {
	km := DistanceKm(a, b)
	return Acceptable(a, b, km) && Acceptable(b, a, km), km
}

// Scored is a candidate as a sees them: the accuracy, why, and what they share.
type Scored struct {
	ID        string
	Accuracy  int
	Km        float64
	Why       []string
	Interests []string
	Languages []string
}

// Score rates b for a: nil when a hard filter fails either way.
func Score(a, b *Member) *Scored {
	ok, km := Compatible(a, b)
	if !ok {
		return nil
	}
	s := &Scored{ID: b.ID, Accuracy: Accuracy(a, b), Km: km}
	Describe(a, b, s)
	return s
}

// Describe fills what a and b share and the why lines (done only for the
// candidates on the page asked for).
func Describe(a, b *Member, s *Scored) {
	s.Interests, s.Languages = []string{}, []string{}
	if a.Prefs.Interests != nil && b.Prefs.Interests != nil {
		s.Interests = append(s.Interests, shared(*a.Prefs.Interests, *b.Prefs.Interests)...)
	}
	s.Languages = append(s.Languages, shared(a.Spoken, b.Spoken)...)
	s.Why = why(a, b, s)
}

var travelWhy = map[string]string{"light": "You both travel light", "comfort": "You both travel in comfort",
	"luxury": "You both like to travel in luxury", "adventure": "You both travel for adventure"}

var intentWhy = map[string]string{"friendship": "You are both here for friendship",
	"travel_companion": "You are both looking for a travel companion", "dating": "You are both dating",
	"long_term": "You both want a long-term relationship", "marriage": "You are both looking for marriage"}

// list joins up to three items as "a, b and c".
func list(xs []string) string {
	if len(xs) > 3 {
		xs = xs[:3]
	}
	switch len(xs) {
	case 1:
		return xs[0]
	case 2:
		return xs[0] + " and " + xs[1]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// why is the plain-language reasons, strongest first (the distance is shown
// apart, as the candidate's distance).
func why(a, b *Member, s *Scored) []string {
	p, q := &a.Prefs, &b.Prefs
	var out []string
	if eq(p.Intent, q.Intent) {
		out = append(out, intentWhy[*p.Intent])
	}
	if eq(p.TravelStyle, q.TravelStyle) {
		out = append(out, travelWhy[*p.TravelStyle])
	}
	if eq(p.WantsChildren, q.WantsChildren) {
		switch *p.WantsChildren {
		case "yes":
			out = append(out, "You both want children")
		case "no":
			out = append(out, "Neither of you wants children")
		}
	}
	if eq(p.Faith, q.Faith) && *p.Faith != "none" && *p.Faith != "other" {
		out = append(out, "You share your faith")
	}
	if eq(p.Smoking, q.Smoking) && *p.Smoking == "never" {
		out = append(out, "Neither of you smokes")
	}
	if eq(p.Diet, q.Diet) && *p.Diet != "anything" {
		out = append(out, "You are both "+strings.ReplaceAll(*p.Diet, "_", " "))
	}
	if len(s.Interests) > 0 {
		out = append(out, "You both like "+list(s.Interests))
	}
	if len(s.Languages) > 0 {
		out = append(out, "You both speak "+list(s.Languages))
	}
	agree, important := 0, 0
	for _, qu := range Questions {
		x, ok := a.Answers[qu.ID]
		y, ok2 := b.Answers[qu.ID]
		if !ok || !ok2 || importanceWeight[x.Importance] < importanceWeight[ImpSomewhat] {
			continue
		}
		important++
		if slices.Contains(x.Accepted, y.Answer) {
			agree++
		}
	}
	switch {
	case important > 0 && agree == 0:
		out = append(out, "Your important answers differ")
	case important > 0:
		out = append(out, fmt.Sprintf("%d of %d important answers agree", agree, important))
	}
	return out
}

// Distance is a distance as people are shown it, rounded so it never gives a
// location away: "In Lagos" within 5 km, then "About 10 km away" rounded to
// 5 km below 50, to 10 km below 200, to 50 km after.
func Distance(km float64, city string) string {
	switch {
	case km < 0:
		return ""
	case km < 5:
		if city == "" {
			return "Nearby"
		}
		return "In " + city
	case km < 50:
		return fmt.Sprintf("About %d km away", int(math.Round(km/5))*5)
	case km < 200:
		return fmt.Sprintf("About %d km away", int(math.Round(km/10))*10)
	}
	n := int(math.Round(km/50)) * 50
	if n >= 1000 {
		return fmt.Sprintf("About %d,%03d km away", n/1000, n%1000)
	}
	return fmt.Sprintf("About %d km away", n)
}

// Rank scores every candidate for a (accuracy and distance; Describe adds
// the rest) and orders them by accuracy, then id.
func Rank(a *Member, cands []*Member) []Scored {
	out, _ := RankPage(a, cands, -1, "", len(cands))
	return out
}

// better orders scored candidates: higher accuracy first, then id.
func better(accX int, idX string, accY int, idY string) bool {
	return accX > accY || accX == accY && idX < idY
}

// RankPage answers the limit best candidates for a that come after the
// position (afterAcc, afterID) in Rank's order (afterAcc < 0: from the
// start), and whether more follow. It scores every candidate but keeps only
// the page in order (a bounded insertion), so a page costs the scoring and
// not a sort of everyone.
func RankPage(a *Member, cands []*Member, afterAcc int, afterID string, limit int) ([]Scored, bool) {
	if limit < 1 {
		return nil, false
	}
	top := make([]Scored, 0, min(limit+1, len(cands)))
	for _, b := range cands {
		if b.ID == a.ID {
			continue
		}
		ok, km := Compatible(a, b)
		if !ok {
			continue
		}
		acc := Accuracy(a, b)
		if afterAcc >= 0 && !better(afterAcc, afterID, acc, b.ID) {
			continue
		}
		n := len(top)
		if n == limit+1 && !better(acc, b.ID, top[n-1].Accuracy, top[n-1].ID) {
			continue
		}
		at, _ := slices.BinarySearchFunc(top, b.ID, func(x Scored, id string) int {
			if better(x.Accuracy, x.ID, acc, id) {
				return -1
			}
			return 1
		})
		if n < limit+1 {
			top = append(top, Scored{})
		}
		copy(top[at+1:], top[at:len(top)-1])
		top[at] = Scored{ID: b.ID, Accuracy: acc, Km: km}
	}
	if len(top) > limit {
		return top[:limit], true
	}
	return top, false
}
