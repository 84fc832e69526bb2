package rotation

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// ids returns n participant ids p00, p01, ...
func ids(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d", i)
	}
	return out
}

// structure is a compatibility structure over ids(n).
type structure struct {
	name string
	make func(n int) func(a, b string) bool
}

func index(id string) int {
	i, err := strconv.Atoi(id[1:])
	if err != nil {
		panic(id)
	}
	return i
}

// groups: the first m people form one group, the rest the other; only
// cross pairs are compatible.
func groups(m int) func(a, b string) bool {
	return func(a, b string) bool { return (index(a) < m) != (index(b) < m) }
}

// randomGraph: each pair is compatible with probability density.
func randomGraph(n int, density float64, seed uint64) func(a, b string) bool {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	ok := make(map[[2]string]bool)
	for _, a := range ids(n) {
		for _, b := range ids(n) {
			if a < b && rng.Float64() < density {
				ok[[2]string{a, b}] = true
			}
		}
	}
	return func(a, b string) bool { return ok[pairKey(a, b)] }
}

// blocked: everyone compatible except pairs (i, i+1) and (i, i+3) for
// i divisible by 3.
func blocked(a, b string) bool {
	i, j := index(a), index(b)
	if j < i {
		i, j = j, i
	}
	return !(i%3 == 0 && (j == i+1 || j == i+3))
}

var structures = []structure{
	{"complete", func(int) func(a, b string) bool { return nil }},
	{"balanced", func(n int) func(a, b string) bool { return groups(n / 2) }},
	{"unbalanced", func(n int) func(a, b string) bool { return groups(n / 3) }},
	{"random30", func(n int) func(a, b string) bool { return randomGraph(n, 0.3, 30) }},
	{"random60", func(n int) func(a, b string) bool { return randomGraph(n, 0.6, 60) }},
	{"random90", func(n int) func(a, b string) bool { return randomGraph(n, 0.9, 90) }},
	{"blocked", func(int) func(a, b string) bool { return blocked }},
}

func compat(f func(a, b string) bool, a, b string) bool {
	return a != b && (f == nil || (f(a, b) && f(b, a)))
}

// remaining returns the graph (bitsets over positions in people) of
// compatible pairs that have not met in plan[:r].
func remaining(plan []Round, r int, people []string, f func(a, b string) bool) []uint64 {
	adj := compatAdj(people, f)
	at := pos(people)
	for _, rd := range plan[:r] {
		strip(adj, at, rd)
	}
	return adj
}

// compatAdj returns the compatibility graph over positions in people.
func compatAdj(people []string, f func(a, b string) bool) []uint64 {
	adj := make([]uint64, len(people))
	for i, a := range people {
		for j := i + 1; j < len(people); j++ {
			if compat(f, a, people[j]) {
				adj[i] |= 1 << uint(j)
				adj[j] |= 1 << uint(i)
			}
		}
	}
	return adj
}

// strip removes the round's pairs (among people in at) from adj.
func strip(adj []uint64, at map[string]int, rd Round) {
	for _, pr := range rd.Pairs {
		i, ok1 := at[pr[0]]
		j, ok2 := at[pr[1]]
		if ok1 && ok2 {
			adj[i] &^= 1 << uint(j)
			adj[j] &^= 1 << uint(i)
		}
	}
}

// bruteMatching is the maximum matching size of the subgraph induced by
// mask, by exhaustive recursion with memoisation (small graphs only).
func bruteMatching(adj []uint64, mask uint64, memo map[uint64]int) int {
	if mask == 0 {
		return 0
	}
	if v, ok := memo[mask]; ok {
		return v
	}
	v := bits.TrailingZeros64(mask)
	rest := mask &^ (1 << uint(v))
	best := bruteMatching(adj, rest, memo)
	for ws := adj[v] & rest; ws != 0; ws &= ws - 1 {
		w := bits.TrailingZeros64(ws)
		if s := 1 + bruteMatching(adj, rest&^(1<<uint(w)), memo); s > best {
			best = s
		}
	}
	memo[mask] = best
	return best
}

// tutteMatching is the maximum matching size computed independently of the
// blossom code: half the rank of the Tutte matrix with random entries
// modulo a prime (Lovász); several trials, the maximum rank is taken.
// The rank can only come out too low, so trials stop once target is
// reached (pass -1 to always run all).
func tutteMatching(adj []uint64, seed uint64, target int) int {
	const prime = 2147483647
	n := len(adj)
	rng := rand.New(rand.NewPCG(seed, 7))
	best := 0
	for trial := 0; trial < 3 && best != target; trial++ {
		a := make([][]uint64, n)
		for i := range a {
			a[i] = make([]uint64, n)
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if adj[i]&(1<<uint(j)) != 0 {
					x := 1 + rng.Uint64N(prime-1)
					a[i][j], a[j][i] = x, prime-x
				}
			}
		}
		if r := rankMod(a, prime); r/2 > best {
			best = r / 2
		}
	}
	return best
}

