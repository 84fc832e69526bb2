package practice_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"

	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

func put(e *testkit.Env, path, token string, body any) *testkit.Resp {
	e.T.Helper()
	return e.Do(testkit.Req{Method: http.MethodPut, Path: path, Token: token, Body: body})
}

func del(e *testkit.Env, path, token string) *testkit.Resp {
	e.T.Helper()
	return e.Do(testkit.Req{Method: http.MethodDelete, Path: path, Token: token})
}

// provider registers a user with the role kind.
func provider(e *testkit.Env, name, kind string) *testkit.Session {
	e.T.Helper()
	s := e.Register(name+"@example.com", name)
	e.GrantRole(s.UserID, kind)
	return s
}

func fullProfile() map[string]any {
	return map[string]any{
		"headline":    "Cognitive behavioural therapy for anxiety and burnout",
		"bio":         "I help adults who feel stuck in worry loops find practical ways out.",
		"specialties": []string{"Anxiety", "Burnout"},
		"languages":   []string{"English", "Yoruba"},
		"city":        "Lagos", "country": "NG", "time_zone": "Africa/Lagos",
		"formats":        []map[string]any{{"kind": "video"}, {"kind": "in_person", "address": "12 Awolowo Road, Ikoyi"}},
		"licence_number": "MDCN-44721", "issuing_body": "Medical and Dental Council of Nigeria",
	}
}

func offering(price int64) map[string]any {
	return map[string]any{"title": "Individual session", "description": "Fifty minutes, one to one.",
		"format": "video", "duration_min": 50, "price": map[string]any{"amount": price, "currency": "NGN"}}
}

var weekdays = map[string]any{"weekly": map[string]any{
	"monday":    []map[string]string{{"start": "09:00", "end": "12:00"}, {"start": "13:00", "end": "17:00"}},
	"wednesday": []map[string]string{{"start": "10:00", "end": "18:00"}},
}, "daily_limit": 6, "weekly_limit": 20}

// published makes a complete, published profile through the service (an
// admin verifies a therapist's licence) and returns its id.
func published(t testing.TB, e *testkit.Env, userID, kind string, in practice.ProfileInput, price int64) string {
	t.Helper()
	ctx := context.Background()
	s := e.App.Practice
	p, err := s.SaveProfile(ctx, userID, kind, in)
	if err != nil {
		t.Fatalf("save profile: %v", err)
	}
	title, format, dur := "Session", "video", 50
	cur := "NGN"
	if _, err := s.CreateOffering(ctx, userID, kind, practice.OfferingInput{Title: &title, Format: &format,
		DurationMin: &dur, Price: &practice.Money{Amount: price, Currency: cur}}); err != nil {
		t.Fatalf("offering: %v", err)
	}
	if _, err := s.SaveSchedule(ctx, userID, kind, practice.ScheduleInput{Weekly: map[string][]practice.Interval{
		"monday": {{Start: "09:00", End: "17:00"}}}}); err != nil {
		t.Fatalf("schedule: %v", err)
	}
	if kind == practice.KindTherapist {
		if _, err := s.Decide(ctx, userID, "", p.ID, practice.DecisionInput{Decision: "verified"}); err != nil {
			t.Fatalf("verify: %v", err)
		}
	}
	if _, err := s.Publish(ctx, userID, kind); err != nil {
		t.Fatalf("publish: %v", err)
	}
	return p.ID
}

func profileInput(headline, city, country, tz string, specialties, languages []string, formats ...string) practice.ProfileInput {
	in := practice.ProfileInput{Headline: headline, Bio: "A practitioner with years of experience.",
		Specialties: specialties, Languages: languages, City: city, Country: country, TimeZone: tz,
		LicenceNumber: "LIC-" + headline[:3], IssuingBody: "A licensing board"}
	for _, f := range formats {
		fi := practice.FormatInput{Kind: f}
		if f == "in_person" {
			fi.Address = "1 Main Street"
		}
		in.Formats = append(in.Formats, fi)
	}
	return in
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
