package money_test

import (
	"errors"
	"sync"
	"testing"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

// A supplier booking: the traveller's payment waits in escrow, the
// supplier's confirmation splits it into what Sojourn owes the supplier and
// its margin, and a cancellation refunds from the payable (and the margin
// given back) to the wallet. Keys move once, parallel charges of one booking
// move once, and the ledger stays clean.
func TestIntegrationSupplierChargeAndRefund(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m, must := e.App.Money, mustFor(t)
		traveller := e.Register("supplier-buyer@example.com", "supplierbuyer")
		topUp(t, e, traveller.UserID, 1_000_000)
		order := money.Ref{Type: money.RefFlightOrder, ID: ids.New()}
		must(m.Hold(ctx, nil, money.Hold{Key: "flight-hold:" + order.ID, Ref: order, PayerID: traveller.UserID,
			Amount: 210000, Pay: money.MethodWallet}))

		charge := money.SupplierCharge{Key: "flight-charge:" + order.ID, Ref: order, Supplier: "duffel",
			Cost: 200000, Margin: 10000}
		var wg sync.WaitGroup
		results := make([]money.Result, 6)
		errs := make([]error, 6)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = m.SupplierCharge(ctx, nil, charge)
			}()
		}
		wg.Wait()
		fresh := 0
		for i, err := range errs {
			if err != nil {
				t.Fatalf("charge %d: %v", i, err)
			}
			if !results[i].Replayed {
				fresh++
			}
		}
		if fresh != 1 {
			t.Fatalf("%d charges moved money, want 1", fresh)
		}
		if b, _ := m.EscrowBalance(ctx, nil, order, ""); b != 0 {
			t.Fatalf("escrow after the charge %d", b)
		}
		if b, _ := m.Balance(ctx, nil, money.KindSupplierPayable, "duffel", ""); b != 200000 {
			t.Fatalf("payable %d", b)
		}
		// Nothing left in escrow: a second charge under another key is refused.
		if _, err := m.SupplierCharge(ctx, nil, money.SupplierCharge{Key: "again", Ref: order, Supplier: "duffel",
			Cost: 1}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("charge beyond the escrow: %v", err)
		}
		// Bad input changes nothing.
		for name, bad := range map[string]money.SupplierCharge{
			"no supplier":     {Key: "b1", Ref: order, Cost: 1},
			"spaced supplier": {Key: "b2", Ref: order, Supplier: "duf fel", Cost: 1},
			"negative margin": {Key: "b3", Ref: order, Supplier: "duffel", Cost: 1, Margin: -1},
			"zero cost":       {Key: "b4", Ref: order, Supplier: "duffel"},
		} {
			if _, err := m.SupplierCharge(ctx, nil, bad); err == nil {
				t.Fatalf("%s accepted", name)
			}
		}

		before, _ := m.Balance(ctx, nil, money.KindWallet, traveller.UserID, "")
		refund := money.SupplierRefund{Key: "flight-refund:" + order.ID, Ref: order, Supplier: "duffel",
			UserID: traveller.UserID, Amount: 150000, MarginBack: 7500, To: money.MethodWallet}
		r1 := must(m.SupplierRefund(ctx, nil, refund))
		r2 := must(m.SupplierRefund(ctx, nil, refund))
		if r1.Replayed || !r2.Replayed {
			t.Fatalf("refund replay: %v %v", r1.Replayed, r2.Replayed)
		}
		row, ok := r1.For(traveller.UserID)
		if !ok || row.Amount != 157500 || row.Type != money.TxnRefund {
			t.Fatalf("refund row %+v", row)
		}
		if after, _ := m.Balance(ctx, nil, money.KindWallet, traveller.UserID, ""); after-before != 157500 {
			t.Fatalf("wallet moved by %d", after-before)
		}
		if b, _ := m.Balance(ctx, nil, money.KindSupplierPayable, "duffel", ""); b != 50000 {
			t.Fatalf("payable after the refund %d", b)
		}
		// More than Sojourn owes the supplier is refused.
		if _, err := m.SupplierRefund(ctx, nil, money.SupplierRefund{Key: "over", Ref: order, Supplier: "duffel",
			UserID: traveller.UserID, Amount: 50001, To: money.MethodWallet}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("refund beyond the payable: %v", err)
		}
		clean(t, e)
	})
}
