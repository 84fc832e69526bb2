package rotation

import "math/bits"

// candidateBudget bounds the work spent on greedy candidates: about
// candidateBudget / (n*n*rounds) candidates are tried, at least
// minCandidates and at most maxCandidates; while people of equal degree
// differ by more than one break, up to extraCandidates times as many (still
// within the budget). The count depends only on the input and the
// candidates, never on time, so plans stay deterministic.
const (
	minCandidates   = 8
	maxCandidates   = 64
	candidateBudget = 1 << 23
	extraCandidates = 4
)

// candidates returns how many greedy candidates to try.
func (p *problem) candidates() int {
	work := p.n * p.n * p.rounds
	if work == 0 {
		return 1
	}
	k := candidateBudget / work
	if k < minCandidates {
		k = minCandidates
	}
	if k > maxCandidates {
		k = maxCandidates
	}
	return k
}

// lowerBound returns a lower bound for the number of breaks in any plan and
// for the spread of the final break counts given that many breaks.
func (p *problem) lowerBound() (total, spread int) {
	var m matcher
	m.reset(p.n)
	copy(m.adj[:], p.graph[:p.n])
	order := make([]int, p.n)
	for v := range order {
		order[v] = v
	}
	m.matchInOrder(order)
	perRound := p.rounds * (p.n - 2*m.size()) // no round beats the first graph
	sum, prior := 0, 0
	for v := 0; v < p.n; v++ {
		if d := bits.OnesCount64(p.graph[v]); d < p.rounds {
			sum += p.rounds - d
		}
		prior += p.prior[v]
	}
	total = max(perRound, sum)
	if p.n > 0 && (prior+total)%p.n != 0 {
		spread = 1
	}
	return total, spread
}

// best returns the best candidate plan (see better), stopping early when a
// candidate meets the lower bound.
func (p *problem) best() *plan {
	lbTotal, lbSpread := p.lowerBound()
	var best *plan
	done := func(c *plan) bool {
		if c == nil {
			return false
		}
		p.score(c)
		if best == nil || p.better(c, best) {
			best = c
		}
		return best.total == lbTotal && best.spread <= lbSpread
	}
	// The constructive plans are used only when everybody had the same
	// number of breaks: then every round of theirs is also exchange-optimal
	// (nobody on a break has more breaks than someone paired).
	if p.uniformPrior() {
		if done(p.circle()) {
			return best
		}
		if c := p.cyclic(); c != nil {
			// Optimal: every round has the maximum m pairs while pairs
			// remain, the smaller side never breaks and the other side's
			// counts are balanced (or everyone is at their degree bound).
			p.score(c)
			return c
		}
	}
	var m matcher
	// Up to extraCandidates times more candidates are tried while people
	// with equal degree differ by more than one break.
	base := p.candidates()
	limit := max(base, min(extraCandidates*base, candidateBudget/max(1, p.n*p.n*p.rounds)))
	for k := 0; k < limit && (k < base || best.class > 1); k++ {
		if done(p.greedy(&m, k)) {
			break
		}
	}
	return best
}

// greedy builds candidate k round by round: each round is the matching
// that covers the greedy basis of the matching matroid for the order
// "most breaks so far first", ties broken by a seeded random order (odd k:
// fewer remaining partners first, then random). Vertices are relabelled at
// random so that the augmenting searches also pick different edges.
func (p *problem) greedy(m *matcher, k int) *plan {
	n := p.n
	rng := newPRNG(p.seed, uint64(k))
	perm := rng.perm(n) // local label -> vertex
	var inv [MaxPeople]int
	for l, v := range perm {
		inv[v] = l
	}
	var g [MaxPeople]uint64 // remaining graph in local labels
	var brk [MaxPeople]int
	for l, v := range perm {
		brk[l] = p.prior[v]
		for rest := p.graph[v]; rest != 0; rest &= rest - 1 {
			g[l] |= 1 << uint(inv[bits.TrailingZeros64(rest)])
		}
	}
	c := &plan{mates: make([][MaxPeople]int8, p.rounds)}
	var order, rank [MaxPeople]int
	for r := 0; r < p.rounds; r++ {
		m.reset(n)
		edges := false
		for l := 0; l < n; l++ {
			m.adj[l] = g[l]
			edges = edges || g[l] != 0
			order[l] = l
			rank[l] = rng.intN(1 << 30)
			if k%2 == 1 {
				rank[l] |= bits.OnesCount64(g[l]) << 30
			}
		}
		if edges {
			sortByPriority(order[:n], &brk, &rank)
			greedyStart(m, order[:n], k%2 == 1)
			m.matchInOrder(order[:n])
		}
		for l := 0; l < n; l++ {
			w := m.mate[l]
			if w < 0 {
				brk[l]++
				c.mates[r][perm[l]] = -1
				continue
			}
			g[l] &^= 1 << uint(w)
			c.mates[r][perm[l]] = int8(perm[w])
		}
	}
	return c
}

// sortByPriority sorts vertices by breaks descending, then rank ascending
// (insertion sort: n <= 64 and no allocation).
func sortByPriority(order []int, brk, rank *[MaxPeople]int) {
	less := func(a, b int) bool {
		if brk[a] != brk[b] {
			return brk[a] > brk[b]
		}
		return rank[a] < rank[b]
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && less(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
}

// greedyStart matches vertices in priority order to a free neighbour: the
// first free one in priority order, or (scarce) the one with the fewest
// remaining partners. It only speeds up matchInOrder, which corrects it.
func greedyStart(m *matcher, order []int, scarce bool) {
	var pos [MaxPeople]int
	var free uint64
	for i, v := range order {
		pos[v] = i
		free |= 1 << uint(v)
	}
	for _, v := range order {
		if free&(1<<uint(v)) == 0 {
			continue
		}
		best, bestKey := -1, 0
		for rest := m.adj[v] & free; rest != 0; rest &= rest - 1 {
			w := bits.TrailingZeros64(rest)
			key := pos[w]
			if scarce {
				key += bits.OnesCount64(m.adj[w]&free) << 8
			}
			if best == -1 || key < bestKey {
				best, bestKey = w, key
			}
		}
		if best == -1 {
			continue
		}
		m.mate[v], m.mate[best] = best, v
		free &^= 1<<uint(v) | 1<<uint(best)
	}
}

// uniformPrior reports whether everybody had the same number of breaks
// before the plan.
func (p *problem) uniformPrior() bool {
	for v := 1; v < p.n; v++ {
		if p.prior[v] != p.prior[0] {
			return false
		}
	}
	return true
}
