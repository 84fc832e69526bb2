package deposits_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/money"
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

func hold(e *testkit.Env, ref deposits.Ref, payer, provider string, amount int64, releaseAt *time.Time) (deposits.Deposit, error) {
	var d deposits.Deposit
	err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		d, err = e.App.Deposits.Hold(ctx, tx, deposits.HoldInput{Key: "deposit-hold:" + ref.ID, Ref: ref, PayerID: payer,
			ProviderUserID: provider, Amount: amount, Currency: "NGN", ReleaseAt: releaseAt, Reason: "Car deposit"})
		return err
	})
	return d, err
}

func TestIntegrationDepositsCaptureAndRelease(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		payer := e.Register("payer@example.com", "payer1")
		provider := e.Register("provider@example.com", "provider1")
		topUp(t, e, payer.UserID, 100000)

		// Bad input changes nothing.
		if _, err := hold(e, deposits.Ref{Type: "rental", ID: "r0"}, payer.UserID, provider.UserID, deposits.MaxAmount+1, nil); err == nil {
			t.Fatal("an amount over the maximum was held")
		}
		if _, err := hold(e, deposits.Ref{Type: "rental", ID: "r0"}, payer.UserID, payer.UserID, 1000, nil); err == nil {
			t.Fatal("a deposit for one's own thing was held")
		}
		// More than the wallet holds: refused by the money write, nothing kept.
		if _, err := hold(e, deposits.Ref{Type: "rental", ID: "r0"}, payer.UserID, provider.UserID, 200000, nil); err == nil {
			t.Fatal("a deposit larger than the wallet was held")
		}
		if _, err := e.App.Deposits.Get(ctx, deposits.Ref{Type: "rental", ID: "r0"}); !errors.Is(err, deposits.ErrNotFound) {
			t.Fatalf("a refused hold left a deposit: %v", err)
		}

		a := deposits.Ref{Type: "rental", ID: "r1"}
		d, err := hold(e, a, payer.UserID, provider.UserID, 30000, nil)
		if err != nil || d.Status != deposits.StatusHeld {
			t.Fatalf("hold: %+v %v", d, err)
		}
		if _, err := hold(e, a, payer.UserID, provider.UserID, 30000, nil); !errors.Is(err, deposits.ErrExists) {
			t.Fatalf("a second deposit for one thing: %v", err)
		}
		if b := balance(t, e, payer.UserID); b != 70000 {
			t.Fatalf("payer after hold: %d", b)
		}
		// A capture needs a reason and an amount within the deposit.
		for _, c := range []struct {
			amount int64
			reason string
		}{{0, "Fuel"}, {30001, "Fuel"}, {1000, " "}} {
			if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
				_, err := e.App.Deposits.Capture(ctx, tx, a, c.amount, c.reason, provider.UserID)
				return err
			}); err == nil {
				t.Fatalf("capture %+v accepted", c)
			}
		}

		// Parallel settlements: exactly one wins.
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins, settled := 0, 0
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
					var err error
					if i%2 == 0 {
						_, err = e.App.Deposits.Capture(ctx, tx, a, 12000, "Returned with a quarter tank less fuel", provider.UserID)
					} else {
						_, err = e.App.Deposits.Release(ctx, tx, a, provider.UserID, "")
					}
					return err
				})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, deposits.ErrSettled):
					settled++
				default:
					t.Errorf("settle: %v", err)
				}
			}()
		}
		wg.Wait()
		if wins != 1 || settled != 7 {
			t.Fatalf("wins %d settled %d", wins, settled)
		}
		got, err := e.App.Deposits.Get(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		switch got.Status {
		case deposits.StatusPartlyCaptured:
			if got.CapturedAmount != 12000 || got.Refunded() != 18000 || got.Reason == "" || balance(t, e, payer.UserID) != 88000 {
				t.Fatalf("partly captured: %+v balance %d", got, balance(t, e, payer.UserID))
			}
		case deposits.StatusReleased:
			if got.Refunded() != 30000 || balance(t, e, payer.UserID) != 100000 {
				t.Fatalf("released: %+v", got)
			}
		default:
			t.Fatalf("status %s", got.Status)
		}
		clean(t, e)

		// A deposit with a release time is released by its job, once, not before.
		b := deposits.Ref{Type: "car_reservation", ID: "c1"}
		at := e.Clock.Now().Add(72 * time.Hour)
		before := balance(t, e, payer.UserID)
		d, err = hold(e, b, payer.UserID, provider.UserID, 50000, &at)
		if err != nil {
			t.Fatal(err)
		}
		var n int64
		if n, err = e.DB.NewSelect().TableExpr("river_job").Where("kind = ?", deposits.ReleaseJob{}.Kind()).Count(ctx); err != nil || n != 1 {
			t.Fatalf("release jobs: %d %v", n, err)
		}
		if early, err := e.App.Deposits.ReleaseDue(ctx, d.ID); err != nil || early <= 0 {
			t.Fatalf("early run: %v %v", early, err)
		}
		e.Clock.Advance(72*time.Hour + time.Minute)
		for range 2 {
			if early, err := e.App.Deposits.ReleaseDue(ctx, d.ID); err != nil || early != 0 {
				t.Fatalf("due run: %v %v", early, err)
			}
		}
		got, _ = e.App.Deposits.Get(ctx, b)
		if got.Status != deposits.StatusReleased || balance(t, e, payer.UserID) != before {
			t.Fatalf("after release: %+v %d", got, balance(t, e, payer.UserID))
		}
		// Captured in full before its time: the job leaves it.
		c := deposits.Ref{Type: "car_reservation", ID: "c2"}
		at = e.Clock.Now().Add(time.Hour)
		d, err = hold(e, c, payer.UserID, provider.UserID, 20000, &at)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			_, err := e.App.Deposits.Capture(ctx, tx, c, 20000, "Applied to the purchase", provider.UserID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		e.Clock.Advance(2 * time.Hour)
		if _, err := e.App.Deposits.ReleaseDue(ctx, d.ID); err != nil {
			t.Fatal(err)
		}
		got, _ = e.App.Deposits.Get(ctx, c)
		if got.Status != deposits.StatusCaptured || got.Refunded() != 0 {
			t.Fatalf("captured: %+v", got)
		}
		m, err := e.App.Deposits.ByRefs(ctx, "car_reservation", []string{"c1", "c2", "nope"})
		if err != nil || len(m) != 2 || m["c2"].Status != deposits.StatusCaptured {
			t.Fatalf("by refs: %+v %v", m, err)
		}
		clean(t, e)
	})
}
