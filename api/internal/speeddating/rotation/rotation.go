package rotation

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
)

const (
	// MaxPeople bounds the participants of one plan (an event's cap of 40
	// plus room for late joiners). Graphs are 64-bit bitsets.
	MaxPeople = 64
	// MaxRounds bounds the rounds of one plan.
	MaxRounds = 40
	// MaxBreaks bounds the prior breaks of a person (Input.Breaks).
	MaxBreaks = 1 << 20
)

// ErrInput is wrapped, with a reason, by every error caused by invalid input.
var ErrInput = errors.New("rotation: invalid input")

// Input describes what to plan.
type Input struct {
	People     []string               // participant ids: distinct, non-empty, at most MaxPeople
	Rounds     int                    // rounds to plan, 1..MaxRounds
	Compatible func(a, b string) bool // symmetric; nil = everyone compatible with everyone
	Met        func(a, b string) bool // pairs who already met (repair); nil = none
	Breaks     map[string]int         // breaks already had per person (repair), 0..MaxBreaks; nil = none
	Seed       int64                  // seeds the tie-breaking PRNG: same input -> same plan
}

// Round is one round of the schedule.
type Round struct {
	Pairs  [][2]string // each pair once, a < b lexicographically, pairs sorted
	Breaks []string    // people without a partner this round, sorted
}

// problem is an Input translated to vertex indices.
type problem struct {
	ids    []string // vertex -> id, in the caller's order
	n      int
	rounds int
	graph  [MaxPeople]uint64 // compatible and not yet met
	prior  [MaxPeople]int    // breaks before the plan
	seed   int64
}

func inputErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInput}, args...)...)
}

// validPeople checks that ids are non-empty, distinct and at most MaxPeople.
func validPeople(people []string) error {
	if len(people) > MaxPeople {
		return inputErr("%d people, at most %d allowed", len(people), MaxPeople)
	}
	if _, err := idSet(people); err != nil {
		return inputErr("%v", err)
	}
	return nil
}

// idSet checks that ids are non-empty and distinct and returns them as a set.
func idSet(people []string) (map[string]bool, error) {
	seen := make(map[string]bool, len(people))
	for i, id := range people {
		if id == "" {
			return nil, fmt.Errorf("person %d has an empty id", i)
		}
		if seen[id] {
			return nil, fmt.Errorf("duplicate id %q", id)
		}
		seen[id] = true
	}
	return seen, nil
}

func newProblem(in Input) (*problem, error) {
	if err := validPeople(in.People); err != nil {
		return nil, err
	}
	if in.Rounds < 1 || in.Rounds > MaxRounds {
		return nil, inputErr("rounds %d outside 1..%d", in.Rounds, MaxRounds)
	}
	p := &problem{ids: in.People, n: len(in.People), rounds: in.Rounds, seed: in.Seed}
	for i, a := range in.People {
		b := in.Breaks[a]
		if b < 0 || b > MaxBreaks {
			return nil, inputErr("%q has %d prior breaks, want 0..%d", a, b, MaxBreaks)
		}
		p.prior[i] = b
		for j := i + 1; j < p.n; j++ {
			b := in.People[j]
			if in.Compatible != nil && (!in.Compatible(a, b) || !in.Compatible(b, a)) {
				continue
			}
			if in.Met != nil && (in.Met(a, b) || in.Met(b, a)) {
				continue
			}
			p.graph[i] |= 1 << uint(j)
			p.graph[j] |= 1 << uint(i)
		}
	}
	return p, nil
}

// Plan computes a schedule of in.Rounds rounds. Every round is a maximum
// matching of the compatible pairs that have not met yet; see the package
// documentation for how ties and fairness are handled.
func Plan(in Input) ([]Round, error) {
	p, err := newProblem(in)
	if err != nil {
		return nil, err
	}
	return p.render(p.best()), nil
}

// plan is a candidate schedule in vertex indices: mates[r][v] is v's
// partner in round r or -1 for a break.
type plan struct {
	mates  [][MaxPeople]int8
	breaks [MaxPeople]int // total breaks including prior ones
	total  int            // breaks in the plan (prior ones excluded)
	spread int            // max-min of breaks
	square int            // sum of squared breaks
	class  int            // largest spread among people with equal degree
}

func (p *problem) score(c *plan) {
	c.total, c.square = 0, 0
	for i := 0; i < p.n; i++ {
		c.breaks[i] = p.prior[i]
	}
	for r := range c.mates {
		for v := 0; v < p.n; v++ {
			if c.mates[r][v] < 0 {
				c.breaks[v]++
				c.total++
			}
		}
	}
	lo, hi := 0, 0
	for i := 0; i < p.n; i++ {
		b := c.breaks[i]
		if i == 0 || b < lo {
			lo = b
		}
		if i == 0 || b > hi {
			hi = b
		}
		c.square += b * b
	}
	c.spread = hi - lo
	var clo, chi [MaxPeople + 1]int
	var seen [MaxPeople + 1]bool
	c.class = 0
	for i := 0; i < p.n; i++ {
		d, b := bits.OnesCount64(p.graph[i]), c.breaks[i]
		if !seen[d] {
			seen[d], clo[d], chi[d] = true, b, b
		}
		clo[d], chi[d] = min(clo[d], b), max(chi[d], b)
		c.class = max(c.class, chi[d]-clo[d])
	}
}

// better orders candidates: fewer breaks, then smaller spread, then smaller
// spread among people of equal degree, then a smaller sum of squared break
// counts, then lexicographically smaller partner lists (round by round,
// vertex by vertex in the caller's order).
func (p *problem) better(a, b *plan) bool {
	if a.total != b.total {
		return a.total < b.total
	}
	if a.spread != b.spread {
		return a.spread < b.spread
	}
	if a.class != b.class {
		return a.class < b.class
	}
	if a.square != b.square {
		return a.square < b.square
	}
	for r := range a.mates {
		for v := 0; v < p.n; v++ {
			if a.mates[r][v] != b.mates[r][v] {
				return a.mates[r][v] < b.mates[r][v]
			}
		}
	}
	return false
}

// render turns a candidate into rounds of ids in canonical order.
func (p *problem) render(c *plan) []Round {
	out := make([]Round, len(c.mates))
	for r := range c.mates {
		rd := Round{Pairs: [][2]string{}, Breaks: []string{}}
		for v := 0; v < p.n; v++ {
			w := int(c.mates[r][v])
			switch {
			case w < 0:
				rd.Breaks = append(rd.Breaks, p.ids[v])
			case v < w:
				a, b := p.ids[v], p.ids[w]
				if b < a {
					a, b = b, a
				}
				rd.Pairs = append(rd.Pairs, [2]string{a, b})
			}
		}
		sort.Strings(rd.Breaks)
		sort.Slice(rd.Pairs, func(i, j int) bool {
			if rd.Pairs[i][0] != rd.Pairs[j][0] {
				return rd.Pairs[i][0] < rd.Pairs[j][0]
			}
			return rd.Pairs[i][1] < rd.Pairs[j][1]
		})
		out[r] = rd
	}
	return out
}
