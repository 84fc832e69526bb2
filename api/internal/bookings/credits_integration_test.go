package bookings_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/testkit"
)

// fakeCredits stands in for the packages module: n credits per user, each
// consumed and returned inside the booking's transaction.
type fakeCredits struct {
	mu       sync.Mutex
	left     map[string]int
	used     map[string]string // booking -> user
	returned []string
}

func (f *fakeCredits) ConsumeCredit(_ context.Context, _ bun.Tx, userID, _, bookingID, purchaseID string) (string, string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.left[userID] == 0 {
		return "", "", bookings.ErrNoCredit
	}
	f.left[userID]--
	f.used[bookingID] = userID
	if purchaseID == "" {
		purchaseID = "pkg-soonest"
	}
	return "credit-" + bookingID, purchaseID, nil
}

func (f *fakeCredits) ReturnCredit(_ context.Context, _ bun.Tx, bookingID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if u, ok := f.used[bookingID]; ok {
		delete(f.used, bookingID)
		f.left[u]++
		f.returned = append(f.returned, bookingID)
	}
	return nil
}

// Paying with a package credit: one credit per booking, none left is 409
// and the hold stays; a cancellation in the free window gives the credit
// back, a late one does not; no money moves.
func TestIntegrationPackageCredits(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		f := setup(t, e, "coachpack", offeringOpts{price: 1_000_000, freeHours: 24})
		ada := e.Register("ada@example.com", "ada")
		credits := &fakeCredits{left: map[string]int{ada.UserID: 2}, used: map[string]string{}}
		ins, err := jobs.NewInserter(e.DB)
		if err != nil {
			t.Fatal(err)
		}
		svc, err := bookings.New(bookings.Config{DB: e.DB, Clock: e.Clock, Settings: e.Config, Practice: e.App.Practice,
			Money: e.App.Money, Payments: e.App.Payments, Jobs: ins, Mailer: e.App.Deps.Mailer,
			Directory: e.App.Accounts, Idempotency: e.App.Idempotency, Credits: credits, Audit: e.App.Audit})
		if err != nil {
			t.Fatal(err)
		}
		bookBy := func(start time.Time) (bookings.Booking, error) {
			h, err := svc.Hold(ctx, ada.UserID, bookings.HoldInput{OfferingID: f.offeringID, Start: start})
			if err != nil {
				t.Fatal(err)
			}
			res, err := svc.Book(ctx, ada.UserID, bookings.BookInput{HoldID: h.ID, PayWith: bookings.PayPackage,
				PackageID: "pkg-1"})
			if err != nil {
				b, _ := svc.Booking(ctx, h.ID)
				return b, err
			}
			return svc.Booking(ctx, res.Booking.ID)
		}
		first, err := bookBy(at(3, 10))
		if err != nil || first.Status != bookings.StatusConfirmed || first.PackageCreditID != "credit-"+first.ID {
			t.Fatalf("package booking %+v %v", first, err)
		}
		second, err := bookBy(at(3, 12))
		if err != nil {
			t.Fatal(err)
		}
		third, err := bookBy(at(3, 14))
		if !errors.Is(err, bookings.ErrNoCredit) || third.Status != bookings.StatusHeld {
			t.Fatalf("without credit: %+v %v", third, err)
		}
		// Free window: the credit comes back.
		if _, err := svc.Cancel(ctx, ada.UserID, first.ID, ""); err != nil {
			t.Fatal(err)
		}
		if len(credits.returned) != 1 || credits.left[ada.UserID] != 1 {
			t.Fatalf("credit not returned: %+v", credits)
		}
		// Late: it is used up.
		travel(e, at(3, 12).Add(-time.Hour), ada)
		if _, err := svc.Cancel(ctx, ada.UserID, second.ID, ""); err != nil {
			t.Fatal(err)
		}
		if len(credits.returned) != 1 || credits.left[ada.UserID] != 1 {
			t.Fatalf("late cancellation returned the credit: %+v", credits)
		}
		if escrow(t, e, first.ID) != 0 || escrow(t, e, second.ID) != 0 {
			t.Fatal("money moved for a package booking")
		}
		// Through the app (the packages module): no package bought, no credit: 409; a package that is not
		// the user's: 422 on package_id.
		h := decodeBooking(t, hold(e, ada.AccessToken, f.offeringID, at(4, 10)).Expect(http.StatusCreated))
		e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h.ID, "pay_with": "package"}).
			Expect(http.StatusConflict)
		if r := e.Post("/api/v1/bookings", ada.AccessToken, map[string]any{"hold_id": h.ID, "pay_with": "package",
			"package_id": "pkg-1"}).Expect(http.StatusUnprocessableEntity); !strings.Contains(string(r.Body), "package_id") {
			t.Fatalf("unknown package: %s", r.Body)
		}
		verify(t, e)
	})
}
