package rotation

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// partner returns id's partner in the round, or "".
func partner(rd Round, id string) string {
	for _, pr := range rd.Pairs {
		if pr[0] == id {
			return pr[1]
		}
		if pr[1] == id {
			return pr[0]
		}
	}
	return ""
}

// TestRepair drops one or two people at round k and/or adds a late joiner,
// and checks: history unchanged, the whole schedule valid (nobody meets
// twice, only compatible pairs), drop-outs absent and the joiner present
// from round k on, every new round a maximum matching (and, up to 16
// people, exchange-optimal for the breaks so far), and the former partners
// of drop-outs on a break only when all their compatible unmet partners are
// busy.
func TestRepair(t *testing.T) {
	t.Parallel()
	for _, s := range structures {
		for n := 3; n <= 40; n += 1 + n/8 {
			all := ids(n + 1)
			people, joiner := all[:n], all[n]
			f := s.make(n + 1)
			rounds := min(n, 12)
			plan := mustPlan(t, Input{People: people, Rounds: rounds, Compatible: f, Seed: 3})
			for _, k := range []int{0, 1, rounds / 2, rounds - 1, rounds} {
				drops := [][]string{{people[1]}, {people[0], people[n/2]}, nil}
				for v, dropped := range drops {
					next := slices.DeleteFunc(slices.Clone(people), func(id string) bool { return slices.Contains(dropped, id) })
					if v != 0 {
						next = append(next, joiner)
					}
					label := fmt.Sprintf("%s n=%d k=%d drop=%v", s.name, n, k, dropped)
					out, err := Repair(plan, k, next, f, 9)
					if err != nil {
						t.Fatalf("%s: %v", label, err)
					}
					checkRepair(t, label, plan, out, k, people, next, dropped, f)
				}
			}
		}
	}
}

func checkRepair(t *testing.T, label string, plan, out []Round, k int, people, next, dropped []string, f func(a, b string) bool) {
	t.Helper()
	if len(out) != len(plan) {
		t.Fatalf("%s: %d rounds, want %d", label, len(out), len(plan))
	}
	if !reflect.DeepEqual(out[:k], plan[:k]) {
		t.Fatalf("%s: history changed", label)
	}
	present := make([][]string, len(out))
	for r := range present {
		present[r] = people
		if r >= k {
			present[r] = next // drop-outs absent, the joiner present
		}
	}
	if err := CheckPresence(out, present, f); err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	adj := remaining(out, k, next, f)
	at := pos(next)
	for r := k; r < len(out); r++ {
		if want := maxMatching(adj, uint64(r), len(out[r].Pairs)); len(out[r].Pairs) != want {
			t.Fatalf("%s: round %d: %d pairs, maximum %d", label, r, len(out[r].Pairs), want)
		}
		if len(next) <= 16 {
			exchange(t, label, r, out[r], adj, at, BreakCounts(out[:r]))
		}
		for _, d := range dropped {
			q := partner(plan[r], d)
			if q == "" || slices.Contains(dropped, q) || partner(out[r], q) != "" {
				continue
			}
			for rest := adj[at[q]]; rest != 0; rest &= rest - 1 {
				w := next[bitIndex(rest)]
				if partner(out[r], w) == "" {
					t.Fatalf("%s: round %d: %s (partner of drop-out %s) on a break while compatible unmet %s is free", label, r, q, d, w)
				}
			}
		}
		strip(adj, at, out[r])
	}
}

func bitIndex(x uint64) int {
	i := 0
	for x&1 == 0 {
		x >>= 1
		i++
	}
	return i
}

