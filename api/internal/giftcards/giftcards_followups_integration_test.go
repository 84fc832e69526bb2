package giftcards_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/testkit"
)

// rawCard is a card's row as stored.
type rawCard struct {
	Status     string         `bun:"status"`
	SealedCode sql.NullString `bun:"sealed_code"`
	CodeHash   sql.NullString `bun:"code_hash"`
}

func storedCard(t *testing.T, e *testkit.Env, id string) rawCard {
	t.Helper()
	var r rawCard
	if err := e.DB.NewSelect().Table("gift_cards").Column("status", "sealed_code", "code_hash").
		Where("id = ?", id).Scan(context.Background(), &r); err != nil {
		t.Fatalf("card %s: %v", id, err)
	}
	return r
}

// eventTypes is a card's history as stored (cancelled cards never show).
func eventTypes(t *testing.T, e *testkit.Env, cardID string) []string {
	t.Helper()
	var types []string
	if err := e.DB.NewSelect().Table("gift_card_events").Column("type").Where("card_id = ?", cardID).
		OrderExpr("created_at ASC, id ASC").Scan(context.Background(), &types); err != nil {
		t.Fatal(err)
	}
	return types
}

type paymentBody struct {
	Data struct {
		Status    string `json:"status"`
		PurposeID string `json:"purpose_id"`
	} `json:"data"`
}

func verifyPayment(t *testing.T, e *testkit.Env, token, ref string) paymentBody {
	t.Helper()
	var v paymentBody
	e.Get("/api/v1/payments/"+ref+"/verify", token).Expect(http.StatusOK).JSON(&v)
	return v
}

func reveal(e *testkit.Env, token, cardID string) *testkit.Resp {
	return e.Post("/api/v1/gift-cards/purchased/"+cardID+"/reveal", token, nil)
}

