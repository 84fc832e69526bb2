package money_test

import (
	"context"
	"errors"
	"net/http"
	"sojourn/api/internal/platform/page"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func clean(t *testing.T, e *testkit.Env) money.Report {
	t.Helper()
	r, err := e.App.Money.Verify(ctx)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !r.Clean() {
		t.Fatalf("ledger not clean: %+v", r)
	}
	return r
}

func topUp(t *testing.T, e *testkit.Env, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "topup:" + ref, UserID: userID, Amount: amount,
		Reference: ref}); err != nil {
		t.Fatalf("top up: %v", err)
	}
}

func wallet(t *testing.T, e *testkit.Env, userID string) money.Wallet {
	t.Helper()
	w, err := e.App.Money.Wallet(ctx, userID, "")
	if err != nil || w == nil {
		t.Fatalf("wallet of %s: %v %v", userID, w, err)
	}
	return *w
}

func mustFor(t *testing.T) func(money.Result, error) money.Result {
	return func(r money.Result, err error) money.Result {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
}

func TestIntegrationEscrowReleasePayout(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m, must := e.App.Money, mustFor(t)
		buyer := e.Register("buyer@example.com", "buyer")
		vendor := e.Register("vendor@example.com", "vendor")
		topUp(t, e, buyer.UserID, 500000)
		order := money.Ref{Type: money.RefOrder, ID: ids.New()}

		// Hold: wallet -> escrow, once per key.
		hold := money.Hold{Key: "order-hold:" + order.ID, Reason: "Order 1001", Ref: order, PayerID: buyer.UserID,
			Amount: 300000, Pay: money.MethodWallet}
		r1 := must(m.Hold(ctx, nil, hold))
		r2 := must(m.Hold(ctx, nil, hold))
		if r1.Replayed || !r2.Replayed || r1.EntryID != r2.EntryID || len(r2.Transactions) != 1 ||
			r2.Transactions[0].Type != money.TxnPurchase {
			t.Fatalf("hold replay: %+v / %+v", r1, r2)
		}
		if w := wallet(t, e, buyer.UserID); w.Balance != 200000 {
			t.Fatalf("buyer after hold: %+v", w)
		}
		if b, _ := m.EscrowBalance(ctx, nil, order, ""); b != 300000 {
			t.Fatalf("escrow %d", b)
		}
		// The same key for another kind of movement is refused.
		if _, err := m.Transfer(ctx, nil, money.Transfer{Key: hold.Key, FromID: buyer.UserID, ToID: vendor.UserID,
			Amount: 1}); !errors.Is(err, money.ErrKeyReused) {
			t.Fatalf("key reuse: %v", err)
		}
		// Release more than the escrow holds: refused, nothing moves.
		if _, err := m.Release(ctx, nil, money.Release{Key: "rel-too-much", Ref: order, ProviderID: vendor.UserID,
			Amount: 300001}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("over-release: %v", err)
		}
		// Release: 10% fee, the rest pending for the refund window.
		rel := must(m.Release(ctx, nil, money.Release{Key: "order-release:" + order.ID, Ref: order,
			ProviderID: vendor.UserID, Amount: 300000}))
		earning, _ := rel.For(vendor.UserID)
		if earning.Amount != 270000 || earning.Fee != 30000 || earning.Status != money.StatusPending ||
			earning.AvailableAt == nil || !earning.AvailableAt.Equal(testkit.Start.Add(7*24*time.Hour)) {
			t.Fatalf("earning: %+v", earning)
		}
		w := wallet(t, e, vendor.UserID)
		if w.Pending != 270000 || w.Available != 0 || w.Balance != 0 || w.NextAvailableAt == nil {
			t.Fatalf("vendor after release: %+v", w)
		}
		if fees, _ := m.Balance(ctx, nil, money.KindPlatformFees, "", ""); fees != 30000 {
			t.Fatalf("platform fees %d", fees)
		}
		// Nothing is withdrawable before the window ends.
		payout := money.Ref{Type: money.RefPayout, ID: ids.New()}
		if _, err := m.RequestPayout(ctx, nil, money.Payout{Key: "payout:" + payout.ID, Ref: payout,
			UserID: vendor.UserID, Amount: 200000}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("early payout: %v", err)
		}
		e.Clock.Advance(7*24*time.Hour + time.Second)
		w = wallet(t, e, vendor.UserID) // matures lazily
		if w.Pending != 0 || w.Available != 270000 || w.NextAvailableAt != nil {
			t.Fatalf("vendor after maturity: %+v", w)
		}
		if n, err := m.MatureEarnings(ctx, ""); err != nil || n != 0 {
			t.Fatalf("second maturity run: %d %v", n, err)
		}
		// Payouts below the minimum are refused.
		if _, err := m.RequestPayout(ctx, nil, money.Payout{Key: "p-small", Ref: payout, UserID: vendor.UserID,
			Amount: 99999}); !apperr.Is(err, apperr.CodeValidation) {
			t.Fatalf("small payout: %v", err)
		}
		pr := must(m.RequestPayout(ctx, nil, money.Payout{Key: "payout:" + payout.ID, Ref: payout,
			UserID: vendor.UserID, Amount: 200000}))
		if len(pr.Transactions) != 2 || pr.Transactions[0].Amount+pr.Transactions[1].Amount != 200000 {
			t.Fatalf("payout rows: %+v", pr.Transactions)
		}
		if w := wallet(t, e, vendor.UserID); w.Available != 70000 {
			t.Fatalf("after payout request: %+v", w)
		}
		if tr, _ := m.Balance(ctx, nil, money.KindPayoutsInTransit, vendor.UserID, ""); tr != 195000 {
			t.Fatalf("in transit %d", tr)
		}
		must(m.SettlePayout(ctx, nil, money.PayoutSettlement{Key: "settle:" + payout.ID, Ref: payout,
			Outcome: money.PayoutSuccess}))
		// A duplicate event with the same key replays; another settlement is refused.
		if r := must(m.SettlePayout(ctx, nil, money.PayoutSettlement{Key: "settle:" + payout.ID, Ref: payout,
			Outcome: money.PayoutSuccess})); !r.Replayed {
			t.Fatal("duplicate settlement not a replay")
		}
		if _, err := m.SettlePayout(ctx, nil, money.PayoutSettlement{Key: "settle2:" + payout.ID, Ref: payout,
			Outcome: money.PayoutFailed}); !errors.Is(err, money.ErrPayoutSettled) {
			t.Fatalf("failed after success: %v", err)
		}
		if tr, _ := m.Balance(ctx, nil, money.KindPayoutsInTransit, vendor.UserID, ""); tr != 0 {
			t.Fatalf("in transit after success %d", tr)
		}
		if rev, _ := m.Balance(ctx, nil, money.KindPlatformRevenue, "", ""); rev != 5000 {
			t.Fatalf("revenue %d", rev)
		}
		clean(t, e)

		// A failed payout returns the amount and the fee.
		order2 := money.Ref{Type: money.RefOrder, ID: ids.New()}
		must(m.Hold(ctx, nil, money.Hold{Key: "hold-2", Ref: order2, PayerID: buyer.UserID, Amount: 200000}))
		fee := 0
		must(m.Release(ctx, nil, money.Release{Key: "release-2", Ref: order2, ProviderID: vendor.UserID,
			Amount: 200000, FeeBPS: &fee}))
		e.Clock.Advance(8 * 24 * time.Hour)
		p2 := money.Ref{Type: money.RefPayout, ID: ids.New()}
		if _, err := m.RequestPayout(ctx, nil, money.Payout{Key: "too-much", Ref: p2, UserID: vendor.UserID,
			Amount: 270001}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("payout beyond available: %v", err)
		}
		must(m.RequestPayout(ctx, nil, money.Payout{Key: "payout:" + p2.ID, Ref: p2, UserID: vendor.UserID,
			Amount: 150000}))
		if w := wallet(t, e, vendor.UserID); w.Available != 120000 {
			t.Fatalf("after second payout: %+v", w)
		}
		clean(t, e)
		must(m.SettlePayout(ctx, nil, money.PayoutSettlement{Key: "fail:" + p2.ID, Ref: p2,
			Outcome: money.PayoutFailed}))
		if w := wallet(t, e, vendor.UserID); w.Available != 270000 {
			t.Fatalf("after failed payout: %+v", w)
		}
		if rev, _ := m.Balance(ctx, nil, money.KindPlatformRevenue, "", ""); rev != 5000 {
			t.Fatalf("revenue after the failed payout's fee came back: %d", rev)
		}
		var err error
		var hist []money.Txn
		hist, _, err = m.Transactions(ctx, vendor.UserID, money.TxnFilter{Type: money.TxnPayout}, pageAll())
		if err != nil || len(hist) != 2 {
			t.Fatalf("payout history: %v %+v", err, hist)
		}
		statuses := map[string]bool{}
		for _, h := range hist {
			statuses[h.Status] = true
		}
		if !statuses[money.StatusCompleted] || !statuses[money.StatusFailed] {
			t.Fatalf("payout statuses: %+v", hist)
		}
		clean(t, e)
	})
}

