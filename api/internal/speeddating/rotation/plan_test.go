package rotation

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestPlanProperties: for every n in 3..40 and every structure, nobody
// meets twice, only compatible pairs meet, every round accounts for
// everybody, every round is a maximum matching of the compatible unmet
// pairs, and (n <= 12) no swap would cover someone with more breaks.
func TestPlanProperties(t *testing.T) {
	t.Parallel()
	for _, s := range structures {
		for n := 3; n <= 40; n++ {
			people := ids(n)
			f := s.make(n)
			for _, rounds := range []int{1, 4, min(n+1, MaxRounds)} {
				label := fmt.Sprintf("%s n=%d rounds=%d", s.name, n, rounds)
				plan, err := Plan(Input{People: people, Rounds: rounds, Compatible: f, Seed: int64(n)})
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				if len(plan) != rounds {
					t.Fatalf("%s: %d rounds", label, len(plan))
				}
				verify(t, label, plan, people, f, nil)
			}
		}
	}
}

// TestPlanPriorHistory plans with Met and Breaks set (as Repair does) and
// checks that the plan respects them and every round is maximum and
// exchange-optimal for the given prior breaks.
func TestPlanPriorHistory(t *testing.T) {
	t.Parallel()
	for _, s := range structures {
		for n := 3; n <= 40; n += 1 + n/10 {
			people := ids(n)
			f := s.make(n)
			prior := map[string]int{}
			for i, id := range people {
				prior[id] = i % 3
			}
			for _, met := range []func(a, b string) bool{
				func(a, b string) bool { return false },
				func(a, b string) bool { return (index(a)+index(b))%4 == 1 },
			} {
				plan, err := Plan(Input{People: people, Rounds: 6, Compatible: f, Met: met, Breaks: prior, Seed: 5})
				if err != nil {
					t.Fatal(err)
				}
				both := func(a, b string) bool { return compat(f, a, b) && !met(a, b) }
				verify(t, fmt.Sprintf("%s n=%d", s.name, n), plan, people, both, prior)
			}
		}
	}
}

func breakCounts(plan []Round, people []string) []int {
	bc := BreakCounts(plan)
	out := make([]int, len(people))
	for i, id := range people {
		out[i] = bc[id]
	}
	return out
}

func spread(counts []int) int {
	if len(counts) == 0 {
		return 0
	}
	lo, hi := counts[0], counts[0]
	for _, c := range counts {
		lo, hi = min(lo, c), max(hi, c)
	}
	return hi - lo
}