// TestRepairRepairs repairs a repaired plan again (a second drop-out later)
// and checks the whole schedule.
func TestRepairRepairs(t *testing.T) {
	people := ids(14)
	plan := mustPlan(t, Input{People: people, Rounds: 10, Compatible: blocked, Seed: 1})
	first := slices.Concat(people[1:], []string{"p20"})
	out, err := Repair(plan, 3, first, blocked, 2)
	if err != nil {
		t.Fatal(err)
	}
	second := slices.DeleteFunc(slices.Clone(first), func(id string) bool { return id == "p07" })
	out2, err := Repair(out, 6, second, blocked, 2)
	if err != nil {
		t.Fatal(err)
	}
	present := make([][]string, 10)
	for r := range present {
		switch {
		case r < 3:
			present[r] = people
		case r < 6:
			present[r] = first
		default:
			present[r] = second
		}
	}
	if err := CheckPresence(out2, present, blocked); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out2[:6], out[:6]) {
		t.Fatal("history changed")
	}
	again, _ := Repair(out, 6, second, blocked, 2)
	if !reflect.DeepEqual(again, out2) {
		t.Fatal("same repair, different plans")
	}
}

func TestRepairValidation(t *testing.T) {
	people := ids(6)
	plan := mustPlan(t, Input{People: people, Rounds: 4, Seed: 1})
	twice := slices.Clone(plan)
	twice[1] = plan[0]
	long := make([]Round, MaxRounds+1)
	cases := []struct {
		name   string
		plan   []Round
		from   int
		people []string
	}{
		{"from negative", plan, -1, people},
		{"from beyond", plan, 5, people},
		{"duplicate", plan, 1, []string{"p01", "p02", "p01"}},
		{"empty id", plan, 1, []string{"p01", ""}},
		{"history meets twice", twice, 2, people},
		{"too many rounds", long, 1, people},
	}
	for _, c := range cases {
		if _, err := Repair(c.plan, c.from, c.people, nil, 1); !errors.Is(err, ErrInput) {
			t.Errorf("%s: got %v, want ErrInput", c.name, err)
		}
	}
	out, err := Repair(plan, len(plan), people[1:], nil, 1)
	if err != nil || !reflect.DeepEqual(out, plan) {
		t.Fatalf("repair from the end: %v %v", out, err)
	}
}

// TestCheckErrors: Check and CheckPresence reject broken schedules.
func TestCheckErrors(t *testing.T) {
	people := []string{"a", "b", "c", "d"}
	noAD := func(x, y string) bool { return pairKey(x, y) != [2]string{"a", "d"} }
	r := func(pairs [][2]string, breaks ...string) Round { return Round{Pairs: pairs, Breaks: breaks} }
	cases := []struct {
		name string
		plan []Round
	}{
		{"met twice", []Round{r([][2]string{{"a", "b"}, {"c", "d"}}), r([][2]string{{"b", "a"}}, "c", "d")}},
		{"incompatible", []Round{r([][2]string{{"a", "d"}}, "b", "c")}},
		{"twice in round", []Round{r([][2]string{{"a", "b"}}, "a", "c", "d")}},
		{"self", []Round{r([][2]string{{"a", "a"}}, "b")}},
		{"unknown", []Round{r([][2]string{{"a", "x"}})}},
	}
	for _, c := range cases {
		if err := Check(c.plan, people, noAD); !errors.Is(err, ErrSchedule) {
			t.Errorf("%s: got %v, want ErrSchedule", c.name, err)
		}
	}
	partial := []Round{r([][2]string{{"a", "b"}})}
	if err := Check(partial, people, noAD); err != nil {
		t.Errorf("absent people are allowed by Check: %v", err)
	}
	if err := CheckPresence(partial, [][]string{people}, noAD); !errors.Is(err, ErrSchedule) {
		t.Errorf("CheckPresence: got %v, want ErrSchedule for missing c, d", err)
	}
	if err := CheckPresence(partial, [][]string{{"a"}}, noAD); !errors.Is(err, ErrSchedule) {
		t.Errorf("CheckPresence: got %v, want ErrSchedule for absent b", err)
	}
	if err := Check(partial, []string{"a", "a"}, nil); !errors.Is(err, ErrInput) {
		t.Errorf("duplicate people: got %v, want ErrInput", err)
	}
}
