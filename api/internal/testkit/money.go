package testkit

import (
	"context"
	"testing"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
)

// Fund credits amount (NGN minor units) to the user's wallet as a settled
// card top-up would (the wallet is activated by it).
func (e *Env) Fund(t testing.TB, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(context.Background(), nil, money.TopUp{Key: "seed:" + ref, UserID: userID,
		Amount: amount, Currency: "NGN", Reference: ref}); err != nil {
		t.Fatalf("fund: %v", err)
	}
}

// VerifyLedger fails the test unless `sojourn ledger verify` would be clean.
func (e *Env) VerifyLedger(t testing.TB) {
	t.Helper()
	r, err := e.App.Money.Verify(context.Background())
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify: %+v %v", r, err)
	}
}

// Balance is the user's NGN wallet balance (the wallet must exist).
func (e *Env) Balance(t testing.TB, userID string) int64 {
	t.Helper()
	w, err := e.App.Money.Wallet(context.Background(), userID, "NGN")
	if err != nil || w == nil {
		t.Fatalf("wallet %v %v", w, err)
	}
	return w.Balance
}
