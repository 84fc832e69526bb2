package matchmaking

import (
	"fmt"
	"math"
	"testing"

	"sojourn/api/internal/platform/apperr"
)

func str(s string) *string { return &s }
func num(n int) *int       { return &n }
func strs(s ...string) *[]string {
	return &s
}

// person is a Lagos woman or man of 30 who answered everything.
func person(id, gender string) Member {
	seek := "man"
	if gender == "man" {
		seek = "woman"
	}
	return Member{ID: id, Age: 30, Gender: gender, City: "Lagos", Country: "NG", HasPoint: true, Lat: 6.5244, Lng: 3.3792,
		Spoken: []string{"English", "Yoruba"},
		Prefs: Prefs{Intent: str("long_term"), AgeMin: num(25), AgeMax: num(40), MaxDistanceKm: num(50),
			Genders: strs(seek), Languages: strs("English"), Smoking: str("never"), Drinking: str("socially"),
			Diet: str("anything"), Activity: str("active"), Faith: str("christian"), SameFaith: new(bool),
			WantsChildren: str("yes"), TravelStyle: str("light"), TravelFrequency: str("quarterly"),
			Interests: strs("hiking", "jazz", "cooking")},
		Answers: map[string]Answer{}, Weights: Weights{}}
}

func answer(m *Member, q, own, imp string, accepted ...string) {
	m.Answers[q] = Answer{Answer: own, Accepted: accepted, Importance: imp}
	m.qs = nil // compiled again on next use
}

func TestIdenticalAnswersAreHundred(t *testing.T) {
	a, b := person("a", "woman"), person("b", "man")
	for _, q := range Questions {
		answer(&a, q.ID, q.Options[0].ID, ImpVery, q.Options[0].ID)
		answer(&b, q.ID, q.Options[0].ID, ImpSomewhat, q.Options[0].ID)
	}
	if got := Accuracy(&a, &b); got != 100 {
		t.Fatalf("identical answers: %d, want 100", got)
	}
	s := Score(&a, &b)
	if s == nil || s.Accuracy != 100 {
		t.Fatalf("score %+v", s)
	}
	want := map[string]bool{"You both travel light": true, "You both want children": true,
		"8 of 8 important answers agree": true, "You both like hiking, jazz and cooking": true}
	for _, w := range s.Why {
		delete(want, w)
	}
	if len(want) > 0 {
		t.Fatalf("why %q lacks %v", s.Why, want)
	}
}

// Hand-computed: questions only (no preference dimension either side asks).
func bare(id, gender string) Member {
	m := person(id, gender)
	m.Prefs = Prefs{Genders: m.Prefs.Genders}
	return m
}

func TestImportanceWeightsAndAsymmetry(t *testing.T) {
	a, b := bare("a", "woman"), bare("b", "man")
	// a asks two "very" questions (50 each): b satisfies one -> sA = 50/100.
	answer(&a, "tidiness", "very_tidy", ImpVery, "very_tidy")
	answer(&a, "planning", "plan_all", ImpVery, "plan_all")
	answer(&b, "tidiness", "very_tidy", ImpLittle, "very_tidy", "tidy_enough")
	answer(&b, "planning", "spontaneous", ImpIrrelevant, "spontaneous")
	// b asks one "a little" question a satisfies -> sB = 1.
	if sa, sb := Satisfaction(&a, &b), Satisfaction(&b, &a); sa != 0.5 || sb != 1 {
		t.Fatalf("satisfactions %v %v, want 0.5 and 1", sa, sb)
	}
	// round(100 * sqrt(0.5 * 1)) = 71, from both sides.
	if x, y := Accuracy(&a, &b), Accuracy(&b, &a); x != 71 || y != 71 {
		t.Fatalf("accuracy %d / %d, want 71 both ways", x, y)
	}
	// Weights: a "very" (50) agreement against a "somewhat" (10) disagreement.
	c, d := bare("c", "woman"), bare("d", "man")
	answer(&c, "rhythm", "early", ImpVery, "early")
	answer(&c, "costs", "split", ImpSomewhat, "split")
	answer(&d, "rhythm", "early", ImpSomewhat, "late")
	answer(&d, "costs", "turns", ImpVery, "split")
	// sC = 50/60, sD = 50/60 (d's "very" costs question: c splits, accepted;
	// d's "somewhat" rhythm: c is early, not accepted) -> 83.
	if got := Accuracy(&c, &d); got != 83 || math.Abs(Satisfaction(&c, &d)-50.0/60) > 1e-9 {
		t.Fatalf("weighted accuracy %d (sC %v)", got, Satisfaction(&c, &d))
	}
}

func TestDealbreakersExclude(t *testing.T) {
	a, b := person("a", "woman"), person("b", "man")
	if Score(&a, &b) == nil {
		t.Fatal("compatible people excluded")
	}
	// A mandatory answer b does not give.
	answer(&a, "pets", "have", ImpMandatory, "have", "like")
	answer(&b, "pets", "rather_not", ImpLittle, "rather_not")
	if Score(&a, &b) != nil || Score(&b, &a) != nil {
		t.Fatal("mandatory answer not a dealbreaker both ways")
	}
	answer(&b, "pets", "like", ImpLittle, "like")
	if Score(&a, &b) == nil {
		t.Fatal("accepted mandatory answer excluded")
	}
	// Age, gender and distance, both ways.
	old := b
	old.Age = 45
	if Score(&a, &old) != nil || Score(&old, &a) != nil {
		t.Fatal("age window not applied both ways")
	}
	far := b
	far.City, far.Lat, far.Lng = "Abuja", 9.0765, 7.3986
	if Score(&a, &far) != nil {
		t.Fatal("distance not applied")
	}
	wrong := b
	wrong.Gender = "woman"
	if Score(&a, &wrong) != nil {
		t.Fatal("gender not applied")
	}
	// A marked dealbreaker step.
	a.Prefs.Dealbreakers = strs("travel_style")
	b.Prefs.TravelStyle = str("luxury")
	if Score(&a, &b) != nil {
		t.Fatal("travel style dealbreaker not applied")
	}
}

