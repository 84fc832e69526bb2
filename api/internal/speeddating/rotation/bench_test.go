package rotation

import (
	"fmt"
	"testing"
)

// BenchmarkPlan40 plans 40 rounds for 40 people on each structure.
func BenchmarkPlan40(b *testing.B) {
	people := ids(40)
	sparse := structure{"random10", func(n int) func(a, b string) bool { return randomGraph(n, 0.1, 10) }}
	for _, s := range append(structures, sparse) {
		f := s.make(40)
		b.Run(s.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Plan(Input{People: people, Rounds: 40, Compatible: f, Seed: int64(i)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPlanSizes shows how the cost grows with the number of people
// (random graph, density 0.6, as many rounds as people).
func BenchmarkPlanSizes(b *testing.B) {
	for _, n := range []int{10, 20, 30, 40, 64} {
		people := ids(n)
		f := randomGraph(n, 0.6, 60)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Plan(Input{People: people, Rounds: min(n, MaxRounds), Compatible: f, Seed: int64(i)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
