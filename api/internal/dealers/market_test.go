package dealers

import "testing"

func TestRate(t *testing.T) {
	comps := []int64{1000, 1100, 1200, 900, 1000} // median 1000
	for price, want := range map[int64]string{850: RatingGreat, 900: RatingGreat, 950: RatingGood, 970: RatingGood,
		1000: RatingFair, 1050: RatingFair, 1051: RatingHigh, 2000: RatingHigh} {
		got, med := rate(price, append([]int64{}, comps...))
		if got != want || med == nil || *med != 1000 {
			t.Errorf("price %d: %s (median %v), want %s", price, got, med, want)
		}
	}
	if got, med := rate(1000, []int64{1000, 1200}); got != RatingNotEnough || med != nil {
		t.Errorf("two comparables: %s", got)
	}
	if _, med := rate(1000, []int64{900, 1000, 1100, 1300}); *med != 1050 {
		t.Errorf("even median %d", *med)
	}
	for km, want := range map[int][2]int{0: {0, 20000}, 50000: {30000, 70000}, 200000: {150000, 250000}} {
		lo, hi := mileageBand(km)
		if lo != want[0] || hi != want[1] {
			t.Errorf("band of %d: %d-%d", km, lo, hi)
		}
	}
}
