package wallet_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

type walletBody struct {
	Data struct {
		Balance         *int64  `json:"balance"`
		Currency        string  `json:"currency"`
		Available       *int64  `json:"available"`
		Pending         *int64  `json:"pending"`
		NextAvailableAt *string `json:"next_available_at"`
	} `json:"data"`
}

type txn struct {
	ID           string `json:"id"`
	Type         string `json:"type"`
	Direction    string `json:"direction"`
	Amount       int64  `json:"amount"`
	Status       string `json:"status"`
	Reference    string `json:"reference"`
	Note         string `json:"note"`
	Counterparty *struct {
		ID       string `json:"id"`
		Username string `json:"username"`
	} `json:"counterparty"`
	PaidFor *struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	} `json:"paid_for"`
	EntryID   *string   `json:"entry_id"`
	CreatedAt time.Time `json:"created_at"`
}

type txnBody struct {
	Data txn `json:"data"`
}

type txnList struct {
	Data []txn `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
		Limit      int     `json:"limit"`
	} `json:"meta"`
}

// seed credits a wallet through the money service, as a card top-up would.
func seed(t *testing.T, e *testkit.Env, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(context.Background(), nil, money.TopUp{Key: "seed:" + ref, UserID: userID,
		Amount: amount, Reference: ref}); err != nil {
		t.Fatalf("seed: %v", err)
	}
}

func balance(t *testing.T, e *testkit.Env, token string) int64 {
	t.Helper()
	var b walletBody
	e.Get("/api/v1/wallet", token).Expect(http.StatusOK).JSON(&b)
	if b.Data.Balance == nil {
		t.Fatal("wallet not activated")
	}
	return *b.Data.Balance
}

// verify fails the test unless the ledger holds together.
func verify(t *testing.T, e *testkit.Env) {
	t.Helper()
	r, err := e.App.Money.Verify(context.Background())
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !r.Clean() {
		t.Fatalf("ledger not clean: %+v", r)
	}
}

func TestIntegrationWalletActivation(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada")
		e.Get("/api/v1/wallet", "").Expect(http.StatusUnauthorized)
		res := e.Get("/api/v1/wallet", u.AccessToken).Expect(http.StatusOK)
		if string(res.Body) != `{"data":{"balance":null}}` {
			t.Fatalf("before activation: %s", res.Body)
		}
		var b walletBody
		e.Post("/api/v1/wallet", u.AccessToken, nil).Expect(http.StatusCreated).JSON(&b)
		if b.Data.Balance == nil || *b.Data.Balance != 0 || b.Data.Currency != "NGN" || *b.Data.Available != 0 ||
			*b.Data.Pending != 0 {
			t.Fatalf("activated: %+v", b.Data)
		}
		e.Post("/api/v1/wallet", u.AccessToken, nil).Expect(http.StatusOK).JSON(&b)
		if *b.Data.Balance != 0 {
			t.Fatalf("second activation: %+v", b.Data)
		}
		e.Get("/api/v1/wallet", u.AccessToken).Expect(http.StatusOK).JSON(&b)
		if b.Data.Balance == nil || *b.Data.Balance != 0 {
			t.Fatalf("after activation: %+v", b.Data)
		}
		e.Get("/api/v1/wallet?currency=XYZ", u.AccessToken).Expect(http.StatusUnprocessableEntity)
		// Another currency is another wallet.
		if string(e.Get("/api/v1/wallet?currency=GHS", u.AccessToken).Expect(http.StatusOK).Body) !=
			`{"data":{"balance":null}}` {
			t.Fatal("GHS wallet should not be active")
		}
		seed(t, e, u.UserID, 2500)
		if got := balance(t, e, u.AccessToken); got != 2500 {
			t.Fatalf("balance %d", got)
		}
		verify(t, e)
	})
}

func TestIntegrationTransfers(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		e.Post("/api/v1/wallet", ada.AccessToken, nil).Expect(http.StatusCreated)
		seed(t, e, ada.UserID, 10000)

		for _, amount := range []any{10.5, "100", 0, -5, nil, 1e30, true} {
			res := e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "bola", "amount": amount})
			res.Expect(http.StatusUnprocessableEntity)
			if f, _ := res.Map()["error"].(map[string]any)["fields"].(map[string]any); f["amount"] == nil {
				t.Fatalf("amount %v: %s", amount, res.Body)
			}
		}
		e.Post("/api/v1/wallet/transfers", ada.AccessToken, `{"to":"bola","amount":1e3}`).Expect(http.StatusUnprocessableEntity)
		res := e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "ada@example.com", "amount": 100})
		res.Expect(http.StatusUnprocessableEntity)
		res = e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "nobody", "amount": 100})
		if res.Expect(http.StatusUnprocessableEntity); res.Map()["error"].(map[string]any)["fields"].(map[string]any)["to"] == nil {
			t.Fatalf("unknown recipient: %s", res.Body)
		}
		long := make([]byte, 141)
		for i := range long {
			long[i] = 'x'
		}
		e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "bola", "amount": 100,
			"note": string(long)}).Expect(http.StatusUnprocessableEntity)
		// Not enough money: 409 insufficient_funds, nothing moves.
		res = e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "bola", "amount": 10001})
		if res.Expect(http.StatusConflict); res.ErrCode() != "insufficient_funds" {
			t.Fatalf("insufficient: %s", res.Body)
		}
		if balance(t, e, ada.AccessToken) != 10000 {
			t.Fatal("a refused transfer moved money")
		}
		// A sender without a wallet is told to activate it.
		e.Post("/api/v1/wallet/transfers", bola.AccessToken, map[string]any{"to": "ada", "amount": 1}).
			Expect(http.StatusConflict)

		var sent txnBody
		e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "BOLA@example.com", "amount": 2500,
			"note": "Lunch"}).Expect(http.StatusCreated).JSON(&sent)
		d := sent.Data
		if d.Type != "transfer_out" || d.Direction != "debit" || d.Amount != 2500 || d.Status != "completed" ||
			d.Counterparty == nil || d.Counterparty.Username != "bola" || d.Note != "Lunch" || d.EntryID == nil ||
			d.PaidFor == nil || d.PaidFor.Type != "transfer" || len(d.Reference) < 10 {
			t.Fatalf("sent: %+v", d)
		}
		// The recipient's wallet was activated by the transfer.
		if balance(t, e, bola.AccessToken) != 2500 || balance(t, e, ada.AccessToken) != 7500 {
			t.Fatal("balances after transfer")
		}
		var in txnList
		e.Get("/api/v1/wallet/transactions?type=transfer_in", bola.AccessToken).Expect(http.StatusOK).JSON(&in)
		if len(in.Data) != 1 || in.Meta.NextCursor != nil || in.Data[0].Counterparty.Username != "ada" || in.Data[0].Reference != d.Reference ||
			in.Data[0].Direction != "credit" {
			t.Fatalf("bola's history: %+v", in)
		}
		// One user cannot see another's transaction.
		var one txnBody
		e.Get("/api/v1/wallet/transactions/"+d.ID, ada.AccessToken).Expect(http.StatusOK).JSON(&one)
		if one.Data.ID != d.ID || one.Data.Counterparty.ID != bola.UserID {
			t.Fatalf("detail: %+v", one.Data)
		}
		e.Get("/api/v1/wallet/transactions/"+d.ID, bola.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/wallet/transactions/"+ids.New(), ada.AccessToken).Expect(http.StatusNotFound)
		verify(t, e)
	})
}

func TestIntegrationTransferIdempotencyKey(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		e.Register("bola@example.com", "bola")
		e.Post("/api/v1/wallet", ada.AccessToken, nil).Expect(http.StatusCreated)
		seed(t, e, ada.UserID, 5000)
		send := func(key string, amount int) *testkit.Resp {
			return e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/transfers", Token: ada.AccessToken,
				Body: map[string]any{"to": "bola", "amount": amount}, Header: map[string]string{"Idempotency-Key": key}})
		}
		first := send("key-1", 1000).Expect(http.StatusCreated)
		again := send("key-1", 1000).Expect(http.StatusCreated)
		if string(first.Body) != string(again.Body) || again.Header.Get("Idempotent-Replayed") != "true" ||
			first.Header.Get("Idempotent-Replayed") != "" {
			t.Fatalf("replay differs:\n%s\n%s", first.Body, again.Body)
		}
		if balance(t, e, ada.AccessToken) != 4000 {
			t.Fatal("the same key moved money twice")
		}
		if res := send("key-1", 2000); res.Status != http.StatusConflict || res.ErrCode() != "conflict" {
			t.Fatalf("different body: %d %s", res.Status, res.Body)
		}
		// 4xx answers are kept too: a refused transfer replays its refusal.
		send("key-2", 999999).Expect(http.StatusConflict)
		send("key-2", 999999).Expect(http.StatusConflict)
		send("", 100).Expect(http.StatusCreated) // no header: an ordinary request
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/transfers", Token: ada.AccessToken,
			Body: map[string]any{"to": "bola", "amount": 1}, Header: map[string]string{"Idempotency-Key": strings.Repeat("k", 201)}}).
			Expect(http.StatusUnprocessableEntity)
		// Keys are per user: another user's same key is theirs.
		bola := e.Login("bola@example.com", testkit.DefaultPassword)
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/wallet/transfers", Token: bola.AccessToken,
			Body: map[string]any{"to": "ada", "amount": 500}, Header: map[string]string{"Idempotency-Key": "key-1"}}).
			Expect(http.StatusCreated)
		if balance(t, e, ada.AccessToken) != 4400 {
			t.Fatalf("balance %d", balance(t, e, ada.AccessToken))
		}
		verify(t, e)
	})
}

func TestIntegrationConcurrentTransfers(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		e.Register("bola@example.com", "bola")
		e.Post("/api/v1/wallet", ada.AccessToken, nil).Expect(http.StatusCreated)
		seed(t, e, ada.UserID, 10000)
		const n = 50
		statuses := make([]int, n)
		codes := make([]string, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "bola", "amount": 1000})
				statuses[i] = r.Status
				if r.Status != http.StatusCreated {
					codes[i] = r.ErrCode()
				}
			}()
		}
		wg.Wait()
		ok, refused := 0, 0
		for i, s := range statuses {
			switch {
			case s == http.StatusCreated:
				ok++
			case s == http.StatusConflict && codes[i] == "insufficient_funds":
				refused++
			default:
				t.Errorf("transfer %d: %d %s", i, s, codes[i])
			}
		}
		if ok != 10 || refused != 40 {
			t.Fatalf("%d succeeded, %d refused; want 10 and 40", ok, refused)
		}
		if b := balance(t, e, ada.AccessToken); b != 0 {
			t.Fatalf("balance %d, want 0", b)
		}
		verify(t, e)
	})
}

func TestIntegrationHistoryFilters(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		e.Register("bola@example.com", "bola")
		e.Post("/api/v1/wallet", ada.AccessToken, nil).Expect(http.StatusCreated)
		seed(t, e, ada.UserID, 10000) // 2026-03-02
		e.Clock.Advance(24 * time.Hour)
		ada = e.Login("ada@example.com", testkit.DefaultPassword)
		for range 5 { // 2026-03-03
			e.Post("/api/v1/wallet/transfers", ada.AccessToken, map[string]any{"to": "bola", "amount": 100}).
				Expect(http.StatusCreated)
		}
		var l txnList
		e.Get("/api/v1/wallet/transactions?limit=4", ada.AccessToken).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 4 || l.Data[0].Type != "transfer_out" || l.Meta.Limit != 4 || l.Meta.NextCursor == nil {
			t.Fatalf("page 1: %+v", l)
		}
		e.Get("/api/v1/wallet/transactions?limit=4&cursor="+*l.Meta.NextCursor, ada.AccessToken).
			Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 2 || l.Data[1].Type != "topup" || l.Meta.NextCursor != nil {
			t.Fatalf("page 2: %+v", l)
		}
		for q, want := range map[string]int{
			"type=topup": 1, "direction=debit": 5, "direction=credit": 1, "status=completed": 6, "status=pending": 0,
			"from=2026-03-03": 5, "to=2026-03-02": 1, "from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z": 1,
			"type=transfer_out&from=2026-03-04": 0,
		} {
			e.Get("/api/v1/wallet/transactions?"+q, ada.AccessToken).Expect(http.StatusOK).JSON(&l)
			if len(l.Data) != want || l.Meta.NextCursor != nil || l.Meta.Limit != 20 {
				t.Errorf("%s: %d rows (meta %+v), want %d", q, len(l.Data), l.Meta, want)
			}
		}
		for _, q := range []string{"type=gift", "direction=up", "status=done", "from=yesterday", "to=2026-13-01", "limit=101"} {
			e.Get("/api/v1/wallet/transactions?"+q, ada.AccessToken).Expect(http.StatusUnprocessableEntity)
		}
		e.Get("/api/v1/wallet/transactions", "").Expect(http.StatusUnauthorized)
		verify(t, e)
	})
}
