package money_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/testkit"
)

// A movement is written one of two ways, each decided by the store for its
// database: in the caller's transaction (write), or alone (writeAlone: one
// simple-protocol query on PostgreSQL, a transaction of its own on SQLite).
// Both must behave alike on both databases: move once, replay a repeated key
// with the first result, refuse a reused key and insufficient funds with
// nothing written.
func TestIntegrationWritePaths(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		m := e.App.Money
		from := e.Register("payer@example.com", "payer")
		to := e.Register("payee@example.com", "payee")
		topUp(t, e, from.UserID, 100000)
		paths := map[string]func(fn func(db bun.IDB) (money.Result, error)) (money.Result, error){
			"alone": func(fn func(db bun.IDB) (money.Result, error)) (money.Result, error) { return fn(nil) },
			"in a caller's transaction": func(fn func(db bun.IDB) (money.Result, error)) (money.Result, error) {
				var r money.Result
				err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
					var err error
					r, err = fn(tx)
					return err
				})
				return r, err
			},
		}
		sent := int64(0)
		for i, name := range []string{"alone", "in a caller's transaction"} {
			run := paths[name]
			tr := money.Transfer{Key: "paths:" + name, FromID: from.UserID, ToID: to.UserID, Amount: 10000}
			transfer := func(in money.Transfer) (money.Result, error) {
				return run(func(db bun.IDB) (money.Result, error) { return m.Transfer(ctx, db, in) })
			}
			first, err := transfer(tr)
			if err != nil || first.Replayed || len(first.Transactions) != 2 {
				t.Fatalf("%s: first transfer %+v %v", name, first, err)
			}
			again, err := transfer(tr)
			if err != nil || !again.Replayed || again.EntryID != first.EntryID || len(again.Transactions) != 2 {
				t.Fatalf("%s: replay %+v %v", name, again, err)
			}
			sent += tr.Amount
			if _, err := run(func(db bun.IDB) (money.Result, error) {
				return m.Hold(ctx, db, money.Hold{Key: tr.Key, Ref: money.Ref{Type: money.RefOrder, ID: "o-" + name},
					PayerID: from.UserID, Amount: 1, Pay: money.MethodWallet})
			}); !errors.Is(err, money.ErrKeyReused) {
				t.Fatalf("%s: reused key: %v", name, err)
			}
			over := money.Transfer{Key: "paths-over:" + name, FromID: from.UserID, ToID: to.UserID,
				Amount: 100000 - sent + 1}
			if _, err := transfer(over); !errors.Is(err, money.ErrInsufficientFunds) {
				t.Fatalf("%s: overdraft: %v", name, err)
			}
			// The refused key was not spent: the same movement within the balance goes through.
			over.Amount = 100000 - sent
			if r, err := transfer(over); err != nil || r.Replayed {
				t.Fatalf("%s: after the refusal %+v %v", name, r, err)
			}
			sent = 100000
			if w := wallet(t, e, from.UserID); w.Balance != 0 {
				t.Fatalf("%s: payer %+v", name, w)
			}
			if w := wallet(t, e, to.UserID); w.Balance != int64(i+1)*100000 {
				t.Fatalf("%s: payee %+v", name, w)
			}
			topUp(t, e, from.UserID, 100000)
			sent = 0
		}
		clean(t, e)
	})
}