func TestIntegrationRefundsAndGiftCards(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m, must := e.App.Money, mustFor(t)
		buyer := e.Register("buyer@example.com", "buyer")
		friend := e.Register("friend@example.com", "friend")
		topUp(t, e, buyer.UserID, 100000)
		booking := money.Ref{Type: money.RefBooking, ID: ids.New()}
		must(m.Hold(ctx, nil, money.Hold{Key: "b-hold", Ref: booking, PayerID: buyer.UserID, Amount: 60000}))
		// Partial refunds from escrow to the wallet; escrow cannot be over-refunded.
		must(m.Refund(ctx, nil, money.Refund{Key: "b-refund-1", Ref: booking, UserID: buyer.UserID, Amount: 20000,
			To: money.MethodWallet}))
		if _, err := m.Refund(ctx, nil, money.Refund{Key: "b-refund-2", Ref: booking, UserID: buyer.UserID,
			Amount: 40001, To: money.MethodWallet}); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("over-refund: %v", err)
		}
		r := must(m.Refund(ctx, nil, money.Refund{Key: "b-refund-2", Ref: booking, UserID: buyer.UserID,
			Amount: 40000, To: money.MethodWallet}))
		if row, _ := r.For(buyer.UserID); row.Type != money.TxnRefund || row.Direction != money.Credit ||
			row.RefType != "booking" || row.Status != money.StatusCompleted {
			t.Fatalf("refund row: %+v", row)
		}
		if w := wallet(t, e, buyer.UserID); w.Balance != 100000 {
			t.Fatalf("after refunds: %+v", w)
		}
		// A card purchase refunded to the card: clearing in, clearing out, a pending row until processed.
		order := money.Ref{Type: money.RefOrder, ID: ids.New()}
		must(m.Hold(ctx, nil, money.Hold{Key: "o-hold", Ref: order, PayerID: buyer.UserID, Amount: 5000,
			Pay: money.MethodCard}))
		cr := must(m.Refund(ctx, nil, money.Refund{Key: "o-refund", Ref: order, UserID: buyer.UserID,
			Amount: 5000, To: money.MethodCard, Reference: "RF-1"}))
		if row, _ := cr.For(buyer.UserID); row.Status != money.StatusPending || row.Method != money.MethodCard {
			t.Fatalf("card refund row: %+v", row)
		}
		if err := m.CompleteRefund(ctx, nil, buyer.UserID, "RF-1"); err != nil {
			t.Fatal(err)
		}
		if w := wallet(t, e, buyer.UserID); w.Balance != 100000 {
			t.Fatalf("a card purchase touched the wallet: %+v", w)
		}
		// A pending top-up that completes, and one that fails.
		if _, err := m.BeginTopUp(ctx, nil, money.TopUp{UserID: buyer.UserID, Amount: 7000, Reference: "PSK-1",
			Ref: money.Ref{Type: money.RefPayment, ID: "PSK-1"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := m.BeginTopUp(ctx, nil, money.TopUp{UserID: buyer.UserID, Amount: 9000, Reference: "PSK-2"}); err != nil {
			t.Fatal(err)
		}
		must(m.CreditTopUp(ctx, nil, money.TopUp{Key: "paystack:PSK-1", UserID: buyer.UserID, Amount: 7000,
			Reference: "PSK-1"}))
		if err := m.FailTopUp(ctx, nil, buyer.UserID, "PSK-2"); err != nil {
			t.Fatal(err)
		}
		tops, _, _ := m.Transactions(ctx, buyer.UserID, money.TxnFilter{Type: money.TxnTopUp}, pageAll())
		got := map[string]string{}
		for _, x := range tops {
			got[x.Reference] = x.Status
		}
		if got["PSK-1"] != money.StatusCompleted || got["PSK-2"] != money.StatusFailed || len(tops) != 3 {
			t.Fatalf("top-ups: %+v", got)
		}
		// Gift card: bought from the wallet, redeemed into the friend's wallet (activating it), in the caller's tx.
		card := money.Ref{Type: money.RefGiftCard, ID: ids.New()}
		err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			_, err := m.IssueGiftCardLiability(ctx, tx, money.GiftCardIssue{Key: "gc-issue", Ref: card,
				BuyerID: buyer.UserID, Amount: 25000, Pay: money.MethodWallet})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		// A caller's transaction that fails after the movement rolls the movement back.
		boom := errors.New("boom")
		err = e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			if _, err := m.IssueGiftCardLiability(ctx, tx, money.GiftCardIssue{Key: "gc-rolled-back", Ref: card,
				BuyerID: buyer.UserID, Amount: 1000}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if w := wallet(t, e, buyer.UserID); w.Balance != 82000 {
			t.Fatalf("buyer after gift card: %+v", w)
		}
		must(m.RedeemGiftCard(ctx, nil, money.GiftCardRedeem{Key: "gc-redeem", Ref: card, UserID: friend.UserID,
			Amount: 25000}))
		if w := wallet(t, e, friend.UserID); w.Balance != 25000 {
			t.Fatalf("friend after redeem: %+v", w)
		}
		if l, _ := m.Balance(ctx, nil, money.KindGiftCardLiability, "", ""); l != 0 {
			t.Fatalf("liability %d", l)
		}
		clean(t, e)
	})
}

func TestIntegrationAdjustmentsAndVerify(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		u := e.Register("ada@example.com", "ada")
		body := map[string]any{"user_id": u.UserID, "amount": 1500, "reason": "Goodwill credit for a late delivery"}
		e.Post("/api/v1/admin/ledger/adjustments", u.AccessToken, body).Expect(http.StatusForbidden)
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
			"amount": 1500, "reason": "no"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": u.UserID,
			"amount": 1.5, "reason": "a reason"}).Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": ids.New(),
			"amount": 5, "reason": "a reason"}).Expect(http.StatusUnprocessableEntity)
		res := e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, body).Expect(http.StatusCreated).Data()
		if res["type"] != "adjustment" || res["direction"] != "credit" || res["amount"] != float64(1500) {
			t.Fatalf("adjustment: %+v", res)
		}
		debit := map[string]any{"user_id": u.UserID, "amount": -2000, "reason": "Reverse a duplicate credit"}
		if r := e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, debit); r.Status != http.StatusConflict ||
			r.ErrCode() != "insufficient_funds" {
			t.Fatalf("debit below zero: %d %s", r.Status, r.Body)
		}
		debit["amount"] = -500
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, debit).Expect(http.StatusCreated)
		if w := wallet(t, e, u.UserID); w.Balance != 1000 {
			t.Fatalf("after adjustments: %+v", w)
		}
		var log struct {
			Data []struct {
				ActorID *string        `json:"actor_id"`
				Target  string         `json:"target_id"`
				Details map[string]any `json:"details"`
			} `json:"data"`
			Meta struct {
				Total int `json:"total"`
			} `json:"meta"`
		}
		e.Get("/api/v1/admin/audit-log?action=ledger.adjust", admin.AccessToken).Expect(http.StatusOK).JSON(&log)
		if log.Meta.Total != 2 || *log.Data[0].ActorID != admin.UserID || log.Data[0].Target != u.UserID ||
			log.Data[0].Details["reason"] != "Reverse a duplicate credit" {
			t.Fatalf("audit: %+v", log)
		}
		// Earnings credited to someone who never opened a wallet activate it,
		// so the provider sees them (as a released sale does).
		p := e.Register("pro@example.com", "pro")
		e.Post("/api/v1/admin/ledger/adjustments", admin.AccessToken, map[string]any{"user_id": p.UserID,
			"amount": 70000, "account": "earnings_available", "reason": "Settle an offline booking"}).Expect(http.StatusCreated)
		if w := e.Get("/api/v1/wallet", p.AccessToken).Expect(http.StatusOK).Data(); w["balance"] != float64(0) ||
			w["available"] != float64(70000) {
			t.Fatalf("provider's wallet after an earnings credit: %+v", w)
		}
		r := clean(t, e)
		if r.Entries != 3 || r.Postings != 6 {
			t.Fatalf("report: %+v", r)
		}
		// Corrupt a balance behind the ledger's back: verify reports it.
		if _, err := e.DB.NewRaw("UPDATE ledger_accounts SET balance = balance + 7 WHERE kind = 'wallet' AND owner_id = ?",
			u.UserID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		r, err := e.App.Money.Verify(ctx)
		if err != nil || r.Clean() || len(r.Mismatched) != 1 || r.Mismatched[0].Balance-r.Mismatched[0].Postings != 7 {
			t.Fatalf("corrupted balance: %+v %v", r, err)
		}
		// And an unbalanced posting.
		if _, err := e.DB.NewRaw("UPDATE postings SET amount = amount + 1 WHERE id = (SELECT MIN(id) FROM postings)").
			Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if r, _ = e.App.Money.Verify(ctx); len(r.Unbalanced) != 1 {
			t.Fatalf("unbalanced posting: %+v", r)
		}
	})
}

