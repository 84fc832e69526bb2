package bookings_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/testkit"
)

// adminList is the parts of GET /admin/bookings the tests read.
type adminList struct {
	Data []struct {
		ID         string    `json:"id"`
		Status     string    `json:"status"`
		ProviderID string    `json:"provider_id"`
		Kind       string    `json:"kind"`
		Start      time.Time `json:"start"`
		Client     struct {
			ID string `json:"id"`
		} `json:"client"`
	} `json:"data"`
	Meta struct {
		Page    int `json:"page"`
		PerPage int `json:"per_page"`
		Total   int `json:"total"`
	} `json:"meta"`
}

func listAdmin(t *testing.T, e *testkit.Env, token string, q url.Values) adminList {
	t.Helper()
	var out adminList
	e.Get("/api/v1/admin/bookings?"+q.Encode(), token).Expect(http.StatusOK).JSON(&out)
	return out
}

func TestIntegrationAdminBookingsListFiltersAndPages(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		coach := setup(t, e, "amaka", offeringOpts{price: 1_500_000})
		therapist := e.Register("tunde@example.com", "tunde")
		therapistID, therapyOffering := e.Provider(therapist.UserID, "therapist", 3_000_000)
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		fund(t, e, ada.UserID, 20_000_000)
		fund(t, e, bola.UserID, 20_000_000)

		// Ada books the coach on days 1, 2 and 3 and the therapist on day 4;
		// Bola books the coach on day 5; Bola's hold on day 6 lapses.
		var adaCoach []string
		for d := 1; d <= 3; d++ {
			adaCoach = append(adaCoach, book(t, e, ada.AccessToken, coach.offeringID, at(d, 10)).ID)
		}
		adaTherapy := e.Booking(therapyOffering, ada.UserID, bookings.StatusConfirmed, at(4, 12))
		bolaCoach := book(t, e, bola.AccessToken, coach.offeringID, at(5, 10)).ID
		hold(e, bola.AccessToken, coach.offeringID, at(6, 10)).Expect(http.StatusCreated)

		// Everything paid, latest start first, in numbered pages; the hold
		// nobody paid is left out unless asked for.
		all := listAdmin(t, e, admin.AccessToken, url.Values{"per_page": {"2"}})
		if all.Meta.Total != 5 || all.Meta.PerPage != 2 || len(all.Data) != 2 || all.Data[0].ID != bolaCoach ||
			all.Data[1].ID != adaTherapy {
			t.Fatalf("first page: %+v", all)
		}
		p3 := listAdmin(t, e, admin.AccessToken, url.Values{"per_page": {"2"}, "page": {"3"}})
		if p3.Meta.Page != 3 || len(p3.Data) != 1 || p3.Data[0].ID != adaCoach[0] {
			t.Fatalf("last page: %+v", p3)
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"page": {"9"}}); len(l.Data) != 0 || l.Meta.Total != 5 {
			t.Fatalf("past the end: %+v", l)
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"status": {"held"}}); l.Meta.Total != 1 {
			t.Fatalf("held: %+v", l)
		}

		// Each filter, and filters together.
		byProvider := listAdmin(t, e, admin.AccessToken, url.Values{"provider_id": {coach.providerID}})
		if byProvider.Meta.Total != 4 {
			t.Fatalf("by provider: %+v", byProvider.Meta)
		}
		for _, b := range byProvider.Data {
			if b.ProviderID != coach.providerID {
				t.Fatalf("another provider's booking: %+v", b)
			}
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"user_id": {bola.UserID}}); l.Meta.Total != 1 ||
			l.Data[0].Client.ID != bola.UserID {
			t.Fatalf("by user: %+v", l)
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"kind": {"therapist"}}); l.Meta.Total != 1 ||
			l.Data[0].ProviderID != therapistID || l.Data[0].Kind != "therapist" {
			t.Fatalf("by kind: %+v", l)
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"from": {"2026-03-04"}, "to": {"2026-03-06"}}); l.Meta.Total != 3 {
			t.Fatalf("by dates: %+v", l) // days 2, 3 and 4 (2026-03-04 .. 06), to included
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"provider_id": {coach.providerID},
			"user_id": {ada.UserID}, "status": {"confirmed"}, "kind": {"coach"}, "from": {"2026-03-04"}}); l.Meta.Total != 2 {
			t.Fatalf("together: %+v", l)
		}
		if l := listAdmin(t, e, admin.AccessToken, url.Values{"status": {"cancelled_by_admin"}}); l.Meta.Total != 0 {
			t.Fatalf("none cancelled: %+v", l)
		}

		// Bad filters are 422, naming the field; the route is admins' only.
		for field, q := range map[string]url.Values{
			"status":   {"status": {"lost"}},
			"kind":     {"kind": {"Therapist!"}},
			"from":     {"from": {"1999-12-31"}},
			"to":       {"to": {"2100-01-02"}},
			"per_page": {"per_page": {"101"}},
			"page":     {"page": {"0"}},
		} {
			r := e.Get("/api/v1/admin/bookings?"+q.Encode(), admin.AccessToken).Expect(http.StatusUnprocessableEntity)
			if !strings.Contains(string(r.Body), `"`+field+`"`) {
				t.Fatalf("%s: %s", field, r.Body)
			}
		}
		e.Get("/api/v1/admin/bookings?from=2026-03-06&to=2026-03-04", admin.AccessToken).
			Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/admin/bookings", ada.AccessToken).Expect(http.StatusForbidden)
		e.Get("/api/v1/admin/bookings", coach.prov.AccessToken).Expect(http.StatusForbidden)
		e.Get("/api/v1/admin/bookings", "").Expect(http.StatusUnauthorized)

		// One booking, with its history and both parties' emails.
		d := e.Get("/api/v1/admin/bookings/"+adaCoach[0], admin.AccessToken).Expect(http.StatusOK).Data()
		if d["client_email"] != "ada@example.com" || d["provider_email"] != "amaka@example.com" ||
			len(d["events"].([]any)) == 0 {
			t.Fatalf("detail: %v", d)
		}
		e.Get("/api/v1/admin/bookings/nope", admin.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/admin/bookings/"+adaCoach[0], ada.AccessToken).Expect(http.StatusForbidden)
	})
}

