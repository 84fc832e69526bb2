package rotation

import (
	"math/bits"
	"sort"
)

// Constructive candidates for the two structures that the product cares
// most about and where round-by-round greedy can paint itself into a
// corner: everyone compatible with everyone (circle method) and two groups
// with only cross pairs compatible (cyclic rotation). Both are used only
// when the remaining graph has exactly that structure.

// orderBy returns the vertices of set sorted by key (ascending), ties in a
// random order drawn from rng.
func orderBy(set uint64, key func(v int) int, rng prng) []int {
	var vs []int
	for rest := set; rest != 0; rest &= rest - 1 {
		vs = append(vs, bits.TrailingZeros64(rest))
	}
	rng.shuffle(vs)
	sort.SliceStable(vs, func(i, j int) bool { return key(vs[i]) < key(vs[j]) })
	return vs
}

func (p *problem) all() uint64 {
	if p.n == 64 {
		return ^uint64(0)
	}
	return 1<<uint(p.n) - 1
}

func (p *problem) emptyPlan() *plan {
	c := &plan{mates: make([][MaxPeople]int8, p.rounds)}
	for r := range c.mates {
		for v := range c.mates[r] {
			c.mates[r][v] = -1
		}
	}
	return c
}

// circle is the circle method on a complete graph: positions 0..N-2 rotate
// around the fixed position N-1 (a dummy "break" seat when n is odd), so all
// pairs meet within N-1 rounds and with n odd everyone breaks exactly once
// in the first n rounds, fewest prior breaks first.
func (p *problem) circle() *plan {
	n := p.n
	if n < 2 {
		return nil
	}
	all := p.all()
	for v := 0; v < n; v++ {
		if p.graph[v] != all&^(1<<uint(v)) {
			return nil
		}
	}
	rng := newPRNG(p.seed, 1<<40)
	pos := orderBy(all, func(v int) int { return p.prior[v] }, rng)
	size := n + n%2
	if n%2 == 1 {
		pos = append(pos, -1) // the break seat
	}
	c := p.emptyPlan()
	pair := func(r, a, b int) {
		if a >= 0 && b >= 0 {
			c.mates[r][a], c.mates[r][b] = int8(b), int8(a)
		}
	}
	for r := 0; r < p.rounds && r < size-1; r++ {
		pair(r, pos[size-1], pos[r])
		for i := 1; i < size/2; i++ {
			pair(r, pos[(r+i)%(size-1)], pos[(r-i+size-1)%(size-1)])
		}
	}
	return c
}

// cyclic handles a complete bipartite graph with sides A (m people) and B
// (k >= m people). In round r, A[i] meets B[(s_r+i) mod k] with
// s_r = (r*m + r/(k/g)) mod k, g = gcd(m, k): the shifts are distinct for
// r < k (so nobody meets twice and all pairs meet in k rounds), the matched
// part of B advances in consecutive blocks of m (round-robin, so B's break
// counts never differ by more than one), and A never breaks. B is ordered
// by prior breaks, most first, so those are covered first.
func (p *problem) cyclic() *plan {
	n := p.n
	if n < 2 {
		return nil
	}
	all := p.all()
	y := p.graph[0]
	x := all &^ y
	if y == 0 {
		return nil
	}
	for v := 0; v < n; v++ {
		want := y
		if y&(1<<uint(v)) != 0 {
			want = x
		}
		if p.graph[v] != want {
			return nil
		}
	}
	if bits.OnesCount64(x) > bits.OnesCount64(y) {
		x, y = y, x
	}
	rng := newPRNG(p.seed, 1<<41)
	a := orderBy(x, func(int) int { return 0 }, rng)
	b := orderBy(y, func(v int) int { return -p.prior[v] }, rng)
	m, k := len(a), len(b)
	period := k / gcd(m, k)
	c := p.emptyPlan()
	for r := 0; r < p.rounds && r < k; r++ {
		s := (r*m + r/period) % k
		for i, u := range a {
			w := b[(s+i)%k]
			c.mates[r][u], c.mates[r][w] = int8(w), int8(u)
		}
	}
	return c
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
