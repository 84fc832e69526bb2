package dealers_test

import (
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/dealers"
	"sojourn/api/internal/deposits"
	"sojourn/api/internal/testkit"
)

type cardRes struct {
	ID      string `json:"id"`
	Status  string `json:"status"`
	PayWith string `json:"pay_with"`
	PayBy   *time.Time
	Deposit struct {
		Status         string `json:"status"`
		Amount         int64  `json:"amount"`
		RefundedAmount int64  `json:"refunded_amount"`
	} `json:"deposit"`
	Payment *struct {
		Reference        string `json:"reference"`
		AuthorizationURL string `json:"authorization_url"`
	} `json:"payment"`
}

func reserveByCard(t *testing.T, e *testkit.Env, token, carID string) cardRes {
	t.Helper()
	var out struct {
		Data cardRes `json:"data"`
	}
	e.Post("/api/v1/cars/"+carID+"/reserve", token, map[string]any{"pay_with": "card"}).Expect(http.StatusCreated).JSON(&out)
	if out.Data.Status != dealers.ReservationAwaitingPayment || out.Data.PayWith != "card" || out.Data.Payment == nil ||
		out.Data.Deposit.Status != dealers.DepositUnpaid {
		t.Fatalf("card reservation %+v", out.Data)
	}
	return out.Data
}

func myReservation(t *testing.T, e *testkit.Env, token, id string) cardRes {
	t.Helper()
	var out struct {
		Data []cardRes `json:"data"`
	}
	e.Get("/api/v1/me/car-reservations", token).Expect(http.StatusOK).JSON(&out)
	for _, r := range out.Data {
		if r.ID == id {
			return r
		}
	}
	t.Fatalf("reservation %s not in my reservations %+v", id, out.Data)
	return cardRes{}
}

func carStatus(t *testing.T, e *testkit.Env, id string) string {
	t.Helper()
	return e.Get("/api/v1/cars/"+id, "").Expect(http.StatusOK).Data()["status"].(string)
}