func TestIntegrationAdminCancelRefundsInFull(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		// Free cancellation ends 48 hours before; cancelling later keeps 50%
		// for a user, never for an admin.
		f := setup(t, e, "amaka", offeringOpts{price: 2_500_000, freeHours: 48, feePct: 50})
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		fund(t, e, ada.UserID, 10_000_000)
		b := book(t, e, ada.AccessToken, f.offeringID, at(1, 10))
		if wallet(t, e, ada.UserID).Balance != 7_500_000 || escrow(t, e, b.ID) != 2_500_000 {
			t.Fatal("not paid into escrow")
		}
		cancel := "/api/v1/admin/bookings/" + b.ID + "/cancel"

		// A reason is required and bounded; a user may not.
		for _, bad := range []map[string]any{{}, {"reason": "  "}, {"reason": "no"}, {"reason": strings.Repeat("x", 501)}} {
			e.Post(cancel, admin.AccessToken, bad).Expect(http.StatusUnprocessableEntity)
		}
		e.Post(cancel, ada.AccessToken, map[string]any{"reason": "Please cancel"}).Expect(http.StatusForbidden)
		e.Post(cancel, f.prov.AccessToken, map[string]any{"reason": "Please cancel"}).Expect(http.StatusForbidden)
		e.Post("/api/v1/admin/bookings/nope/cancel", admin.AccessToken, map[string]any{"reason": "Duplicate booking"}).
			Expect(http.StatusNotFound)

		reason := "The provider's account is under review after reports from clients."
		d := e.Do(testkit.Req{Method: http.MethodPost, Path: cancel, Token: admin.AccessToken,
			Body: map[string]any{"reason": reason}, Header: map[string]string{"Idempotency-Key": "admin-cancel-1"}}).
			Expect(http.StatusOK).Data()
		if d["status"] != bookings.StatusCancelledByAdmin || d["refunded_amount"].(float64) != 2_500_000 ||
			d["fee_kept"].(float64) != 0 || d["cancel_reason"] != reason {
			t.Fatalf("cancelled: %v", d)
		}
		evs := d["events"].([]any)
		last := evs[len(evs)-1].(map[string]any)
		if last["actor_role"] != "admin" || last["to"] != bookings.StatusCancelledByAdmin || !strings.Contains(last["note"].(string), reason) {
			t.Fatalf("history: %v", last)
		}
		// The same request again answers the same; another is 409.
		again := e.Do(testkit.Req{Method: http.MethodPost, Path: cancel, Token: admin.AccessToken,
			Body: map[string]any{"reason": reason}, Header: map[string]string{"Idempotency-Key": "admin-cancel-1"}}).
			Expect(http.StatusOK).Data()
		if again["status"] != bookings.StatusCancelledByAdmin {
			t.Fatalf("replay: %v", again)
		}
		e.Post(cancel, admin.AccessToken, map[string]any{"reason": reason}).Expect(http.StatusConflict)

		// Refunded in full, escrow empty, ledger clean, the slot free again,
		// nothing counted against the provider, the user sees it cancelled,
		// audited and mailed.
		if w := wallet(t, e, ada.UserID); w.Balance != 10_000_000 {
			t.Fatalf("wallet after refund: %+v", w)
		}
		if escrow(t, e, b.ID) != 0 {
			t.Fatal("escrow not empty")
		}
		verify(t, e)
		if !slotStarts(t, e, f.offeringID, "2026-03-03")[at(1, 10)] {
			t.Fatal("slot not freed")
		}
		if n, err := e.App.Bookings.Cancellations(testkit.Ctx(), []string{f.providerID}); err != nil || n != 0 {
			t.Fatalf("provider cancellations: %d %v", n, err)
		}
		var mine struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		e.Get("/api/v1/bookings?status=cancelled", ada.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 1 || mine.Data[0].ID != b.ID {
			t.Fatalf("user's cancelled list: %+v", mine)
		}
		n, err := e.DB.NewSelect().Table("audit_log").Where("action = 'booking.cancel' AND target_id = ?", b.ID).
			Count(testkit.Ctx())
		if err != nil || n != 1 {
			t.Fatalf("audit: %d %v", n, err)
		}
		if m := e.Mail("ada@example.com"); !strings.Contains(m.BodyText, reason) || !strings.Contains(m.BodyText, "NGN 25000.00") {
			t.Fatalf("client mail: %+v", m)
		}
		if m := e.Mail("amaka@example.com"); !strings.Contains(m.Subject, "cancelled by Sojourn") {
			t.Fatalf("provider mail: %+v", m)
		}

		// A completed session is past refunding here.
		done := e.Booking(f.offeringID, ada.UserID, bookings.StatusCompleted, at(-3, 10))
		e.Post("/api/v1/admin/bookings/"+done+"/cancel", admin.AccessToken, map[string]any{"reason": "Too late"}).
			Expect(http.StatusConflict)
		verify(t, e)
	})
}

