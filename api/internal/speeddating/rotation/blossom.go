package rotation

import "math/bits"

// matcher is Edmonds' blossom algorithm on a graph of at most 64 vertices
// whose adjacency lists are bitsets. It is reused across rounds and
// candidates to avoid allocations; all arrays are indexed by vertex.
type matcher struct {
	n     int
	adj   [MaxPeople]uint64
	mate  [MaxPeople]int // partner or -1
	prev  [MaxPeople]int // tree parent of an inner vertex (or of an outer vertex in a blossom, set while contracting)
	base  [MaxPeople]int // base of the blossom containing the vertex
	queue [MaxPeople]int
	used  uint64 // outer (even) vertices of the current search
	inBl  uint64 // blossom bases marked during a contraction
}

// reset prepares the matcher for a graph on n vertices with no edges and
// an empty matching.
func (m *matcher) reset(n int) {
	m.n = n
	for i := 0; i < n; i++ {
		m.adj[i] = 0
		m.mate[i] = -1
	}
}

// lca returns the base of the blossom closing the cycle through a and b,
// i.e. the lowest common ancestor of their bases in the alternating tree.
func (m *matcher) lca(a, b int) int {
	var seen uint64
	for {
		a = m.base[a]
		seen |= 1 << uint(a)
		if m.mate[a] == -1 {
			break // the root
		}
		a = m.prev[m.mate[a]]
	}
	for {
		b = m.base[b]
		if seen&(1<<uint(b)) != 0 {
			return b
		}
		b = m.prev[m.mate[b]]
	}
}

// markPath walks from outer vertex v up to blossom base b, marking the
// bases on the way and re-pointing prev so that the cycle can later be
// traversed in the other direction (child is the vertex v is reached from).
func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.inBl |= 1<<uint(m.base[v]) | 1<<uint(m.base[m.mate[v]])
		m.prev[v] = child
		child = m.mate[v]
		v = m.prev[m.mate[v]]
	}
}

// search grows an alternating tree from the unmatched vertex root. It stops
// at the first vertex that either is unmatched (an augmenting path ends
// there: drop == false) or is reachable by an even alternating path and is
// matched but not in keep (drop == true: flipping the path covers root and
// uncovers that vertex). It returns -1 when neither exists.
func (m *matcher) search(root int, keep uint64) (end int, drop bool) {
	n := m.n
	for i := 0; i < n; i++ {
		m.prev[i] = -1
		m.base[i] = i
	}
	m.used = 1 << uint(root)
	head, tail := 0, 0
	m.queue[tail] = root
	tail++
	for head < tail {
		v := m.queue[head]
		head++
		for rest := m.adj[v]; rest != 0; rest &= rest - 1 {
			to := bits.TrailingZeros64(rest)
			if m.base[v] == m.base[to] || m.mate[v] == to {
				continue
			}
			if to == root || (m.mate[to] != -1 && m.prev[m.mate[to]] != -1) {
				// to is outer: an odd cycle, contract it.
				cur := m.lca(v, to)
				m.inBl = 0
				m.markPath(v, cur, to)
				m.markPath(to, cur, v)
				dropAt := -1
				for i := 0; i < n; i++ {
					if m.inBl&(1<<uint(m.base[i])) == 0 {
						continue
					}
					m.base[i] = cur
					if m.used&(1<<uint(i)) == 0 {
						m.used |= 1 << uint(i)
						m.queue[tail] = i
						tail++
						if dropAt == -1 && keep&(1<<uint(i)) == 0 {
							dropAt = i
						}
					}
				}
				if dropAt != -1 {
					return dropAt, true
				}
			} else if m.prev[to] == -1 {
				m.prev[to] = v
				if m.mate[to] == -1 {
					return to, false
				}
				w := m.mate[to]
				m.used |= 1 << uint(w)
				m.queue[tail] = w
				tail++
				if keep&(1<<uint(w)) == 0 {
					return w, true
				}
			}
		}
	}
	return -1, false
}

// flip augments along the tree path ending at the inner vertex v, whose
// own mate (if any) has already been released.
func (m *matcher) flip(v int) {
	for v != -1 {
		pv := m.prev[v]
		next := m.mate[pv]
		m.mate[v] = pv
		m.mate[pv] = v
		v = next
	}
}

// cover tries to add the unmatched vertex root to the set covered by the
// matching while keeping every vertex of keep covered. It reports whether
// it succeeded; on success the matching covers keep ∪ {root}. Vertices
// outside keep may be uncovered in exchange (never more than one).
func (m *matcher) cover(root int, keep uint64) bool {
	end, drop := m.search(root, keep)
	if end == -1 {
		return false
	}
	if drop {
		x := m.mate[end]
		m.mate[end] = -1
		m.flip(x)
		return true
	}
	m.flip(end)
	return true
}

// matchInOrder computes a maximum matching whose covered vertex set is the
// greedy (lexicographically first) basis of the matching matroid for the
// given priority order: every vertex is considered in turn and kept covered
// if the graph has a matching covering it together with all vertices kept
// before it. The current matching (possibly non-empty, e.g. a greedy start)
// is used as the starting point. It returns the set of covered vertices.
func (m *matcher) matchInOrder(order []int) uint64 {
	var keep uint64
	for _, v := range order {
		if m.mate[v] != -1 || m.cover(v, keep) {
			keep |= 1 << uint(v)
		}
	}
	return keep
}

// size returns the number of matched pairs.
func (m *matcher) size() int {
	c := 0
	for i := 0; i < m.n; i++ {
		if m.mate[i] > i {
			c++
		}
	}
	return c
}