func TestIntegrationReservationByCard(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		e.Patch("/api/v1/dealer/settings", d.AccessToken, map[string]any{"reservation_days": 4, "deposit_amount": 15_000_000}).
			Expect(http.StatusOK)
		id := create(t, e, d.AccessToken, car(2020, 1_800_000_000, 40000, "000101"))
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		topUp(t, e, bola.UserID, 15_000_000)

		e.Post("/api/v1/cars/"+id+"/reserve", ada.AccessToken, map[string]any{"pay_with": "cash"}).
			Expect(http.StatusUnprocessableEntity)

		// Reserving by card takes the car at once: a second buyer is refused
		// while the first pays, by wallet or by card.
		r1 := reserveByCard(t, e, ada.AccessToken, id)
		if carStatus(t, e, id) != "reserved" {
			t.Fatal("the car is not reserved while its card payment is awaited")
		}
		e.Post("/api/v1/cars/"+id+"/reserve", bola.AccessToken, nil).Expect(http.StatusConflict)
		e.Post("/api/v1/cars/"+id+"/reserve", bola.AccessToken, map[string]any{"pay_with": "card"}).Expect(http.StatusConflict)
		// The dealer sees it waiting and cannot settle it yet.
		rs := e.Get("/api/v1/dealer/reservations?status=awaiting_payment", d.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(rs) != 1 || rs[0].(map[string]any)["payment"] != nil {
			t.Fatalf("dealer's awaiting reservations %v", rs)
		}
		e.Post("/api/v1/dealer/reservations/"+r1.ID+"/complete", d.AccessToken, nil).Expect(http.StatusConflict)
		// The car page shows the buyer's reservation with where to pay.
		mine := e.Get("/api/v1/cars/"+id, ada.AccessToken).Expect(http.StatusOK).Data()["my_reservation"].(map[string]any)
		if mine["status"] != "awaiting_payment" || mine["payment"] == nil {
			t.Fatalf("my reservation on the car page %v", mine)
		}

		// Paid: the deposit is held from the card and the release job is set.
		e.PayCard(t, r1.Payment.AuthorizationURL, "success")
		got := myReservation(t, e, ada.AccessToken, r1.ID)
		if got.Status != dealers.ReservationHeld || got.Deposit.Status != deposits.StatusHeld || got.Deposit.Amount != 15_000_000 ||
			got.Payment != nil {
			t.Fatalf("after payment %+v", got)
		}
		if w, _ := balance(t, e, ada.UserID); w != 0 {
			t.Fatalf("a card deposit touched the wallet: %d", w)
		}
		jobs, err := e.DB.NewSelect().TableExpr("river_job").Where("kind = ?", dealers.ReleaseJob{}.Kind()).Count(ctx)
		if err != nil || jobs != 1 {
			t.Fatalf("release jobs %d %v", jobs, err)
		}
		if early, err := e.App.Dealers.LapseUnpaid(ctx, r1.ID); err != nil || early != 0 {
			t.Fatalf("the payment window job of a paid reservation: %v %v", early, err)
		}
		clean(t, e)
		// Released by the dealer: the card deposit comes back to the wallet.
		e.Post("/api/v1/dealer/reservations/"+r1.ID+"/release", d.AccessToken, nil).Expect(http.StatusOK)
		if w, _ := balance(t, e, ada.UserID); w != 15_000_000 {
			t.Fatalf("released card deposit: wallet %d", w)
		}
		clean(t, e)

		// Not paid in time: the window job lapses it and frees the car; a
		// payment that arrives afterwards is refunded to the wallet at once.
		r2 := reserveByCard(t, e, ada.AccessToken, id)
		windows, err := e.DB.NewSelect().TableExpr("river_job").Where("kind = ?", dealers.PaymentWindowJob{}.Kind()).Count(ctx)
		if err != nil || windows != 2 {
			t.Fatalf("payment window jobs %d %v", windows, err)
		}
		if early, err := e.App.Dealers.LapseUnpaid(ctx, r2.ID); err != nil || early <= 0 {
			t.Fatalf("early lapse %v %v", early, err)
		}
		e.Clock.Advance(dealers.CardPaymentWindow + time.Minute)
		ada, bola, d = e.Login(ada.Email, ada.Password), e.Login(bola.Email, bola.Password), e.Login(d.Email, d.Password)
		if early, err := e.App.Dealers.LapseUnpaid(ctx, r2.ID); err != nil || early != 0 {
			t.Fatalf("lapse %v %v", early, err)
		}
		if carStatus(t, e, id) != "available" {
			t.Fatal("a lapsed card reservation kept the car")
		}
		if got := myReservation(t, e, ada.AccessToken, r2.ID); got.Status != dealers.ReservationExpired {
			t.Fatalf("lapsed %+v", got)
		}
		// Bola takes the car meanwhile, from the wallet.
		e.Post("/api/v1/cars/"+id+"/reserve", bola.AccessToken, nil).Expect(http.StatusCreated)
		e.PayCard(t, r2.Payment.AuthorizationURL, "success")
		late := myReservation(t, e, ada.AccessToken, r2.ID)
		if late.Status != dealers.ReservationExpired || late.Deposit.Status != deposits.StatusReleased ||
			late.Deposit.RefundedAmount != 15_000_000 {
			t.Fatalf("late payment %+v", late)
		}
		if w, _ := balance(t, e, ada.UserID); w != 30_000_000 {
			t.Fatalf("late payment refunded to the wallet: %d", w)
		}
		if carStatus(t, e, id) != "reserved" {
			t.Fatal("a late payment disturbed the other buyer's reservation")
		}
		clean(t, e)
	})
}

func TestIntegrationReservationByCardDeclinedAndCancelled(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		d := dealer(t, e, "dealer@example.com", "dealer1")
		id := create(t, e, d.AccessToken, car(2019, 1_500_000_000, 60000, "000202"))
		ada := e.Register("ada@example.com", "ada")

		// A declined card lapses the reservation and frees the car.
		r := reserveByCard(t, e, ada.AccessToken, id)
		e.PayCard(t, r.Payment.AuthorizationURL, "declined")
		e.Get("/api/v1/payments/"+r.Payment.Reference+"/verify", ada.AccessToken)
		if got := myReservation(t, e, ada.AccessToken, r.ID); got.Status != dealers.ReservationExpired {
			t.Fatalf("declined %+v", got)
		}
		if carStatus(t, e, id) != "available" {
			t.Fatal("a declined card kept the car")
		}
		// The buyer gives up before paying: the car is free at once.
		r2 := reserveByCard(t, e, ada.AccessToken, id)
		e.Post("/api/v1/me/car-reservations/"+r2.ID+"/cancel", ada.AccessToken, nil).Expect(http.StatusOK)
		if carStatus(t, e, id) != "available" {
			t.Fatal("a cancelled card reservation kept the car")
		}
		e.Post("/api/v1/me/car-reservations/"+r2.ID+"/cancel", ada.AccessToken, nil).Expect(http.StatusConflict)
		if w, _ := balance(t, e, ada.UserID); w != 0 {
			t.Fatalf("wallet %d", w)
		}
		clean(t, e)
	})
}
