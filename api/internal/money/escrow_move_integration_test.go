package money_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// A package's escrow pays a booking's escrow credit by credit and takes it
// back; the source never goes negative, a key moves once, and the ledger
// stays clean on both paths (own transaction and the caller's).
func TestIntegrationMoveEscrow(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m, must := e.App.Money, mustFor(t)
		buyer := e.Register("pkg-buyer@example.com", "pkgbuyer")
		vendor := e.Register("pkg-vendor@example.com", "pkgvendor")
		topUp(t, e, buyer.UserID, 500000)
		pkg := money.Ref{Type: money.RefPackage, ID: ids.New()}
		booking := money.Ref{Type: money.RefBooking, ID: ids.New()}
		must(m.Hold(ctx, nil, money.Hold{Key: "package-hold:" + pkg.ID, Ref: pkg, PayerID: buyer.UserID,
			Amount: 400000, Pay: money.MethodWallet}))

		mv := money.EscrowMove{Key: "credit:" + booking.ID, From: pkg, To: booking, Amount: 100000}
		r1 := must(m.MoveEscrow(ctx, nil, mv))
		r2 := must(m.MoveEscrow(ctx, nil, mv))
		if r1.Replayed || !r2.Replayed || len(r1.Transactions) != 0 {
			t.Fatalf("move replay: %+v / %+v", r1, r2)
		}
		if b, _ := m.EscrowBalance(ctx, nil, pkg, ""); b != 300000 {
			t.Fatalf("package escrow %d", b)
		}
		if b, _ := m.EscrowBalance(ctx, nil, booking, ""); b != 100000 {
			t.Fatalf("booking escrow %d", b)
		}
		// More than the source holds: refused, nothing moves.
		if _, err := m.MoveEscrow(ctx, nil, money.EscrowMove{Key: "too-much", From: pkg, To: booking,
			Amount: 300001}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("over-move: %v", err)
		}
		// The same escrow on both sides, a bad amount: 422.
		if _, err := m.MoveEscrow(ctx, nil, money.EscrowMove{Key: "self", From: pkg, To: pkg, Amount: 1}); err == nil {
			t.Fatal("a move to the same escrow went through")
		}
		if _, err := m.MoveEscrow(ctx, nil, money.EscrowMove{Key: "zero", From: pkg, To: booking}); err == nil {
			t.Fatal("a zero move went through")
		}
		// Back, in the caller's transaction, then the booking's share is
		// released to the provider as any booking's escrow is.
		if err := e.DB.InTx(ctx, func(ctx2 context.Context, tx bun.Tx) error {
			_, err := m.MoveEscrow(ctx2, tx, money.EscrowMove{Key: "credit-back:" + booking.ID, From: booking,
				To: pkg, Amount: 100000})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		must(m.MoveEscrow(ctx, nil, money.EscrowMove{Key: "credit2:" + booking.ID, From: pkg, To: booking,
			Amount: 100000}))
		must(m.Release(ctx, nil, money.Release{Key: "release:" + booking.ID, Ref: booking, ProviderID: vendor.UserID,
			Amount: 100000}))
		if b, _ := m.EscrowBalance(ctx, nil, pkg, ""); b != 300000 {
			t.Fatalf("package escrow after the round trip %d", b)
		}
		clean(t, e)
	})
}
