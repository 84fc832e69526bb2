package rotation

import (
	"errors"
	"fmt"
	"sort"
)

// ErrSchedule is wrapped, with a description, by every error of Check and
// CheckPresence about a schedule that breaks an invariant.
var ErrSchedule = errors.New("rotation: invalid schedule")

func scheduleErr(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrSchedule}, args...)...)
}

func pairKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// Check verifies the pair-level invariants of a schedule:
//   - every id in a round is one of people (everybody who ever took part;
//     ids must be non-empty and distinct, else the error wraps ErrInput);
//   - nobody is paired with themselves or appears twice in one round (as a
//     pair member or on a break);
//   - no pair meets twice in the schedule;
//   - every pair is compatible (compatible nil = everyone is).
//
// A round may omit people: someone who was not present (dropped out, or
// not yet joined) simply does not appear. Use CheckPresence to also require
// that every round accounts for exactly the people present in it. Order of
// pairs, of the two ids in a pair and of breaks is not checked (Plan and
// Repair always return them sorted).
func Check(plan []Round, people []string, compatible func(a, b string) bool) error {
	known, err := idSet(people)
	if err != nil {
		return inputErr("%v", err)
	}
	met := make(map[[2]string]int)
	for r, rd := range plan {
		seen := make(map[string]bool)
		note := func(id string) error {
			if !known[id] {
				return scheduleErr("round %d: unknown person %q", r, id)
			}
			if seen[id] {
				return scheduleErr("round %d: %q appears more than once", r, id)
			}
			seen[id] = true
			return nil
		}
		for _, pr := range rd.Pairs {
			a, b := pr[0], pr[1]
			if a == b {
				return scheduleErr("round %d: %q is paired with themselves", r, a)
			}
			if err := note(a); err != nil {
				return err
			}
			if err := note(b); err != nil {
				return err
			}
			k := pairKey(a, b)
			if first, ok := met[k]; ok {
				return scheduleErr("round %d: %q and %q already met in round %d", r, k[0], k[1], first)
			}
			met[k] = r
			if compatible != nil && (!compatible(a, b) || !compatible(b, a)) {
				return scheduleErr("round %d: %q and %q are not compatible", r, a, b)
			}
		}
		for _, id := range rd.Breaks {
			if err := note(id); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckPresence runs Check and additionally requires that round r accounts
// for exactly the people of present[r], each once (as a pair member or on a
// break). len(present) must equal len(plan).
func CheckPresence(plan []Round, present [][]string, compatible func(a, b string) bool) error {
	if len(present) != len(plan) {
		return inputErr("presence for %d rounds, plan has %d", len(present), len(plan))
	}
	var everybody []string
	all := make(map[string]bool)
	for r, ids := range present {
		if _, err := idSet(ids); err != nil {
			return inputErr("presence of round %d: %v", r, err)
		}
		for _, id := range ids {
			if !all[id] {
				all[id] = true
				everybody = append(everybody, id)
			}
		}
	}
	if err := Check(plan, everybody, compatible); err != nil {
		return err
	}
	for r, rd := range plan {
		want := make(map[string]bool, len(present[r]))
		for _, id := range present[r] {
			want[id] = true
		}
		got := 0
		for _, id := range Participants(rd) {
			if !want[id] {
				return scheduleErr("round %d: %q is scheduled but not present", r, id)
			}
			got++
		}
		if got != len(want) {
			for _, id := range present[r] {
				if !contains(Participants(rd), id) {
					return scheduleErr("round %d: %q is present but neither paired nor on a break", r, id)
				}
			}
		}
	}
	return nil
}

// Participants returns everybody scheduled in the round (pair members and
// breaks), sorted.
func Participants(rd Round) []string {
	out := make([]string, 0, 2*len(rd.Pairs)+len(rd.Breaks))
	for _, pr := range rd.Pairs {
		out = append(out, pr[0], pr[1])
	}
	out = append(out, rd.Breaks...)
	sort.Strings(out)
	return out
}

// BreakCounts returns how many breaks each person had in the plan (people
// without a break are absent from the map).
func BreakCounts(plan []Round) map[string]int {
	out := make(map[string]int)
	for _, rd := range plan {
		for _, id := range rd.Breaks {
			out[id]++
		}
	}
	return out
}

func contains(sorted []string, id string) bool {
	i := sort.SearchStrings(sorted, id)
	return i < len(sorted) && sorted[i] == id
}
