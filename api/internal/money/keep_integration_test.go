package money_test

import (
	"errors"
	"testing"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// A ticket's escrow becomes Sojourn's revenue once, never more than it holds,
// and the ledger stays clean.
func TestIntegrationKeepEscrow(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m, must := e.App.Money, mustFor(t)
		buyer := e.Register("keep-buyer@example.com", "keepbuyer")
		topUp(t, e, buyer.UserID, 200000)
		ticket := money.Ref{Type: money.RefEventTicket, ID: ids.New()}
		must(m.Hold(ctx, nil, money.Hold{Key: "ticket:" + ticket.ID, Ref: ticket, PayerID: buyer.UserID,
			Amount: 150000, Pay: money.MethodWallet}))
		before, _ := m.Balance(ctx, nil, money.KindPlatformRevenue, "", "NGN")
		if _, err := m.KeepEscrow(ctx, nil, money.Keep{Key: "keep-too-much:" + ticket.ID, Ref: ticket,
			Amount: 150001}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("keeping more than the escrow holds: %v", err)
		}
		k := money.Keep{Key: "keep:" + ticket.ID, Ref: ticket, Amount: 150000}
		r1 := must(m.KeepEscrow(ctx, nil, k))
		r2 := must(m.KeepEscrow(ctx, nil, k))
		if r1.Replayed || !r2.Replayed {
			t.Fatalf("keep replay: %+v / %+v", r1, r2)
		}
		if b, _ := m.EscrowBalance(ctx, nil, ticket, ""); b != 0 {
			t.Fatalf("ticket escrow %d", b)
		}
		if after, _ := m.Balance(ctx, nil, money.KindPlatformRevenue, "", "NGN"); after-before != 150000 {
			t.Fatalf("platform revenue moved by %d", after-before)
		}
		if _, err := m.KeepEscrow(ctx, nil, money.Keep{Key: "zero", Ref: ticket}); err == nil {
			t.Fatal("a zero keep went through")
		}
		clean(t, e)
	})
}
