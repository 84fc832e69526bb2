package payments_test

import (
	"net/http"
	"testing"

	"sojourn/api/internal/testkit"
)

type bankList struct {
	Data []struct {
		Code     string `json:"code"`
		Name     string `json:"name"`
		Currency string `json:"currency"`
		Type     string `json:"type"`
	} `json:"data"`
}

// A therapist in Kenya is offered Kenyan banks in KES, not Nigerian banks in
// NGN: GET /api/v1/banks takes the provider's country, and a payout account
// in KES takes a Kenyan account number.
func TestIntegrationBanksByCountry(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		th := e.Register("wanjiru@example.com", "wanjiru")
		e.GrantRole(th.UserID, "therapist")

		want := map[string]string{"NG": "NGN", "gh": "GHS", "KE": "KES", "ZA": "ZAR"}
		for country, cur := range want {
			var b bankList
			e.Get("/api/v1/banks?country="+country, th.AccessToken).Expect(http.StatusOK).JSON(&b)
			if len(b.Data) == 0 {
				t.Fatalf("%s: no banks", country)
			}
			for _, bank := range b.Data {
				if bank.Currency != cur {
					t.Fatalf("%s: bank %s in %s, want %s", country, bank.Name, bank.Currency, cur)
				}
			}
		}
		var ke bankList
		e.Get("/api/v1/banks?country=KE&currency=KES", th.AccessToken).Expect(http.StatusOK).JSON(&ke)
		equity := ""
		for _, b := range ke.Data {
			if b.Name == "Equity Bank" {
				equity = b.Code
			}
		}
		if equity == "" {
			t.Fatalf("Kenyan banks without Equity Bank: %+v", ke.Data)
		}
		// Paystack pays out in four countries only; country and currency must agree.
		e.Get("/api/v1/banks?country=US", th.AccessToken).Expect(http.StatusUnprocessableEntity)
		e.Get("/api/v1/banks?country=KE&currency=NGN", th.AccessToken).Expect(http.StatusUnprocessableEntity)

		// A Kenyan account number (13 digits) is saved as the KES payout account; NGN still needs a 10-digit NUBAN.
		var acct struct {
			Data struct {
				Currency string `json:"currency"`
				BankName string `json:"bank_name"`
			} `json:"data"`
		}
		e.Post("/api/v1/payout-accounts", th.AccessToken, map[string]any{"bank_code": equity, "currency": "KES",
			"account_number": "0180291234567", "account_name": "Wanjiru Kamau"}).Expect(http.StatusCreated).JSON(&acct)
		if acct.Data.Currency != "KES" || acct.Data.BankName != "Equity Bank" {
			t.Fatalf("KES payout account: %+v", acct.Data)
		}
		e.Post("/api/v1/payout-accounts", th.AccessToken, map[string]any{"bank_code": "058", "currency": "NGN",
			"account_number": "0180291234567", "account_name": "Wanjiru Kamau"}).Expect(http.StatusUnprocessableEntity)
	})
}