func TestIntegrationGiftCardRevealOnce(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		p := travelGift(t, e, admin.AccessToken)

		ref, authURL, _ := byCard(t, e, ada.AccessToken, p.ID, 2500000, "bola@example.com")
		cardID := verifyPayment(t, e, ada.AccessToken, ref).Data.PurposeID
		reveal(e, ada.AccessToken, cardID).Expect(http.StatusNotFound) // not paid yet
		pay(t, e, authURL, "success")
		e.Paystack.Wait()
		mailed := mailedCode(t, e, "bola@example.com")

		// The code waits sealed on the card, never in plain text.
		raw := storedCard(t, e, cardID)
		if !raw.SealedCode.Valid || strings.Contains(raw.SealedCode.String, mailed) ||
			strings.Contains(raw.SealedCode.String, mailed[:4]) {
			t.Fatalf("sealed code %+v", raw)
		}
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+cardID, ada.AccessToken).Expect(http.StatusOK).JSON(&one)
		if !strings.Contains(string(e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).Body),
			`"code_revealable":true`) || one.Data.Code != nil {
			t.Fatalf("before the reveal: %+v", one.Data)
		}

		// Someone else cannot reveal it; the buyer sees it once.
		reveal(e, bola.AccessToken, cardID).Expect(http.StatusNotFound)
		var shown cardBody
		res := reveal(e, ada.AccessToken, cardID).Expect(http.StatusOK)
		res.JSON(&shown)
		if shown.Data.Code == nil || *shown.Data.Code != mailed || !codeShape.MatchString(*shown.Data.Code) ||
			strings.Contains(string(res.Body), `"code_revealable":true`) {
			t.Fatalf("reveal: %s", res.Body)
		}
		again := reveal(e, ada.AccessToken, cardID).Expect(http.StatusConflict)
		if !strings.Contains(string(again.Body), "already been shown") {
			t.Fatalf("second reveal: %s", again.Body)
		}
		if raw := storedCard(t, e, cardID); raw.SealedCode.Valid {
			t.Fatalf("the sealed code stays after the reveal: %+v", raw)
		}
		e.Get("/api/v1/gift-cards/purchased/"+cardID, ada.AccessToken).Expect(http.StatusOK).JSON(&one)
		types := make([]string, 0, len(one.Data.Events))
		for _, ev := range one.Data.Events {
			types = append(types, ev.Type)
		}
		if strings.Join(types, ",") != "issued,sent,revealed" {
			t.Fatalf("events %v", types)
		}

		// A wallet purchase showed its code in the answer: born revealed. That
		// answer is stored for Idempotency-Key replays only sealed.
		fund(t, e, ada.UserID, 1000000)
		key := map[string]string{"Idempotency-Key": "buy-once"}
		first := buy(e, ada.AccessToken, p.ID, 1000000, "cleo@example.com", key).Expect(http.StatusCreated)
		var bought purchaseBody
		first.JSON(&bought)
		code := *bought.Data.Card.Code
		var stored string
		if err := e.DB.NewSelect().Table("idempotency_keys").Column("response_body").Where("key = ?", "buy-once").
			Scan(context.Background(), &stored); err != nil {
			t.Fatal(err)
		}
		if stored == "" || strings.Contains(stored, code) || strings.Contains(stored, strings.ReplaceAll(code, "-", "")) ||
			strings.Contains(stored, "cleo@example.com") {
			t.Fatalf("the stored answer is not sealed: %q", stored)
		}
		replay := buy(e, ada.AccessToken, p.ID, 1000000, "cleo@example.com", key).Expect(http.StatusCreated)
		if string(replay.Body) != string(first.Body) || replay.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay: %s", replay.Body)
		}
		if strings.Contains(string(first.Body), `"code_revealable":true`) {
			t.Fatalf("wallet card revealable: %s", first.Body)
		}
		reveal(e, ada.AccessToken, bought.Data.Card.ID).Expect(http.StatusConflict)
		if raw := storedCard(t, e, bought.Data.Card.ID); raw.SealedCode.Valid {
			t.Fatal("a wallet card keeps its code")
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardPaymentFailures(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		p := travelGift(t, e, admin.AccessToken)

		// Declined: the webhook-less failure reaches the card through verify.
		declinedRef, declinedURL, _ := byCard(t, e, ada.AccessToken, p.ID, 1000000, "bola@example.com")
		pay(t, e, declinedURL, "declined")
		e.Paystack.Wait()
		v := verifyPayment(t, e, ada.AccessToken, declinedRef)
		declinedCard := v.Data.PurposeID
		if v.Data.Status != payments.StatusFailed || storedCard(t, e, declinedCard).Status != "cancelled" {
			t.Fatalf("declined: %+v %+v", v.Data, storedCard(t, e, declinedCard))
		}
		verifyPayment(t, e, ada.AccessToken, declinedRef)
		if got := eventTypes(t, e, declinedCard); strings.Join(got, ",") != "cancelled" {
			t.Fatalf("declined card events %v", got)
		}
		e.Get("/api/v1/gift-cards/purchased/"+declinedCard, ada.AccessToken).Expect(http.StatusNotFound)
		reveal(e, ada.AccessToken, declinedCard).Expect(http.StatusNotFound)

		// Left at the checkout: nothing happens inside 30 minutes; after, the
		// sweep asks Paystack and abandons it, cancelling the card once.
		leftRef, leftURL, _ := byCard(t, e, ada.AccessToken, p.ID, 2500000, "cleo@example.com")
		leftCard := verifyPayment(t, e, ada.AccessToken, leftRef).Data.PurposeID
		if n, err := e.App.Payments.AbandonStale(ctx); err != nil || n != 0 {
			t.Fatalf("abandoned early: %d %v", n, err)
		}
		// Paid, but the webhook lost: the sweep finds it paid and issues it.
		e.DropWebhooks(true)
		paidRef, paidURL, _ := byCard(t, e, ada.AccessToken, p.ID, 5000000, "dayo@example.com")
		pay(t, e, paidURL, "success")
		e.DropWebhooks(false)
		e.Clock.Advance(payments.AbandonAfter + time.Minute)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		ada = e.Login("ada@example.com", testkit.DefaultPassword) // the access token expired meanwhile
		if v := verifyPayment(t, e, ada.AccessToken, leftRef); v.Data.Status != payments.StatusAbandoned ||
			storedCard(t, e, leftCard).Status != "cancelled" {
			t.Fatalf("left: %+v %+v", v.Data, storedCard(t, e, leftCard))
		}
		paid := verifyPayment(t, e, ada.AccessToken, paidRef)
		if paid.Data.Status != payments.StatusSuccess || storedCard(t, e, paid.Data.PurposeID).Status != "active" {
			t.Fatalf("paid with the webhook lost: %+v", paid.Data)
		}
		mailedCode(t, e, "dayo@example.com")

		// The customer comes back and declines the abandoned checkout: the
		// payment fails for good, the card heard of it only once.
		if n, err := e.App.Payments.AbandonStale(ctx); err != nil || n != 0 {
			t.Fatalf("second sweep: %d %v", n, err)
		}
		pay(t, e, leftURL, "declined")
		e.Paystack.Wait()
		if v := verifyPayment(t, e, ada.AccessToken, leftRef); v.Data.Status != payments.StatusFailed {
			t.Fatalf("left, then declined: %+v", v.Data)
		}
		if got := eventTypes(t, e, leftCard); strings.Join(got, ",") != "cancelled" {
			t.Fatalf("left card events %v", got)
		}

		// A declined payment that Paystack later reports paid (the customer
		// retried on its page) issues the cancelled card after all.
		var charge map[string]any
		if err := json.Unmarshal(sandboxCharge(t, e, declinedRef), &charge); err != nil {
			t.Fatal(err)
		}
		charge["status"], charge["gateway_response"] = "success", "Approved"
		charge["paid_at"] = testkit.Start.Add(time.Hour).Format(time.RFC3339)
		if err := e.Paystack.Deliver(ctx, paystack.EventChargeSuccess, charge); err != nil {
			t.Fatal(err)
		}
		e.Paystack.Wait()
		if st := storedCard(t, e, declinedCard); st.Status != "active" || !st.SealedCode.Valid || !st.CodeHash.Valid {
			t.Fatalf("revived card: %+v", st)
		}
		mailedCode(t, e, "bola@example.com")
		if got := eventTypes(t, e, declinedCard); strings.Join(got, ",") != "cancelled,issued,sent" {
			t.Fatalf("revived card events %v", got)
		}
		if l := purchasedCards(t, e, ada.AccessToken); len(l.Data) != 2 {
			t.Fatalf("listed cards: %+v", l)
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 6000000 {
			t.Fatalf("liability %d", got)
		}
		verify(t, e)
	})
}