func mustPlan(t *testing.T, in Input) []Round {
	t.Helper()
	plan, err := Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

// TestFairnessComplete: everyone compatible. n even, rounds <= n-1: no
// breaks at all. n odd, rounds <= n: everybody at most one break.
func TestFairnessComplete(t *testing.T) {
	for n := 3; n <= 40; n++ {
		people := ids(n)
		limit := n - 1
		if n%2 == 1 {
			limit = n
		}
		for rounds := 1; rounds <= min(limit, MaxRounds); rounds++ {
			plan := mustPlan(t, Input{People: people, Rounds: rounds, Seed: int64(rounds)})
			for i, b := range breakCounts(plan, people) {
				if b > n%2 {
					t.Fatalf("n=%d rounds=%d: %s has %d breaks", n, rounds, people[i], b)
				}
			}
		}
	}
}

// TestFairnessGroups: two groups, only cross pairs. Balanced (m, m),
// rounds <= m: no breaks. Unbalanced (m < k): the smaller group never
// breaks and the larger group's counts differ by at most one, for rounds
// <= m as required and in fact for all rounds <= k.
func TestFairnessGroups(t *testing.T) {
	t.Parallel()
	for n := 3; n <= 40; n++ {
		people := ids(n)
		for m := 1; m <= n/2; m++ {
			f := groups(m)
			for rounds := 1; rounds <= min(n-m, MaxRounds); rounds++ {
				plan := mustPlan(t, Input{People: people, Rounds: rounds, Compatible: f, Seed: int64(m)})
				bc := breakCounts(plan, people)
				for i := 0; i < m; i++ {
					if bc[i] != 0 {
						t.Fatalf("n=%d m=%d rounds=%d: %s in the smaller group has %d breaks", n, m, rounds, people[i], bc[i])
					}
				}
				if spread(bc[m:]) > 1 {
					t.Fatalf("n=%d m=%d rounds=%d: larger group breaks %v", n, m, rounds, bc[m:])
				}
				if 2*m == n && slices.Max(bc) != 0 {
					t.Fatalf("n=%d m=%d rounds=%d: balanced groups with breaks %v", n, m, rounds, bc)
				}
			}
		}
	}
}

// TestFairnessGeneral: among people with the same compatibility degree the
// break counts differ by at most one when rounds <= 6, on every structure
// of the table. This is a selection objective of Plan, not a theorem: on
// sparse random graphs it fails rarely (see the package documentation);
// the guaranteed per-round property is checked by verify (exchange).
func TestFairnessGeneral(t *testing.T) {
	t.Parallel()
	for _, s := range structures {
		for n := 3; n <= 40; n++ {
			people := ids(n)
			f := s.make(n)
			for rounds := 1; rounds <= 6; rounds++ {
				plan := mustPlan(t, Input{People: people, Rounds: rounds, Compatible: f, Seed: 11})
				bc := breakCounts(plan, people)
				byDegree := map[int][]int{}
				for i, a := range people {
					d := 0
					for _, b := range people {
						if compat(f, a, b) {
							d++
						}
					}
					byDegree[d] = append(byDegree[d], bc[i])
				}
				for d, counts := range byDegree {
					if spread(counts) > 1 {
						t.Errorf("%s n=%d rounds=%d: degree %d break counts %v", s.name, n, rounds, d, counts)
					}
				}
			}
		}
	}
}

// TestGolden pins one plan: the seeded tie-breaks use the PCG generator's
// raw output only, so a plan must not change with the Go release.
func TestGolden(t *testing.T) {
	plan := mustPlan(t, Input{People: ids(7), Rounds: 3, Compatible: blocked, Seed: 7})
	want := []Round{
		{Pairs: [][2]string{{"p00", "p04"}, {"p02", "p06"}, {"p03", "p05"}}, Breaks: []string{"p01"}},
		{Pairs: [][2]string{{"p00", "p06"}, {"p01", "p03"}, {"p02", "p05"}}, Breaks: []string{"p04"}},
		{Pairs: [][2]string{{"p00", "p02"}, {"p01", "p04"}, {"p05", "p06"}}, Breaks: []string{"p03"}},
	}
	if !reflect.DeepEqual(plan, want) {
		t.Fatalf("got %v\nwant %v", plan, want)
	}
}

func TestDeterminism(t *testing.T) {
	for _, s := range structures {
		people := ids(23)
		in := Input{People: people, Rounds: 12, Compatible: s.make(23), Seed: 42}
		a, b := mustPlan(t, in), mustPlan(t, in)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: same input, different plans", s.name)
		}
	}
}

func TestInputValidation(t *testing.T) {
	many := make([]string, MaxPeople+1)
	for i := range many {
		many[i] = fmt.Sprintf("x%d", i)
	}
	cases := []struct {
		name string
		in   Input
		want string
	}{
		{"duplicate", Input{People: []string{"a", "b", "a"}, Rounds: 1}, "duplicate"},
		{"empty id", Input{People: []string{"a", "", "c"}, Rounds: 1}, "empty id"},
		{"zero rounds", Input{People: ids(4), Rounds: 0}, "rounds"},
		{"negative rounds", Input{People: ids(4), Rounds: -1}, "rounds"},
		{"too many rounds", Input{People: ids(4), Rounds: MaxRounds + 1}, "rounds"},
		{"too many people", Input{People: many, Rounds: 1}, "people"},
		{"negative breaks", Input{People: ids(4), Rounds: 1, Breaks: map[string]int{"p01": -1}}, "breaks"},
		{"too many breaks", Input{People: ids(4), Rounds: 1, Breaks: map[string]int{"p02": MaxBreaks + 1}}, "breaks"},
	}
	for _, c := range cases {
		_, err := Plan(c.in)
		if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want ErrInput mentioning %q", c.name, err, c.want)
		}
	}
	if _, err := Plan(Input{People: many[:MaxPeople], Rounds: MaxRounds}); err != nil {
		t.Errorf("MaxPeople x MaxRounds: %v", err)
	}
	for _, n := range []int{0, 1, 2} {
		plan, err := Plan(Input{People: ids(n), Rounds: 3})
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		verify(t, fmt.Sprintf("n=%d", n), plan, ids(n), nil, nil)
	}
}
