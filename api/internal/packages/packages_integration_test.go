package packages_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func clean(t *testing.T, e *testkit.Env) {
	t.Helper()
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify: %+v %v", r, err)
	}
}

func topUp(t *testing.T, e *testkit.Env, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "topup:" + ref, UserID: userID, Amount: amount,
		Reference: ref}); err != nil {
		t.Fatal(err)
	}
}

func balance(t *testing.T, e *testkit.Env, userID string) int64 {
	t.Helper()
	w, err := e.App.Money.Wallet(ctx, userID, "")
	if err != nil || w == nil {
		t.Fatalf("wallet: %v", err)
	}
	return w.Balance
}

type pkgEnv struct {
	therapist, buyer *testkit.Session
	providerID       string
	offeringID       string
	packageID        string
}

// setup: a therapist (session price NGN 1,200) sells 4 sessions for
// NGN 4,000 valid 90 days; a buyer has NGN 10,000 in their wallet.
func setup(t *testing.T, e *testkit.Env) pkgEnv {
	t.Helper()
	var s pkgEnv
	s.therapist = e.Register("therapist@example.com", "therapist1")
	s.buyer = e.Register("buyer@example.com", "buyer1")
	s.providerID, s.offeringID = e.Provider(s.therapist.UserID, "therapist", 120000)
	var out struct{ Data packages.Package }
	e.Post("/api/v1/practice/packages", s.therapist.AccessToken, map[string]any{"offering_id": s.offeringID,
		"title": "Four sessions", "description": "A month of weekly sessions", "sessions": 4, "valid_days": 90,
		"price": 400000}).Expect(http.StatusCreated).JSON(&out)
	if out.Data.RegularPrice != 480000 || out.Data.SavingsPct != 16 || !out.Data.Active || out.Data.Currency != "NGN" {
		t.Fatalf("package: %+v", out.Data)
	}
	s.packageID = out.Data.ID
	topUp(t, e, s.buyer.UserID, 1000000)
	return s
}

func buy(t *testing.T, e *testkit.Env, s pkgEnv, key string) packages.Purchase {
	t.Helper()
	var out struct {
		Data packages.PurchaseResult
	}
	e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/packages/" + s.packageID + "/purchase",
		Token: s.buyer.AccessToken, Body: map[string]any{"pay_with": "wallet"},
		Header: map[string]string{"Idempotency-Key": key}}).Expect(http.StatusCreated).JSON(&out)
	return out.Data.Purchase
}

func consume(e *testkit.Env, userID, offeringID, bookingID string) (string, error) {
	id, _, err := consumeFrom(e, userID, offeringID, bookingID, "")
	return id, err
}

// consumeFrom spends a credit of the purchase named ("" for the default
// choice) and answers the use and the purchase it came from.
func consumeFrom(e *testkit.Env, userID, offeringID, bookingID, purchaseID string) (string, string, error) {
	var id, from string
	err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		id, from, err = e.App.Packages.ConsumeCredit(ctx, tx, userID, offeringID, bookingID, purchaseID)
		return err
	})
	return id, from, err
}

func giveBack(t *testing.T, e *testkit.Env, bookingID string) {
	t.Helper()
	if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		return e.App.Packages.ReturnCredit(ctx, tx, bookingID)
	}); err != nil {
		t.Fatal(err)
	}
}

func escrow(t *testing.T, e *testkit.Env, typ, id string) int64 {
	t.Helper()
	b, err := e.App.Money.EscrowBalance(ctx, nil, money.Ref{Type: typ, ID: id}, "NGN")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestIntegrationPackageRules(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		other := e.Register("coach@example.com", "coach1")
		_, otherOffering := e.Provider(other.UserID, "coach", 50000)
		// Bounds and ownership.
		for name, body := range map[string]map[string]any{
			"one session":      {"offering_id": s.offeringID, "title": "x", "sessions": 1, "valid_days": 30, "price": 1000},
			"too long":         {"offering_id": s.offeringID, "title": "x", "sessions": 4, "valid_days": 366, "price": 1000},
			"dearer than four": {"offering_id": s.offeringID, "title": "x", "sessions": 4, "valid_days": 30, "price": 480001},
			"someone else's":   {"offering_id": otherOffering, "title": "x", "sessions": 4, "valid_days": 30, "price": 1000},
			"empty title":      {"offering_id": s.offeringID, "title": " ", "sessions": 4, "valid_days": 30, "price": 1000},
		} {
			if r := e.Post("/api/v1/practice/packages", s.therapist.AccessToken, body); r.Status != http.StatusUnprocessableEntity {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		e.Patch("/api/v1/practice/packages/"+s.packageID, other.AccessToken, map[string]any{"price": 1000}).
			Expect(http.StatusNotFound)
		// A plain user may not manage packages at all.
		e.Get("/api/v1/practice/packages", s.buyer.AccessToken).Expect(http.StatusForbidden)
		var list struct{ Data []packages.Package }
		e.Get("/api/v1/providers/"+s.providerID+"/packages", "").Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].ID != s.packageID {
			t.Fatalf("public list: %+v", list.Data)
		}
		e.Get("/api/v1/providers/"+ids.New()+"/packages", "").Expect(http.StatusNotFound)
		// The provider cannot buy their own; an inactive package is not on sale.
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/packages/" + s.packageID + "/purchase",
			Token: s.therapist.AccessToken, Body: map[string]any{"pay_with": "wallet"}}).Expect(http.StatusConflict)
		e.Patch("/api/v1/practice/packages/"+s.packageID, s.therapist.AccessToken, map[string]any{"active": false}).
			Expect(http.StatusOK)
		e.Get("/api/v1/providers/"+s.providerID+"/packages", "").Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatalf("an inactive package is listed: %+v", list.Data)
		}
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/packages/" + s.packageID + "/purchase",
			Token: s.buyer.AccessToken, Body: map[string]any{"pay_with": "wallet"}}).Expect(http.StatusConflict)
		if balance(t, e, s.buyer.UserID) != 1000000 {
			t.Fatal("a refused purchase moved money")
		}
		clean(t, e)
	})
}