type refundAnswer struct {
	Data struct {
		Status         string `json:"status"`
		RefundedAmount int64  `json:"refunded_amount"`
	} `json:"data"`
}

func TestIntegrationGiftCardRefund(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		p := travelGift(t, e, admin.AccessToken)
		paid := func(amount int64, to string) (ref, cardID, code string) {
			t.Helper()
			ref, authURL, _ := byCard(t, e, ada.AccessToken, p.ID, amount, to)
			pay(t, e, authURL, "success")
			e.Paystack.Wait()
			return ref, verifyPayment(t, e, ada.AccessToken, ref).Data.PurposeID, mailedCode(t, e, to)
		}
		refund := func(ref string, body map[string]any) *testkit.Resp {
			return e.Post("/api/v1/admin/payments/"+ref+"/refund", admin.AccessToken, body)
		}

		// Unredeemed and unexpired: refunded whole, to the card.
		ref, cardID, code := paid(2500000, "bola@example.com")
		bad := refund(ref, map[string]any{"amount": 1000000, "reason": "Bought twice"}).
			Expect(http.StatusUnprocessableEntity)
		if !strings.Contains(string(bad.Body), "refunded in full") {
			t.Fatalf("partial: %s", bad.Body)
		}
		var got refundAnswer
		refund(ref, map[string]any{"reason": "Bought twice"}).Expect(http.StatusCreated).JSON(&got)
		e.Paystack.Wait()
		if got.Data.Status != payments.StatusRefunded || got.Data.RefundedAmount != 2500000 {
			t.Fatalf("refund: %+v", got.Data)
		}
		if st := storedCard(t, e, cardID); st.Status != "refunded" || st.SealedCode.Valid {
			t.Fatalf("refunded card: %+v", st)
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 0 {
			t.Fatalf("liability after the refund %d", got)
		}
		redeemed := e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": code}).
			Expect(http.StatusConflict)
		if !strings.Contains(string(redeemed.Body), "refunded") {
			t.Fatalf("redeem after refund: %s", redeemed.Body)
		}
		reveal(e, ada.AccessToken, cardID).Expect(http.StatusConflict)
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+cardID, ada.AccessToken).Expect(http.StatusOK).JSON(&one)
		last := one.Data.Events[len(one.Data.Events)-1]
		if one.Data.Status != "refunded" || one.Data.Balance != 0 || last.Type != "refunded" || last.Actor == nil ||
			last.Actor.Username != "admin" {
			t.Fatalf("refunded card as the buyer sees it: %+v", one.Data)
		}
		var rows struct {
			Data []struct {
				Amount    int64  `json:"amount"`
				Direction string `json:"direction"`
				Method    string `json:"method"`
			} `json:"data"`
		}
		e.Get("/api/v1/wallet/transactions?type=refund", ada.AccessToken).Expect(http.StatusOK).JSON(&rows)
		if len(rows.Data) != 1 || rows.Data[0].Amount != 2500000 || rows.Data[0].Direction != "credit" ||
			rows.Data[0].Method != "card" {
			t.Fatalf("refund rows: %+v", rows.Data)
		}

		// Redeemed: 409 saying so, nothing moves.
		ref2, _, code2 := paid(1000000, "cleo@example.com")
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": code2}).Expect(http.StatusOK)
		used := refund(ref2, map[string]any{"reason": "Changed my mind"}).Expect(http.StatusConflict)
		if !strings.Contains(string(used.Body), "redeemed") {
			t.Fatalf("redeemed: %s", used.Body)
		}
		var v paymentBody
		e.Get("/api/v1/payments/"+ref2+"/verify", ada.AccessToken).Expect(http.StatusOK).JSON(&v)
		if v.Data.Status != payments.StatusSuccess {
			t.Fatalf("a refused refund changed the payment: %+v", v.Data)
		}

		// Expired: 409 saying when.
		ref3, card3, _ := paid(5000000, "dayo@example.com")
		e.Clock.Advance(13 * 30 * 24 * time.Hour)
		admin = e.Login("admin@example.com", testkit.DefaultPassword)
		expired := refund(ref3, map[string]any{"reason": "Too late"}).Expect(http.StatusConflict)
		if !strings.Contains(string(expired.Body), "expired on") {
			t.Fatalf("expired: %s", expired.Body)
		}
		if st := storedCard(t, e, card3); st.Status == "refunded" {
			t.Fatalf("expired card refunded: %+v", st)
		}
		verify(t, e)
	})
}
