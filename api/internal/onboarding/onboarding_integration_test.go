package onboarding_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"sojourn/api/internal/onboarding"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/testkit"
)

func TestIntegrationOnboardingResumesAndSubmitsOnce(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		var applied atomic.Int32
		failNext := atomic.Bool{}
		e.App.Onboarding.AddFlow(onboarding.Flow{Name: "sample_tour_guide", Role: "tour_guide", Steps: []string{"one", "two", "three"},
			Check: func(_ context.Context, _, step string, data json.RawMessage) error {
				var v struct {
					Name string `json:"name"`
				}
				_ = json.Unmarshal(data, &v)
				if step == "one" && strings.TrimSpace(v.Name) == "" {
					return apperr.Validation(map[string]string{"name": "is required"})
				}
				return nil
			},
			Submit: func(_ context.Context, _ string, steps map[string]json.RawMessage) error {
				if failNext.Swap(false) {
					return apperr.Validation(map[string]string{"name": "is taken"})
				}
				if len(steps) != 3 || !strings.Contains(string(steps["one"]), "Ada") {
					t.Errorf("submit got %v", steps)
				}
				applied.Add(1)
				return nil
			}})

		guide := e.Register("guide@example.com", "guide1")
		plain := e.Register("plain@example.com", "plain1")
		e.GrantRole(guide.UserID, "tour_guide")
		guide = e.Login(guide.Email, guide.Password)

		// Only the flow's role; unknown flows and steps are not found.
		e.Get("/api/v1/onboarding/sample_tour_guide", plain.AccessToken).Expect(http.StatusForbidden)
		e.Get("/api/v1/onboarding/no_such_flow", guide.AccessToken).Expect(http.StatusNotFound)
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/onboarding/sample_tour_guide/steps/eleven", Token: guide.AccessToken,
			Body: map[string]any{"data": map[string]any{}}}).Expect(http.StatusNotFound)

		var p struct{ Data onboarding.Progress }
		e.Get("/api/v1/onboarding/sample_tour_guide", guide.AccessToken).Expect(http.StatusOK).JSON(&p)
		if len(p.Data.Steps) != 3 || p.Data.NextStep == nil || *p.Data.NextStep != "one" || p.Data.SubmittedAt != nil {
			t.Fatalf("fresh progress: %+v", p.Data)
		}
		put := func(step string, data any) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/onboarding/sample_tour_guide/steps/" + step,
				Token: guide.AccessToken, Body: map[string]any{"data": data}})
		}
		// Bad input changes nothing.
		put("one", map[string]any{"name": " "}).Expect(http.StatusUnprocessableEntity)
		put("one", map[string]any{"name": "Ada\x00"}).Expect(http.StatusUnprocessableEntity)
		put("one", map[string]any{"name": strings.Repeat("a", 70<<10)}).Expect(http.StatusUnprocessableEntity)
		e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/onboarding/sample_tour_guide/steps/one", Token: guide.AccessToken,
			Body: map[string]any{}}).Expect(http.StatusUnprocessableEntity)
		put("one", map[string]any{"name": "Ada Okafor", "languages": []string{"English", "Yoruba"}}).Expect(http.StatusOK)
		put("two", map[string]any{"city": "Lagos"}).Expect(http.StatusOK)

		// Not every step saved: submit names the first missing one.
		r := e.Post("/api/v1/onboarding/sample_tour_guide/submit", guide.AccessToken, nil).Expect(http.StatusUnprocessableEntity)
		if !strings.Contains(string(r.Body), "three") {
			t.Fatalf("missing step: %s", r.Body)
		}

		// Signing out and in again resumes at step three with the answers kept.
		e.Post("/api/auth/logout", guide.AccessToken, nil)
		guide = e.Login(guide.Email, guide.Password)
		e.Get("/api/v1/onboarding/sample_tour_guide", guide.AccessToken).Expect(http.StatusOK).JSON(&p)
		if *p.Data.NextStep != "three" || !p.Data.Steps[0].Saved || !strings.Contains(string(p.Data.Steps[0].Data), "Yoruba") {
			t.Fatalf("resumed: %+v", p.Data)
		}
		// Saving a step again replaces it.
		put("two", map[string]any{"city": "Accra"}).Expect(http.StatusOK)
		put("three", map[string]any{"ok": true}).Expect(http.StatusOK)

		// A failed apply leaves it open.
		failNext.Store(true)
		e.Post("/api/v1/onboarding/sample_tour_guide/submit", guide.AccessToken, nil).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/onboarding/sample_tour_guide", guide.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.SubmittedAt != nil || p.Data.NextStep != nil || !strings.Contains(string(p.Data.Steps[1].Data), "Accra") {
			t.Fatalf("after failed submit: %+v", p.Data)
		}

		// Parallel submits apply once.
		var wg sync.WaitGroup
		var ok, conflict atomic.Int32
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch r := e.Post("/api/v1/onboarding/sample_tour_guide/submit", guide.AccessToken, nil); r.Status {
				case http.StatusOK:
					ok.Add(1)
				case http.StatusConflict:
					conflict.Add(1)
				default:
					t.Errorf("submit: %d %s", r.Status, r.Body)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || conflict.Load() != 5 || applied.Load() != 1 {
			t.Fatalf("ok %d conflict %d applied %d", ok.Load(), conflict.Load(), applied.Load())
		}
		e.Get("/api/v1/onboarding/sample_tour_guide", guide.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.SubmittedAt == nil {
			t.Fatalf("not submitted: %+v", p.Data)
		}
	})
}
