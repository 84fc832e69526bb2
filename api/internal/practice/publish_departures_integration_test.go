package practice_test

import (
	"context"
	"strings"
	"testing"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

// Weekly hours are needed to publish only while some active offering books
// from them: a provider whose every active offering has fixed departures
// publishes without hours, and goes back to draft once an offering that
// uses the hours is added.
func TestIntegrationPublishWithOnlyFixedDepartures(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		s := e.App.Practice
		admin := e.Admin("admin@example.com", "admin")
		g := provider(e, "walker", practice.KindTourGuide)
		kind := practice.KindTourGuide
		p, err := s.SaveProfile(ctx, g.UserID, kind, profileInput("Old town walks", "Lagos", "NG", "Africa/Lagos",
			[]string{"History"}, []string{"English"}, "in_person"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Decide(ctx, admin.UserID, "", p.ID, practice.DecisionInput{Decision: "verified"}); err != nil {
			t.Fatal(err)
		}
		title, format, dur, capacity := "Market walk", practice.FormatInPerson, 180, 10
		price := practice.Money{Amount: 1500000, Currency: "NGN"}
		fixed := practice.OfferingInput{Title: &title, Format: &format, DurationMin: &dur, Price: &price, Capacity: &capacity,
			Departures: &practice.Departures{Weekly: map[string][]string{"saturday": {"09:00"}}}}
		if _, err := s.CreateOffering(ctx, g.UserID, kind, fixed); err != nil {
			t.Fatal(err)
		}
		own, err := s.Publish(ctx, g.UserID, kind)
		if err != nil {
			t.Fatalf("publish with fixed departures and no hours: %v", err)
		}
		if own.Status != practice.StatusPublished || !own.Listed {
			t.Fatalf("not published: %+v", own)
		}
		// An offering that books from the weekly hours needs them again.
		hourly := practice.OfferingInput{Title: &title, Format: &format, DurationMin: &dur, Price: &price, Capacity: &capacity}
		if _, err := s.CreateOffering(ctx, g.UserID, kind, hourly); err != nil {
			t.Fatal(err)
		}
		own, err = s.MyProfile(ctx, g.UserID, kind)
		if err != nil {
			t.Fatal(err)
		}
		if own.Status != practice.StatusDraft || !strings.Contains(strings.Join(own.PublishMissing, ","), "weekly_hours") {
			t.Fatalf("with an hourly offering: %s %v", own.Status, own.PublishMissing)
		}
		if _, err := s.Publish(ctx, g.UserID, kind); err == nil || !strings.Contains(err.Error(), "weekly_hours") {
			t.Fatalf("publish without hours: %v", err)
		}
	})
}