func TestIntegrationAdminCardBookingRefundGoesThroughTheBooking(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e, "amaka", offeringOpts{price: 2_500_000})
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		h := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, at(2, 9)).Expect(http.StatusCreated))
		var res struct {
			Data struct {
				Payment struct {
					Reference        string `json:"reference"`
					AuthorizationURL string `json:"authorization_url"`
				} `json:"payment"`
			} `json:"data"`
		}
		e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h.ID, "pay_with": "paystack"}).
			Expect(http.StatusCreated).JSON(&res)
		e.PayCard(t, res.Data.Payment.AuthorizationURL, "success")

		// The payments screen's refund points to the booking.
		r := e.Post("/api/v1/admin/payments/"+res.Data.Payment.Reference+"/refund", admin.AccessToken,
			map[string]any{"reason": "The client asked for a refund"}).Expect(http.StatusConflict)
		if !strings.Contains(string(r.Body), "cancelling the booking") {
			t.Fatalf("refund answer: %s", r.Body)
		}
		d := e.Get("/api/v1/admin/bookings/"+h.ID, admin.AccessToken).Expect(http.StatusOK).Data()
		if d["payment_reference"] != res.Data.Payment.Reference || d["pay_with"] != "paystack" {
			t.Fatalf("detail: %v", d)
		}

		// Cancelling it refunds the card payment in full to the wallet.
		d = e.Post("/api/v1/admin/bookings/"+h.ID+"/cancel", admin.AccessToken,
			map[string]any{"reason": "The client asked for a refund"}).Expect(http.StatusOK).Data()
		if d["refunded_amount"].(float64) != 2_500_000 || wallet(t, e, ada.UserID).Balance != 2_500_000 ||
			escrow(t, e, h.ID) != 0 {
			t.Fatalf("card refund: %v", d)
		}
		verify(t, e)
	})
}
