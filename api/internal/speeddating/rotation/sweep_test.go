package rotation

import (
	"os"
	"testing"
)

// TestFairnessSweep reproduces the figure in the package documentation:
// over 30,000 random graphs (3..40 people, densities 0.1..0.9) and 1..6
// rounds, how many plans have two people of equal degree more than one
// break apart. It takes about half a minute, so it only runs with
// ROTATION_SWEEP=1.
func TestFairnessSweep(t *testing.T) {
	if os.Getenv("ROTATION_SWEEP") == "" {
		t.Skip("set ROTATION_SWEEP=1 to run")
	}
	bad, plans := 0, 0
	for trial := 0; trial < 30000; trial++ {
		n := 3 + trial%38
		density := []float64{0.1, 0.2, 0.3, 0.5, 0.7, 0.9}[trial%6]
		f := randomGraph(n, density, uint64(trial)*7+1)
		people := ids(n)
		degree := make([]int, n)
		for i, a := range people {
			for _, b := range people {
				if compat(f, a, b) {
					degree[i]++
				}
			}
		}
		for rounds := 1; rounds <= 6; rounds++ {
			plans++
			bc := breakCounts(mustPlan(t, Input{People: people, Rounds: rounds, Compatible: f, Seed: int64(trial)}), people)
			byDegree := map[int][]int{}
			for i := range people {
				byDegree[degree[i]] = append(byDegree[degree[i]], bc[i])
			}
			for d, counts := range byDegree {
				if spread(counts) > 1 {
					bad++
					t.Logf("graph %d (n=%d, density %.1f), %d rounds: degree %d break counts %v", trial, n, density, rounds, d, counts)
					break
				}
			}
		}
	}
	t.Logf("%d of %d plans have equal-degree people more than one break apart", bad, plans)
	if bad > 3 {
		t.Errorf("%d plans over the documented 3", bad)
	}
}
