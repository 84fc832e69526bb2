package speeddating

import (
	"testing"
	"time"
)

func TestGroupOf(t *testing.T) {
	cases := []struct{ audience, gender, want string }{
		{AudienceWomenMen, "woman", GroupWomen}, {AudienceWomenMen, "man", GroupMen},
		{AudienceWomenMen, "non_binary", ""}, {AudienceWomen, "man", ""}, {AudienceWomen, "woman", GroupWomen},
		{AudienceMen, "man", GroupMen}, {AudienceEveryone, "non_binary", GroupEveryone}, {"nope", "woman", ""},
	}
	for _, c := range cases {
		if got := groupOf(c.audience, c.gender); got != c.want {
			t.Errorf("groupOf(%s, %s) = %q, want %q", c.audience, c.gender, got, c.want)
		}
	}
	if s := seatCapacity(AudienceWomenMen, 12); s[GroupWomen] != 6 || s[GroupMen] != 6 {
		t.Errorf("women_men seats %v", s)
	}
}

func TestEventInputBounds(t *testing.T) {
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	ok := EventInput{Title: "Coffee dates", StartsAt: now.Add(time.Hour), TimeZone: "Africa/Lagos", Rounds: 6,
		RoundSeconds: 300, ChangeoverSeconds: 60, Audience: AudienceWomenMen, AgeMin: 25, AgeMax: 45, Capacity: 12,
		MinParticipants: 4, Price: Money{Amount: MaxPrice, Currency: "NGN"}}
	if err := ok.Validate(now); err != nil {
		t.Fatalf("valid input refused: %v", err)
	}
	for name, change := range map[string]func(*EventInput){
		"start too soon":   func(in *EventInput) { in.StartsAt = now.Add(4 * time.Minute) },
		"start too far":    func(in *EventInput) { in.StartsAt = now.Add(366 * 24 * time.Hour) },
		"zone":             func(in *EventInput) { in.TimeZone = "Lagos" },
		"ages crossed":     func(in *EventInput) { in.AgeMin, in.AgeMax = 50, 40 },
		"odd women_men":    func(in *EventInput) { in.Capacity = 11 },
		"min over cap":     func(in *EventInput) { in.MinParticipants = 14 },
		"price":            func(in *EventInput) { in.Price.Amount = MaxPrice + 1 },
		"rounds":           func(in *EventInput) { in.Rounds = 13 },
		"round length":     func(in *EventInput) { in.RoundSeconds = 1801 },
		"changeover":       func(in *EventInput) { in.ChangeoverSeconds = 9 },
		"unknown audience": func(in *EventInput) { in.Audience = "all" },
	} {
		in := ok
		change(&in)
		if err := in.Validate(now); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestMinimumAt(t *testing.T) {
	start := time.Date(2026, 3, 4, 19, 0, 0, 0, time.UTC)
	ev := &eventRow{StartsAt: start, CreatedAt: start.Add(-48 * time.Hour)}
	if !ev.minimumAt().Equal(start.Add(-time.Hour)) {
		t.Fatalf("minimum at %v", ev.minimumAt())
	}
	ev.CreatedAt = start.Add(-30 * time.Minute)
	if !ev.minimumAt().Equal(start) {
		t.Fatalf("minimum of an event made inside the hour at %v", ev.minimumAt())
	}
}