func TestLearningIsBoundedAndExplained(t *testing.T) {
	a, b := person("a", "woman"), person("b", "man")
	b.Prefs.TravelStyle = str("adventure") // b fails a's travel style
	for range 200 {
		a.Weights = Learn(&a, &b, false)
	}
	if m := a.Weights.of(DimIntent); m < MinMultiplier || m > MaxMultiplier || m >= 1 {
		t.Fatalf("intent multiplier %v after passing on people who share it", m)
	}
	if m := a.Weights.of(DimIntent); m != MinMultiplier {
		t.Fatalf("intent multiplier %v, want the floor %v", m, MinMultiplier)
	}
	c := person("c", "woman")
	one := Learn(&c, &b, true)
	if m := one.of(DimIntent); m <= 1 || m > 1.06 {
		t.Fatalf("one like moved intent to %v", m)
	}
	v := Explain(a.Weights, 200)
	for _, w := range v.Weights {
		if w.Dimension == DimIntent && (w.Explanation == nil || w.Multiplier != MinMultiplier) {
			t.Fatalf("intent weight %+v", w)
		}
	}
}

func TestDistanceIsRounded(t *testing.T) {
	for km, want := range map[float64]string{2: "In Lagos", 12: "About 10 km away", 137: "About 140 km away",
		1234: "About 1,250 km away", -1: ""} {
		if got := Distance(km, "Lagos"); got != want {
			t.Errorf("Distance(%v) = %q, want %q", km, got, want)
		}
	}
}

func TestValidateStep(t *testing.T) {
	ok := Prefs{AgeMin: num(25), AgeMax: num(35)}
	if err := validateStep("age", &ok); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		step string
		in   Prefs
	}{
		"other step's field": {"age", Prefs{AgeMin: num(25), AgeMax: num(35), Intent: str("dating")}},
		"missing field":      {"age", Prefs{AgeMin: num(25)}},
		"reversed":           {"age", Prefs{AgeMin: num(40), AgeMax: num(30)}},
		"under 18":           {"age", Prefs{AgeMin: num(16), AgeMax: num(30)}},
		"bad enum":           {"intent", Prefs{Intent: str("fling")}},
		"no genders":         {"genders", Prefs{Genders: strs()}},
		"long interest":      {"interests", Prefs{Interests: strs("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")}},
	} {
		if err := validateStep(c.step, &c.in); !apperr.Is(err, apperr.CodeValidation) {
			t.Errorf("%s: %v, want a validation error", name, err)
		}
	}
	if err := validateStep("nope", &Prefs{}); err != errStepNotFound {
		t.Fatalf("unknown step: %v", err)
	}
}

// RankPage's pages, walked by their last position, are Rank's order cut
// into pages: no one twice, no one skipped, the same order as a full sort.
func TestRankPagesWalkTheFullOrder(t *testing.T) {
	a := person("asker", "woman")
	var cands []*Member
	for i := range 157 {
		b := person(fmt.Sprintf("m%03d", (i*37)%157), "man")
		if i%3 == 0 {
			b.Prefs.Smoking = str("often")
		}
		if i%5 == 0 {
			b.Prefs.TravelStyle = str("luxury")
		}
		if i%7 == 0 {
			b.Prefs.Interests = strs("chess")
		}
		if i%11 == 0 {
			b.Gender = "woman" // not sought: filtered out
		}
		answer(&b, Questions[0].ID, Questions[0].Options[i%len(Questions[0].Options)].ID, ImpSomewhat, Questions[0].Options[0].ID)
		cands = append(cands, &b)
	}
	answer(&a, Questions[0].ID, Questions[0].Options[0].ID, ImpVery, Questions[0].Options[0].ID)
	full := Rank(&a, cands)
	if len(full) == 0 || len(full) >= len(cands) {
		t.Fatalf("ranked %d of %d", len(full), len(cands))
	}
	for i := 1; i < len(full); i++ {
		if !better(full[i-1].Accuracy, full[i-1].ID, full[i].Accuracy, full[i].ID) {
			t.Fatalf("not in order at %d: %+v then %+v", i, full[i-1], full[i])
		}
	}
	for _, limit := range []int{1, 7, 20, 100} {
		var walked []Scored
		acc, id := -1, ""
		for {
			pg, more := RankPage(&a, cands, acc, id, limit)
			walked = append(walked, pg...)
			if !more {
				break
			}
			if len(pg) != limit {
				t.Fatalf("limit %d: a page of %d with more to come", limit, len(pg))
			}
			acc, id = pg[len(pg)-1].Accuracy, pg[len(pg)-1].ID
		}
		if len(walked) != len(full) {
			t.Fatalf("limit %d: walked %d, full %d", limit, len(walked), len(full))
		}
		for i := range full {
			if walked[i].ID != full[i].ID || walked[i].Accuracy != full[i].Accuracy {
				t.Fatalf("limit %d: position %d is %+v, want %+v", limit, i, walked[i], full[i])
			}
		}
	}
}