// Four credits bought from the wallet; one spent, then the last of a
// two-session package raced by parallel bookings; a credit given back
// twice; the unused credits refunded pro rata; the ledger clean throughout.
func TestIntegrationPackageCreditsAndRefund(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		p := buy(t, e, s, "buy-1")
		again := buy(t, e, s, "buy-1") // a retry with the same key buys nothing more
		if p.ID != again.ID || p.Status != packages.StatusActive || p.CreditsRemaining != 4 || p.RefundableAmount != 400000 ||
			p.ValidUntil == nil || !p.ValidUntil.Equal(testkit.Start.Add(90*24*time.Hour)) {
			t.Fatalf("purchase %+v / %+v", p, again)
		}
		if balance(t, e, s.buyer.UserID) != 600000 || escrow(t, e, money.RefPackage, p.ID) != 400000 {
			t.Fatal("the price is not in the package's escrow")
		}
		// Someone without a package, or for another offering, has no credit.
		if _, err := consume(e, s.therapist.UserID, s.offeringID, ids.New()); !errors.Is(err, packages.ErrNoCredit) {
			t.Fatalf("no package: %v", err)
		}
		b1 := ids.New()
		c1, err := consume(e, s.buyer.UserID, s.offeringID, b1)
		if err != nil {
			t.Fatal(err)
		}
		if c, err := consume(e, s.buyer.UserID, s.offeringID, b1); err != nil || c != c1 {
			t.Fatalf("the same booking again: %s %v", c, err)
		}
		if escrow(t, e, money.RefBooking, b1) != 100000 || escrow(t, e, money.RefPackage, p.ID) != 300000 {
			t.Fatal("the credit's share did not move to the booking")
		}
		// Given back twice: once.
		giveBack(t, e, b1)
		giveBack(t, e, b1)
		giveBack(t, e, ids.New()) // a booking paid with money: nothing
		if escrow(t, e, money.RefBooking, b1) != 0 || escrow(t, e, money.RefPackage, p.ID) != 400000 {
			t.Fatal("the returned credit's share is not back")
		}
		b2 := ids.New()
		if _, err := consume(e, s.buyer.UserID, s.offeringID, b2); err != nil {
			t.Fatal(err)
		}
		var mine struct {
			Data []packages.Purchase
			Meta struct {
				NextCursor *string `json:"next_cursor"`
			}
		}
		e.Get("/api/v1/me/packages", s.buyer.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 1 || mine.Data[0].CreditsRemaining != 3 || mine.Data[0].RefundableAmount != 300000 {
			t.Fatalf("my packages: %+v", mine.Data)
		}
		e.Get("/api/v1/me/packages", s.therapist.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 0 {
			t.Fatal("another user's purchases are listed")
		}
		// Refund: another user's is 404; the buyer gets price × 3 / 4.
		e.Post("/api/v1/me/packages/"+p.ID+"/refund", s.therapist.AccessToken, nil).Expect(http.StatusNotFound)
		var refunded struct{ Data packages.Purchase }
		e.Post("/api/v1/me/packages/"+p.ID+"/refund", s.buyer.AccessToken, nil).Expect(http.StatusOK).JSON(&refunded)
		if refunded.Data.Status != packages.StatusRefunded || refunded.Data.RefundedAmount != 300000 ||
			balance(t, e, s.buyer.UserID) != 900000 || escrow(t, e, money.RefPackage, p.ID) != 0 ||
			escrow(t, e, money.RefBooking, b2) != 100000 {
			t.Fatalf("refund: %+v", refunded.Data)
		}
		e.Post("/api/v1/me/packages/"+p.ID+"/refund", s.buyer.AccessToken, nil).Expect(http.StatusConflict)
		if _, err := consume(e, s.buyer.UserID, s.offeringID, ids.New()); !errors.Is(err, packages.ErrNoCredit) {
			t.Fatalf("a refunded package still gives credits: %v", err)
		}
		// The booked session's credit given back after the refund goes on to
		// the wallet.
		giveBack(t, e, b2)
		if balance(t, e, s.buyer.UserID) != 1000000 || escrow(t, e, money.RefBooking, b2) != 0 {
			t.Fatal("a credit returned after the refund did not reach the wallet")
		}
		clean(t, e)
	})
}

