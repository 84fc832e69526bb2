package rotation

import "math/rand/v2"

// prng draws the seeded tie-breaks. It uses only the PCG generator's raw
// output (a fixed algorithm) and its own derived helpers, so that a plan
// depends on the input alone and not on how a Go release implements
// Rand.Perm or Rand.Shuffle.
type prng struct{ src *rand.PCG }

func newPRNG(seed int64, stream uint64) prng {
	return prng{rand.NewPCG(uint64(seed), stream)}
}

// intN returns a number in [0, n), n > 0 (the modulo bias is irrelevant
// for tie-breaking).
func (r prng) intN(n int) int {
	return int(r.src.Uint64() % uint64(n))
}

// shuffle permutes vs uniformly (Fisher–Yates).
func (r prng) shuffle(vs []int) {
	for i := len(vs) - 1; i > 0; i-- {
		j := r.intN(i + 1)
		vs[i], vs[j] = vs[j], vs[i]
	}
}

// perm returns a random permutation of 0..n-1.
func (r prng) perm(n int) []int {
	vs := make([]int, n)
	for i := range vs {
		vs[i] = i
	}
	r.shuffle(vs)
	return vs
}