func rankMod(a [][]uint64, p uint64) int {
	n := len(a)
	rank := 0
	for col := 0; col < n && rank < n; col++ {
		piv := -1
		for r := rank; r < n; r++ {
			if a[r][col] != 0 {
				piv = r
				break
			}
		}
		if piv < 0 {
			continue
		}
		a[rank], a[piv] = a[piv], a[rank]
		inv := powMod(a[rank][col], p-2, p)
		for r := rank + 1; r < n; r++ {
			if a[r][col] == 0 {
				continue
			}
			f := a[r][col] * inv % p
			for c := col; c < n; c++ {
				a[r][c] = (a[r][c] + p - f*a[rank][c]%p) % p
			}
		}
		rank++
	}
	return rank
}

func powMod(b, e, p uint64) uint64 {
	r := uint64(1)
	for b %= p; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % p
		}
		b = b * b % p
	}
	return r
}

// maxMatching is the independent reference: brute force up to 16
// vertices, the Tutte matrix rank beyond (stopping early once it confirms
// claimed, the size of a matching known to be valid).
func maxMatching(adj []uint64, seed uint64, claimed int) int {
	if len(adj) <= 16 {
		return bruteMatching(adj, 1<<uint(len(adj))-1, map[uint64]int{})
	}
	return tutteMatching(adj, seed, claimed)
}

// pos maps ids to their position in people.
func pos(people []string) map[string]int {
	m := make(map[string]int, len(people))
	for i, id := range people {
		m[id] = i
	}
	return m
}

// verify checks properties 1-3 for a plan in which everybody in people is
// present in every round, plus the canonical output form. prior are the
// breaks before the plan (nil = none); when the graph is small, it also
// checks the fairness exchange property of every round against them.
func verify(t *testing.T, label string, plan []Round, people []string, f func(a, b string) bool, prior map[string]int) {
	t.Helper()
	present := make([][]string, len(plan))
	for r := range present {
		present[r] = people
	}
	if err := CheckPresence(plan, present, f); err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	at := pos(people)
	brk := make(map[string]int)
	for id, b := range prior {
		brk[id] = b
	}
	adj := compatAdj(people, f)
	for r, rd := range plan {
		for i, pr := range rd.Pairs {
			if !(pr[0] < pr[1]) || (i > 0 && !(rd.Pairs[i-1][0] < pr[0] || (rd.Pairs[i-1][0] == pr[0] && rd.Pairs[i-1][1] < pr[1]))) {
				t.Fatalf("%s: round %d: pairs not canonical: %v", label, r, rd.Pairs)
			}
		}
		for i := 1; i < len(rd.Breaks); i++ {
			if rd.Breaks[i-1] >= rd.Breaks[i] {
				t.Fatalf("%s: round %d: breaks not sorted: %v", label, r, rd.Breaks)
			}
		}
		if want := maxMatching(adj, uint64(r), len(rd.Pairs)); len(rd.Pairs) != want {
			t.Fatalf("%s: round %d: %d pairs, maximum matching has %d", label, r, len(rd.Pairs), want)
		}
		if len(people) <= 16 {
			exchange(t, label, r, rd, adj, at, brk)
		}
		for _, id := range rd.Breaks {
			brk[id]++
		}
		strip(adj, at, rd)
	}
}

// exchange checks that no single swap improves a round's covered set: for
// a person u on a break and a covered person c with fewer breaks so far,
// the covered set minus c plus u must not be perfectly matchable. This is
// the optimality criterion of a maximum-weight basis of the matching
// matroid (weights increasing with breaks so far).
func exchange(t *testing.T, label string, r int, rd Round, adj []uint64, at map[string]int, brk map[string]int) {
	t.Helper()
	var covered uint64
	for _, pr := range rd.Pairs {
		covered |= 1<<uint(at[pr[0]]) | 1<<uint(at[pr[1]])
	}
	memo := map[uint64]int{}
	for _, u := range rd.Breaks {
		for _, pr := range rd.Pairs {
			for _, c := range pr {
				if brk[u] <= brk[c] {
					continue
				}
				set := covered&^(1<<uint(at[c])) | 1<<uint(at[u])
				if 2*bruteMatching(adj, set, memo) == bits.OnesCount64(set) {
					t.Fatalf("%s: round %d: %s (%d breaks) could be covered instead of %s (%d breaks)", label, r, u, brk[u], c, brk[c])
				}
			}
		}
	}
}
