package flights

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/mail"
)

// Place against a supplier that fails as told: retryable errors are
// returned while attempts remain (River retries), the last attempt or a
// definitive error fails the order and refunds it, success charges the
// escrow to the supplier and the margin to fees.

type stubSupplier struct {
	SupplierAPI
	err   error
	calls []string
}

func (s *stubSupplier) CreateOrder(_ context.Context, key string, _ duffel.CreateOrder) (duffel.Order, error) {
	s.calls = append(s.calls, key)
	if s.err != nil {
		return duffel.Order{}, s.err
	}
	return duffel.Order{ID: "ord_1", BookingReference: "ABC123"}, nil
}

type stubMoney struct {
	Money
	refunds []money.Refund
	charges []money.SupplierCharge
}

func (m *stubMoney) Refund(_ context.Context, _ bun.IDB, in money.Refund) (money.Result, error) {
	m.refunds = append(m.refunds, in)
	return money.Result{}, nil
}

func (m *stubMoney) SupplierCharge(_ context.Context, _ bun.IDB, in money.SupplierCharge) (money.Result, error) {
	m.charges = append(m.charges, in)
	return money.Result{}, nil
}

type stubPayments struct{ Payments }

func (stubPayments) RegisterPurpose(string, func(context.Context, bun.Tx, payments.Payment) error) {}
func (stubPayments) RegisterFailure(string, payments.FailedFunc)                                   {}
func (stubPayments) RegisterRefundHint(string, string)                                             {}

type stubDirectory struct{}

func (stubDirectory) Person(context.Context, string) (accounts.Person, error) {
	return accounts.Person{Email: "ada@example.com"}, nil
}

type stubJobs struct{ Inserter }

type stubMailer struct{ sent []mail.Message }

func (m *stubMailer) Send(_ context.Context, msg mail.Message) error {
	m.sent = append(m.sent, msg)
	return nil
}

func TestPlaceRetriesThenFailsAndRefunds(t *testing.T) {
	ctx := context.Background()
	d, err := dbx.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.MigrateUp(ctx); err != nil {
		t.Fatal(err)
	}
	sup, mon, ml := &stubSupplier{}, &stubMoney{}, &stubMailer{}
	s, err := New(Config{DB: d, Clock: clock.NewFake(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)), Supplier: sup,
		Money: mon, Payments: stubPayments{}, Directory: stubDirectory{}, Jobs: stubJobs{}, Mailer: ml,
		Idempotency: &idempotency.Middleware{}})
	if err != nil {
		t.Fatal(err)
	}
	insert := func(id string) {
		now := s.now()
		if _, err := d.NewInsert().Model(&orderRow{ID: id, UserID: "u1", Status: StatusPlacing, OfferID: "off_" + id,
			OwnerCode: "P4", OwnerName: "Air Peace", Origin: "LOS", Destination: "ACC", OriginCity: "Lagos",
			DestinationCity: "Accra", DepartsAt: now.Add(72 * time.Hour), EndsAt: now.Add(75 * time.Hour), Itinerary: "[]",
			Passengers: "[]", Conditions: "{}", Cost: 100000, Margin: 5000, Price: 105000, Currency: "NGN",
			PayWith: PayWallet, CreatedAt: now, UpdatedAt: now}).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	work := func(id string, attempt int) error {
		return s.Workers().Place.Work(ctx, &river.Job[PlaceJob]{JobRow: &rivertype.JobRow{Attempt: attempt}, Args: PlaceJob{OrderID: id}})
	}
	status := func(id string) string {
		o, err := s.load(ctx, d, id)
		if err != nil {
			t.Fatal(err)
		}
		return o.Status
	}

	insert("a")
	sup.err = &duffel.APIError{Status: 503}
	for attempt := 1; attempt < PlaceAttempts; attempt++ {
		if err := work("a", attempt); err == nil || status("a") != StatusPlacing {
			t.Fatalf("attempt %d: a retryable error is returned for River to retry (%v, %s)", attempt, err, status("a"))
		}
	}
	if err := work("a", PlaceAttempts); err != nil || status("a") != StatusFailed {
		t.Fatalf("last attempt: %v %s", err, status("a"))
	}
	if len(mon.refunds) != 1 || mon.refunds[0].Amount != 105000 || mon.refunds[0].From != money.RefundFromEscrow {
		t.Fatalf("refunds %+v", mon.refunds)
	}
	for _, k := range sup.calls {
		if k != "sojourn-flight-order-a" {
			t.Fatalf("every attempt uses the order's key: %v", sup.calls)
		}
	}

	insert("b")
	sup.err = &duffel.APIError{Status: 422, Errors: []duffel.ErrorItem{{Code: duffel.CodeOfferNoLongerAvailable}}}
	if err := work("b", 1); err != nil || status("b") != StatusFailed {
		t.Fatalf("a definitive error fails at once: %v %s", err, status("b"))
	}

	insert("c")
	sup.err = nil
	if err := work("c", 1); err != nil || status("c") != StatusConfirmed {
		t.Fatalf("success: %v %s", err, status("c"))
	}
	if len(mon.charges) != 1 || mon.charges[0].Cost != 100000 || mon.charges[0].Margin != 5000 || mon.charges[0].Supplier != Supplier {
		t.Fatalf("charges %+v", mon.charges)
	}
	if err := work("missing", 1); err != nil {
		t.Fatal("a missing order is done")
	}
	if len(ml.sent) != 3 {
		t.Fatalf("%d mails", len(ml.sent))
	}
}

func TestMarkupRoundsUpToWholeNaira(t *testing.T) {
	s := &Service{c: Config{MarkupBPS: 500}}
	for cost, want := range map[int64]int64{100000: 105000, 100001: 105100, 12345678: 12963000} {
		price, margin := s.markup(cost)
		if price != want || margin != price-cost || price%100 != 0 {
			t.Fatalf("markup(%d) = %d, %d; want %d", cost, price, margin, want)
		}
	}
}
