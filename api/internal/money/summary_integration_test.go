package money_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

type summaryBody struct {
	Data money.Summary `json:"data"`
}

// The admin overview's money: top-ups, payouts and gift cards sold today and
// this month (UTC), and the gift-card liability now.
func TestIntegrationAdminMoneySummary(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("boss@example.com", "boss")
		ada := e.Register("ada@example.com", "ada")
		e.Get("/api/v1/admin/money/summary", ada.AccessToken).Expect(http.StatusForbidden)
		e.Get("/api/v1/admin/money/summary?currency=XYZ", admin.AccessToken).Expect(http.StatusUnprocessableEntity)

		var s summaryBody
		e.Get("/api/v1/admin/money/summary", admin.AccessToken).Expect(http.StatusOK).JSON(&s)
		if s.Data.Currency != "NGN" || s.Data.Month.TopUps.Count != 0 || s.Data.GiftCardLiability != 0 {
			t.Fatalf("empty: %+v", s.Data)
		}

		topUp(t, e, ada.UserID, 3000) // yesterday, this month
		e.Clock.Advance(24 * time.Hour)
		admin = e.Login(admin.Email, admin.Password) // the access token has expired meanwhile
		topUp(t, e, ada.UserID, 5000)
		card := money.Ref{Type: money.RefGiftCard, ID: ids.New()}
		if err := e.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
			_, err := e.App.Money.IssueGiftCardLiability(ctx, tx, money.GiftCardIssue{Key: "gc-" + card.ID, Ref: card,
				BuyerID: ada.UserID, Amount: 2500, Pay: money.MethodWallet})
			return err
		}); err != nil {
			t.Fatal(err)
		}

		e.Get("/api/v1/admin/money/summary?currency=NGN", admin.AccessToken).Expect(http.StatusOK).JSON(&s)
		d := s.Data
		if d.Today.TopUps != (money.Sum{Amount: 5000, Count: 1}) || d.Month.TopUps != (money.Sum{Amount: 8000, Count: 2}) ||
			d.Today.GiftCardSales != (money.Sum{Amount: 2500, Count: 1}) || d.Month.GiftCardSales.Amount != 2500 ||
			d.Today.Payouts.Count != 0 || d.GiftCardLiability != 2500 {
			t.Fatalf("figures: %+v", d)
		}

		// A supplier-confirmed flight: what Sojourn owes the supplier shows, the margin does not.
		order := money.Ref{Type: money.RefFlightOrder, ID: ids.New()}
		if _, err := e.App.Money.Hold(ctx, nil, money.Hold{Key: "fh-" + order.ID, Ref: order, PayerID: ada.UserID,
			Amount: 1050, Pay: money.MethodWallet}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.App.Money.SupplierCharge(ctx, nil, money.SupplierCharge{Key: "fc-" + order.ID, Ref: order,
			Supplier: "duffel", Cost: 1000, Margin: 50}); err != nil {
			t.Fatal(err)
		}
		e.Get("/api/v1/admin/money/summary", admin.AccessToken).Expect(http.StatusOK).JSON(&s)
		if s.Data.SupplierPayable != 1000 {
			t.Fatalf("supplier payable: %+v", s.Data)
		}

		// A new month starts from zero; the liability stays until the card is redeemed.
		e.Clock.Advance(31 * 24 * time.Hour)
		admin = e.Login(admin.Email, admin.Password)
		e.Get("/api/v1/admin/money/summary", admin.AccessToken).Expect(http.StatusOK).JSON(&s)
		if s.Data.Month.TopUps.Count != 0 || s.Data.Today.GiftCardSales.Count != 0 || s.Data.GiftCardLiability != 2500 {
			t.Fatalf("next month: %+v", s.Data)
		}
	})
}