func TestIntegrationPackageLastCreditRace(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		var two struct{ Data packages.Package }
		e.Post("/api/v1/practice/packages", s.therapist.AccessToken, map[string]any{"offering_id": s.offeringID,
			"title": "Two sessions", "sessions": 2, "valid_days": 30, "price": 200001}).Expect(http.StatusCreated).JSON(&two)
		s.packageID = two.Data.ID
		p := buy(t, e, s, "buy-two")
		first := ids.New()
		if _, err := consume(e, s.buyer.UserID, s.offeringID, first); err != nil {
			t.Fatal(err)
		}
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		bookings := make([]string, n)
		for i := range n {
			bookings[i] = ids.New()
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = consume(e, s.buyer.UserID, s.offeringID, bookings[i])
			}()
		}
		wg.Wait()
		won := 0
		for i, err := range errs {
			switch {
			case err == nil:
				won++
				// The last credit takes the rest: 200001 - 100000.
				if b := escrow(t, e, money.RefBooking, bookings[i]); b != 100001 {
					t.Fatalf("the last credit's share %d", b)
				}
			case !errors.Is(err, packages.ErrNoCredit) && !strings.Contains(err.Error(), "locked") &&
				!strings.Contains(err.Error(), "busy"):
				t.Fatalf("attempt %d: %v", i, err)
			}
		}
		if won != 1 {
			t.Fatalf("%d bookings got the last credit", won)
		}
		if escrow(t, e, money.RefPackage, p.ID) != 0 {
			t.Fatal("the package's escrow is not empty")
		}
		clean(t, e)
	})
}

// Expiry: the job's transition refunds the unused credits; early runs and
// repeats change nothing. Card purchases activate when paid.
func TestIntegrationPackageExpiryAndCard(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		s := setup(t, e)
		p := buy(t, e, s, "buy-exp")
		if _, err := consume(e, s.buyer.UserID, s.offeringID, ids.New()); err != nil {
			t.Fatal(err)
		}
		// The purchase's transaction scheduled its expiry job at valid_until.
		var jobs []struct {
			Args        string    `bun:"args"`
			ScheduledAt time.Time `bun:"scheduled_at"`
		}
		if err := e.DB.NewRaw("SELECT CAST(args AS TEXT) AS args, scheduled_at FROM river_job WHERE kind = ?",
			packages.ExpireJob{}.Kind()).Scan(ctx, &jobs); err != nil {
			t.Fatal(err)
		}
		if len(jobs) != 1 || !strings.Contains(jobs[0].Args, p.ID) || !jobs[0].ScheduledAt.Equal(*p.ValidUntil) {
			t.Fatalf("expiry jobs: %+v", jobs)
		}
		if early, err := e.App.Packages.Expire(ctx, p.ID); err != nil || early <= 0 {
			t.Fatalf("an early run: %v %v", early, err)
		}
		e.Clock.Advance(90*24*time.Hour + time.Minute)
		s.buyer = e.Login(s.buyer.Email, s.buyer.Password)
		for range 2 {
			if early, err := e.App.Packages.Expire(ctx, p.ID); err != nil || early != 0 {
				t.Fatalf("expire: %v %v", early, err)
			}
		}
		var mine struct{ Data []packages.Purchase }
		e.Get("/api/v1/me/packages", s.buyer.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 1 || mine.Data[0].Status != packages.StatusExpired || mine.Data[0].RefundedAmount != 300000 {
			t.Fatalf("expired: %+v", mine.Data)
		}
		if balance(t, e, s.buyer.UserID) != 900000 {
			t.Fatal("the unused credits were not refunded at expiry")
		}
		// By card through the sandbox: pending, then active once paid.
		var res struct{ Data packages.PurchaseResult }
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/packages/" + s.packageID + "/purchase",
			Token: s.buyer.AccessToken, Body: map[string]any{"pay_with": "paystack"}}).Expect(http.StatusCreated).JSON(&res)
		if res.Data.Payment == nil || res.Data.Purchase.Status != packages.StatusPending {
			t.Fatalf("card purchase: %+v", res.Data)
		}
		u, _ := url.Parse(res.Data.Payment.AuthorizationURL)
		e.Do(testkit.Req{Method: http.MethodGet, Path: u.Path}).Expect(http.StatusOK)
		e.Do(testkit.Req{Method: http.MethodPost, Path: u.Path, Body: "outcome=success",
			RawType: "application/x-www-form-urlencoded"}).Expect(http.StatusFound)
		e.Paystack.Wait()
		e.Get("/api/v1/payments/"+res.Data.Payment.Reference+"/verify", s.buyer.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/me/packages", s.buyer.AccessToken).Expect(http.StatusOK).JSON(&mine)
		if len(mine.Data) != 2 || mine.Data[0].Status != packages.StatusActive || mine.Data[0].CreditsRemaining != 4 ||
			escrow(t, e, money.RefPackage, mine.Data[0].ID) != 400000 {
			t.Fatalf("card purchase after payment: %+v", mine.Data)
		}
		clean(t, e)
	})
}
