package rotation

import "testing"

// FuzzPlan plans random inputs and checks the schedule with CheckPresence,
// then repairs it after a drop-out plus a late joiner and checks again.
// Without -fuzz only the seed corpus runs.
func FuzzPlan(f *testing.F) {
	f.Add(uint8(3), uint8(1), int64(0), uint8(255), uint64(0), uint8(0))
	f.Add(uint8(8), uint8(7), int64(1), uint8(255), uint64(1), uint8(3))
	f.Add(uint8(9), uint8(9), int64(2), uint8(128), uint64(2), uint8(4))
	f.Add(uint8(17), uint8(20), int64(3), uint8(30), uint64(3), uint8(10))
	f.Add(uint8(40), uint8(40), int64(4), uint8(200), uint64(4), uint8(39))
	f.Add(uint8(63), uint8(12), int64(5), uint8(90), uint64(5), uint8(6))
	f.Fuzz(func(t *testing.T, n, rounds uint8, seed int64, density uint8, graph uint64, from uint8) {
		size := int(n) % MaxPeople // leave room for the joiner
		all := ids(size + 1)
		people, joiner := all[:size], all[size]
		compatible := randomGraph(size+1, float64(density)/255, graph)
		in := Input{People: people, Rounds: 1 + int(rounds)%MaxRounds, Compatible: compatible, Seed: seed}
		plan, err := Plan(in)
		if err != nil {
			t.Fatal(err)
		}
		present := make([][]string, len(plan))
		for r := range present {
			present[r] = people
		}
		if err := CheckPresence(plan, present, compatible); err != nil {
			t.Fatal(err)
		}
		k := int(from) % (len(plan) + 1)
		next := append([]string{joiner}, people[min(1, size):]...)
		out, err := Repair(plan, k, next, compatible, seed)
		if err != nil {
			t.Fatal(err)
		}
		for r := k; r < len(out); r++ {
			present[r] = next
		}
		if err := CheckPresence(out, present, compatible); err != nil {
			t.Fatal(err)
		}
	})
}
