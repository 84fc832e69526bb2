package dealers_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"

	"sojourn/api/internal/dealers"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func clean(t *testing.T, e *testkit.Env) {
	t.Helper()
	r, err := e.App.Money.Verify(ctx)
	if err != nil || !r.Clean() {
		t.Fatalf("ledger verify: %+v %v", r, err)
	}
}

func topUp(t *testing.T, e *testkit.Env, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(ctx, nil, money.TopUp{Key: "topup:" + ref, UserID: userID, Amount: amount,
		Reference: ref}); err != nil {
		t.Fatal(err)
	}
}

func balance(t *testing.T, e *testkit.Env, userID string) (wallet, pending int64) {
	t.Helper()
	w, err := e.App.Money.Wallet(ctx, userID, "NGN")
	if err != nil {
		t.Fatalf("wallet: %v", err)
	}
	if w == nil {
		return 0, 0
	}
	return w.Balance, w.Pending
}

// dealer registers a car dealer with a published, verified dealership in
// Lagos, open 08:00-20:00 every day, its settings (and test-drive offering)
// made.
func dealer(t *testing.T, e *testkit.Env, email, username string) *testkit.Session {
	t.Helper()
	s := e.Register(email, username)
	e.GrantRole(s.UserID, practice.KindCarDealer)
	ps := e.App.Practice
	p, err := ps.SaveProfile(ctx, s.UserID, practice.KindCarDealer, practice.ProfileInput{Headline: "Quality used cars",
		Bio: "Inspected foreign-used and locally used cars with full service history.", City: "Lagos", Country: "NG",
		TimeZone: "Africa/Lagos", Formats: []practice.FormatInput{{Kind: "in_person", Address: "12 Admiralty Way, Lekki"}},
		LicenceNumber: "LSMVAA-" + ids.New()[:6], IssuingBody: "Lagos State Motor Vehicle Administration Agency"})
	if err != nil {
		t.Fatalf("profile: %v", err)
	}
	week := map[string][]practice.Interval{}
	for _, d := range []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"} {
		week[d] = []practice.Interval{{Start: "08:00", End: "20:00"}}
	}
	if _, err := ps.SaveSchedule(ctx, s.UserID, practice.KindCarDealer, practice.ScheduleInput{Weekly: week}); err != nil {
		t.Fatalf("schedule: %v", err)
	}
	e.Get("/api/v1/dealer/settings", s.AccessToken).Expect(http.StatusOK)
	if _, err := ps.Decide(ctx, s.UserID, e.IP, p.ID, practice.DecisionInput{Decision: "verified", Note: "Licence checked"}); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if _, err := ps.Publish(ctx, s.UserID, practice.KindCarDealer); err != nil {
		t.Fatalf("publish: %v", err)
	}
	return s
}

// car is a valid listing body: a Toyota Camry of the given year and price
// whose VIN (a Kentucky-built Camry's WMI 4T1) carries the serial n.
func car(year int, price int64, mileage int, serial string) map[string]any {
	code := "ABCDEFGHJKLMNPRSTVWXY123456789"[(year-1980)%30]
	vin := dealers.WithCheckDigit("4T1BF1FK0" + string(code) + "U" + serial)
	return map[string]any{"vin": vin, "make": "Toyota", "model": "Camry", "year": year, "trim": "SE", "body": "sedan",
		"mileage_km": mileage, "fuel": "petrol", "transmission": "automatic", "drivetrain": "fwd", "colour": "Silver",
		"condition": "foreign_used", "price": price, "features": []string{"Reverse camera", "Bluetooth"}}
}

func pngBytes() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := 0; x < 64; x++ {
		for y := 0; y < 48; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 5), 120, 255})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

func create(t *testing.T, e *testkit.Env, token string, body map[string]any) string {
	t.Helper()
	return e.Post("/api/v1/dealer/listings", token, body).Expect(http.StatusCreated).Data()["id"].(string)
}
