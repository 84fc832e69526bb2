package rotation

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// matchable reports whether some matching covers every vertex of x
// (exhaustive search; used marks vertices already taken).
func matchable(adj []uint64, x, used uint64, memo map[[2]uint64]bool) bool {
	if x == 0 {
		return true
	}
	key := [2]uint64{x, used}
	if v, ok := memo[key]; ok {
		return v
	}
	v := bits.TrailingZeros64(x)
	ok := false
	for ws := adj[v] &^ used &^ (1 << uint(v)); ws != 0 && !ok; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		taken := used | 1<<uint(v) | 1<<uint(w)
		ok = matchable(adj, x&^taken, taken, memo)
	}
	memo[key] = ok
	return ok
}

func randomAdj(rng *rand.Rand, n int, density float64) []uint64 {
	adj := make([]uint64, n)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if rng.Float64() < density {
				adj[i] |= 1 << uint(j)
				adj[j] |= 1 << uint(i)
			}
		}
	}
	return adj
}

// TestMatchInOrder compares the blossom matcher with exhaustive search on
// random graphs: the matching is valid and maximum, and its covered set is
// the greedy basis of the matching matroid for the given order, whether it
// starts empty or from a greedy start.
func TestMatchInOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var m matcher
	for trial := 0; trial < 3000; trial++ {
		n := 1 + rng.IntN(12)
		density := []float64{0.15, 0.3, 0.5, 0.8}[trial%4]
		adj := randomAdj(rng, n, density)
		order := rng.Perm(n)
		m.reset(n)
		copy(m.adj[:], adj)
		if trial%2 == 1 {
			greedyStart(&m, order, trial%4 == 3)
		}
		covered := m.matchInOrder(order)
		var got uint64
		for v := 0; v < n; v++ {
			w := m.mate[v]
			if w < 0 {
				continue
			}
			if m.mate[w] != v || adj[v]&(1<<uint(w)) == 0 {
				t.Fatalf("trial %d: invalid matching %v", trial, m.mate[:n])
			}
			got |= 1 << uint(v)
		}
		if got != covered {
			t.Fatalf("trial %d: covered %b, matching covers %b", trial, covered, got)
		}
		if want := bruteMatching(adj, 1<<uint(n)-1, map[uint64]int{}); m.size() != want {
			t.Fatalf("trial %d: size %d, maximum %d", trial, m.size(), want)
		}
		var greedy uint64
		memo := map[[2]uint64]bool{}
		for _, v := range order {
			if matchable(adj, greedy|1<<uint(v), 0, memo) {
				greedy |= 1 << uint(v)
			}
		}
		if greedy != covered {
			t.Fatalf("trial %d (n=%d, order %v): covered %b, greedy basis %b", trial, n, order, covered, greedy)
		}
	}
}

// TestMatcherLarge checks maximality on larger random graphs against the
// Tutte matrix rank.
func TestMatcherLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var m matcher
	for trial := 0; trial < 200; trial++ {
		n := 13 + rng.IntN(52)
		adj := randomAdj(rng, n, []float64{0.03, 0.06, 0.1, 0.5}[trial%4])
		m.reset(n)
		copy(m.adj[:], adj)
		m.matchInOrder(rng.Perm(n))
		if want := tutteMatching(adj, uint64(trial), -1); m.size() != want {
			t.Fatalf("trial %d (n=%d): size %d, Tutte rank says %d", trial, n, m.size(), want)
		}
	}
}