func pageAll() page.Page { return page.Page{Page: 1, PerPage: 100} }

// TestIntegrationGiftCardRefundToCard: an unredeemed card-paid gift card goes
// back from giftcard_liability to the card, as a pending refund row; only
// to the card, only for a gift card, never beyond the liability.
func TestIntegrationGiftCardRefundToCard(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m, must := e.App.Money, mustFor(t)
		buyer := e.Register("buyer@example.com", "buyer")
		card := money.Ref{Type: money.RefGiftCard, ID: ids.New()}
		must(m.IssueGiftCardLiability(ctx, nil, money.GiftCardIssue{Key: "giftcard-issue:" + card.ID, Ref: card,
			BuyerID: buyer.UserID, Amount: 250000, Pay: money.MethodCard}))
		refund := money.Refund{Key: "gc-refund:" + card.ID, Reason: "Bought by mistake", Ref: card,
			UserID: buyer.UserID, Amount: 250000, From: money.RefundFromGiftCard, To: money.MethodCard,
			Reference: "sj-rf-" + card.ID}
		for _, bad := range []func(r *money.Refund){
			func(r *money.Refund) { r.To = money.MethodWallet },
			func(r *money.Refund) { r.Ref = money.Ref{Type: money.RefOrder, ID: card.ID} },
		} {
			r := refund
			bad(&r)
			if _, err := m.Refund(ctx, nil, r); !apperr.Is(err, apperr.CodeValidation) {
				t.Fatalf("bad refund: %v", err)
			}
		}
		over := refund
		over.Key, over.Amount = "gc-refund-over:"+card.ID, 250001
		if _, err := m.Refund(ctx, nil, over); !errors.Is(err, money.ErrInsufficientFunds) {
			t.Fatalf("beyond the liability: %v", err)
		}
		r := must(m.Refund(ctx, nil, refund))
		row, ok := r.For(buyer.UserID)
		if !ok || row.Type != money.TxnRefund || row.Direction != money.Credit || row.Status != money.StatusPending ||
			row.Method != money.MethodCard {
			t.Fatalf("refund row: %+v", r)
		}
		if again := must(m.Refund(ctx, nil, refund)); !again.Replayed {
			t.Fatal("second refund with the key moved money again")
		}
		liab, err := m.Balance(ctx, nil, money.KindGiftCardLiability, "", "")
		if err != nil || liab != 0 {
			t.Fatalf("liability %d %v", liab, err)
		}
		if err := m.CompleteRefund(ctx, nil, buyer.UserID, refund.Reference); err != nil {
			t.Fatal(err)
		}
		clean(t, e)
	})
}
