package flights

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/ids"
)

// PassengerInput is one traveller's details as on the passport.
type PassengerInput struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	GivenName  string `json:"given_name"`
	FamilyName string `json:"family_name"`
	BornOn     string `json:"born_on"`
	Gender     string `json:"gender"`
	Bags       int    `json:"bags"`
}

// OrderInput orders an offer: the passengers (ids of the offer's), the
// contact the airline uses for all of them, the extra bags, how to pay,
// and the total the traveller agreed to (a different current total is 409,
// so a re-price is always shown before paying).
type OrderInput struct {
	OfferID       string           `json:"offer_id"`
	Passengers    []PassengerInput `json:"passengers"`
	Email         string           `json:"email"`
	Phone         string           `json:"phone"`
	PayWith       string           `json:"pay_with"`
	ExpectedTotal int64            `json:"expected_total"`
	TripID        string           `json:"trip_id"`
	// Origin is the portal the card payment returns to (the request's).
	Origin string `json:"-"`
}

// storedPassenger is a passenger as kept on the order (with the supplier's
// bag service).
type storedPassenger struct {
	Passenger
	BagService string `json:"bag_service,omitempty"`
}

// Placed is an order after it was made, with the card payment to complete
// when paying by card (null from the wallet).
type Placed struct {
	Order
	Payment *payments.StartedDTO `json:"payment"`
}

var (
	namePattern  = regexp.MustCompile(`^[\p{L}][\p{L}\p{M} '\-.]*$`)
	phonePattern = regexp.MustCompile(`^\+[1-9][0-9]{6,14}$`)
	titles       = map[string]bool{"mr": true, "ms": true, "mrs": true, "miss": true, "dr": true}
)

func (in *OrderInput) check(f apperr.Fields) {
	in.Email, in.Phone = strings.TrimSpace(in.Email), strings.ReplaceAll(strings.TrimSpace(in.Phone), " ", "")
	if a, err := mail.ParseAddress(in.Email); err != nil || a.Address != in.Email || len(in.Email) > 254 {
		f.Add("email", "must be an email address")
	}
	f.Check(phonePattern.MatchString(in.Phone), "phone", "must be an international number like +2348012345678")
	if in.PayWith == "" {
		in.PayWith = PayWallet
	}
	f.Check(in.PayWith == PayWallet || in.PayWith == PayCard, "pay_with", "must be wallet or card")
	f.Check(in.ExpectedTotal > 0 && in.ExpectedTotal <= money.MaxAmount, "expected_total", "must be the total shown")
	f.Check(len(in.TripID) <= 64, "trip_id", "is not a trip")
	f.Check(len(in.Passengers) >= 1 && len(in.Passengers) <= MaxPassengers, "passengers", "give 1 to 9 passengers")
	for i := range in.Passengers {
		p := &in.Passengers[i]
		k := "passengers[" + strconv.Itoa(i) + "]."
		p.GivenName, p.FamilyName = strings.Join(strings.Fields(p.GivenName), " "), strings.Join(strings.Fields(p.FamilyName), " ")
		for field, v := range map[string]string{"given_name": p.GivenName, "family_name": p.FamilyName} {
			f.Check(len([]rune(v)) >= 1 && len([]rune(v)) <= 50 && namePattern.MatchString(v) && !hasControl(v),
				k+field, "must be the name as on the passport (letters, spaces, hyphens, apostrophes)")
		}
		f.Check(titles[p.Title], k+"title", "must be mr, ms, mrs, miss or dr")
		f.Check(p.Gender == "m" || p.Gender == "f", k+"gender", "must be m or f")
		f.Check(p.Bags >= 0 && p.Bags <= MaxBagsPerPerson, k+"bags", "must be 0 to 2")
		f.Check(len(p.ID) > 0 && len(p.ID) <= 80, k+"id", "must be a passenger of the offer")
	}
}

func hasControl(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}

// ageOn is the whole years from birth to day.
func ageOn(birth, day time.Time) int {
	y := day.Year() - birth.Year()
	if day.YearDay() < birth.YearDay() {
		y--
	}
	return y
}

// Create orders an offer. The offer is fetched again: expired or sold, 409;
// a total other than ExpectedTotal, 409 with the new total. From the
// wallet the price goes into the order's escrow and the place_order job is
// scheduled in the same transaction; by card the order waits for the
// payment (card.go).
func (s *Service) Create(ctx context.Context, userID string, in OrderInput) (Placed, error) {
	f := apperr.Fields{}
	in.check(f)
	if !validOfferID(in.OfferID) {
		f.Add("offer_id", "must be an offer")
	}
	if err := f.Err(); err != nil {
		return Placed{}, err
	}
	o, err := s.c.Supplier.GetOffer(ctx, in.OfferID)
	if err != nil {
		return Placed{}, supplierErr(err)
	}
	if !s.now().Before(o.ExpiresAt) {
		return Placed{}, errOfferExpired
	}
	offer, err := s.offerOf(o)
	if err != nil {
		return Placed{}, err
	}
	row, err := s.newOrder(userID, in, o, offer)
	if err != nil {
		return Placed{}, err
	}
	if row.Price != in.ExpectedTotal {
		return Placed{}, apperr.Conflict("The price changed to " + row.Currency + " " + strconv.FormatInt(row.Price/100, 10) +
			"; review the new total and pay again.")
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			if dbx.IsUniqueViolation(err) {
				return errOfferBooked
			}
			return err
		}
		if err := s.event(ctx, tx, row.ID, "", row.Status, "Ordered"); err != nil {
			return err
		}
		if row.PayWith == PayCard {
			return nil
		}
		if _, err := s.c.Money.Hold(ctx, tx, money.Hold{Key: "flight-hold:" + row.ID, Reason: "Flight " + title(row),
			Ref: ref(row.ID), PayerID: userID, Amount: row.Price, Currency: row.Currency, Pay: money.MethodWallet}); err != nil {
			return err
		}
		return s.schedulePlace(ctx, tx, row.ID)
	})
	if err != nil {
		return Placed{}, err
	}
	if row.PayWith == PayCard {
		return s.startCard(ctx, row, in.Origin)
	}
	v, err := s.Mine(ctx, userID, row.ID)
	return Placed{Order: v}, err
}

func (s *Service) schedulePlace(ctx context.Context, tx bun.Tx, id string) error {
	_, err := s.c.Jobs.InsertTx(ctx, tx, PlaceJob{OrderID: id}, &river.InsertOpts{MaxAttempts: PlaceAttempts})
	return err
}

// newOrder builds the order row: passengers matched to the offer's, ages
// checked against the first departure, bags priced from the offer's bag
// service.
func (s *Service) newOrder(userID string, in OrderInput, o duffel.Offer, offer Offer) (*orderRow, error) {
	if len(offer.Slices) == 0 {
		return nil, errOfferGone
	}
	first := offer.Slices[0].DepartsAt
	types := map[string]string{}
	for _, p := range o.Passengers {
		types[p.ID] = p.Type
	}
	f := apperr.Fields{}
	if len(in.Passengers) != len(o.Passengers) {
		f.Add("passengers", "give the details of every passenger of the offer")
	}
	seen := map[string]bool{}
	cost, _ := duffel.AmountMinor(o.TotalAmount)
	price, _ := s.markup(cost)
	bags := 0
	var stored []storedPassenger
	for i, p := range in.Passengers {
		k := "passengers[" + strconv.Itoa(i) + "]."
		typ, ok := types[p.ID]
		if !ok || seen[p.ID] {
			f.Add(k+"id", "must be a passenger of the offer, once")
			continue
		}
		seen[p.ID] = true
		born, err := time.Parse("2006-01-02", p.BornOn)
		age := ageOn(born, first)
		switch {
		case err != nil || born.Year() < 1900 || born.After(s.now()):
			f.Add(k+"born_on", "must be a date of birth YYYY-MM-DD")
		case typ == duffel.PassengerAdult && age < 12:
			f.Add(k+"born_on", "an adult must be 12 or older on the day of the flight")
		case typ == duffel.PassengerChild && (age < 2 || age >= 12):
			f.Add(k+"born_on", "a child must be 2 to 11 on the day of the flight")
		case typ == duffel.PassengerInfant && age >= 2:
			f.Add(k+"born_on", "an infant must be under 2 on the day of the flight")
		}
		sp := storedPassenger{Passenger: Passenger{ID: p.ID, Type: typ, Title: p.Title, GivenName: p.GivenName,
			FamilyName: p.FamilyName, BornOn: p.BornOn, Gender: p.Gender, Email: in.Email, Phone: in.Phone, Bags: p.Bags}}
		if p.Bags > 0 {
			svc := bagService(o, p.ID)
			if svc == nil || p.Bags > svc.MaximumQuantity {
				f.Add(k+"bags", "this passenger cannot add bags on this fare")
				continue
			}
			bc, err := duffel.AmountMinor(svc.TotalAmount)
			if err != nil {
				return nil, err
			}
			bp, _ := s.markup(bc)
			cost += bc * int64(p.Bags)
			price += bp * int64(p.Bags)
			bags += p.Bags
			sp.BagService = svc.ID
		}
		stored = append(stored, sp)
	}
	if err := f.Err(); err != nil {
		return nil, err
	}
	itin, _ := json.Marshal(offer.Slices)
	pax, _ := json.Marshal(stored)
	cond, _ := json.Marshal(offer.Conditions)
	last := offer.Slices[len(offer.Slices)-1]
	now := s.now()
	status := StatusPlacing
	if in.PayWith == PayCard {
		status = StatusAwaitingPayment
	}
	return &orderRow{ID: ids.New(), UserID: userID, Status: status, OfferID: o.ID, OwnerCode: offer.Owner.Code,
		OwnerName: offer.Owner.Name, Origin: offer.Slices[0].Origin.IATA, Destination: offer.Slices[0].Destination.IATA,
		OriginCity: offer.Slices[0].Origin.City, DestinationCity: offer.Slices[0].Destination.City,
		DepartsAt: first, EndsAt: last.ArrivesAt, Itinerary: string(itin), Passengers: string(pax),
		Conditions: string(cond), Bags: bags, Cost: cost, Margin: price - cost, Price: price,
		Currency: offer.Price.Currency, PayWith: in.PayWith, TripID: in.TripID, CreatedAt: now, UpdatedAt: now}, nil
}

func bagService(o duffel.Offer, passengerID string) *duffel.AvailableService {
	for i, sv := range o.AvailableServices {
		if sv.Type != "baggage" {
			continue
		}
		for _, p := range sv.PassengerIDs {
			if p == passengerID {
				return &o.AvailableServices[i]
			}
		}
	}
	return nil
}

func title(o *orderRow) string {
	return o.OriginCity + " to " + o.DestinationCity
}

// Place books a paid order with the supplier (the place_order job). A
// retryable failure is returned while attempts remain (River retries with
// the same idempotency key, so the supplier makes one order); any other
// failure, or the last attempt's, fails the order and refunds the payer.
func (s *Service) Place(ctx context.Context, id string, attempt int) error {
	o, err := s.load(ctx, s.c.DB, id)
	if errors.Is(err, errNotFound) {
		return nil
	}
	if err != nil || o.Status != StatusPlacing {
		return err // a database error is retried by River
	}
	var stored []storedPassenger
	if err := json.Unmarshal([]byte(o.Passengers), &stored); err != nil {
		return err
	}
	in := duffel.CreateOrder{Type: "instant", SelectedOffers: []string{o.OfferID},
		Payments: []duffel.Payment{{Type: "balance", Amount: duffel.FormatAmount(o.Cost), Currency: o.Currency}},
		Metadata: map[string]string{"sojourn_order_id": o.ID}}
	for _, p := range stored {
		in.Passengers = append(in.Passengers, duffel.OrderPassenger{ID: p.ID, Title: p.Title, GivenName: p.GivenName,
			FamilyName: p.FamilyName, BornOn: p.BornOn, Gender: p.Gender, Email: p.Email, PhoneNumber: p.Phone})
		if p.Bags > 0 && p.BagService != "" {
			in.Services = append(in.Services, duffel.OrderService{ID: p.BagService, Quantity: p.Bags})
		}
	}
	so, err := s.c.Supplier.CreateOrder(ctx, "sojourn-flight-order-"+o.ID, in)
	if err != nil {
		if duffel.IsRetryable(err) && attempt < PlaceAttempts {
			return err
		}
		reason := "The airline could not confirm this booking."
		var ae *duffel.APIError
		if duffel.IsCode(err, duffel.CodeOfferNoLongerAvailable) {
			reason = "The airline sold the last seats at this fare before it could confirm."
		} else if duffel.IsCode(err, duffel.CodePriceChanged) {
			reason = "The airline changed the fare before it could confirm."
		} else if errors.As(err, &ae) && ae.Message() != "" && ae.Status < 500 {
			reason = "The airline refused the booking: " + ae.Message()
		}
		s.c.Log.Warn("flights: supplier order failed", "order", o.ID, "err", err)
		return s.fail(ctx, o.ID, reason)
	}
	return s.confirm(ctx, o.ID, so)
}

// confirm records the supplier's order: the escrow pays the supplier's
// cost to its payable and the margin to platform fees, and the order joins
// the traveller's trip.
func (s *Service) confirm(ctx context.Context, id string, so duffel.Order) error {
	var o *orderRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if o, err = s.load(ctx, tx, id); err != nil || o.Status != StatusPlacing {
			return err
		}
		now := s.now()
		tripID := o.TripID
		if s.c.Trips != nil {
			in := s.attachOf(o)
			tripID, err = s.c.Trips.Attach(ctx, tx, in)
			if _, refused := apperr.As(err); refused && in.TripID != "" {
				// the trip named at order time is gone: the order finds its own
				in.TripID = ""
				tripID, err = s.c.Trips.Attach(ctx, tx, in)
			}
			if err != nil {
				return err
			}
		}
		ok, err := s.transition(ctx, tx, o, StatusConfirmed, "Booking reference "+so.BookingReference,
			func(q *bun.UpdateQuery) *bun.UpdateQuery {
				return q.Set("booking_reference = ?", so.BookingReference).Set("supplier_order_id = ?", so.ID).
					Set("confirmed_at = ?", now).Set("trip_id = ?", tripID)
			})
		if err != nil || !ok {
			return err
		}
		_, err = s.c.Money.SupplierCharge(ctx, tx, money.SupplierCharge{Key: "flight-charge:" + o.ID,
			Reason: "Flight " + title(o) + " confirmed", Ref: ref(o.ID), Supplier: Supplier, Cost: o.Cost,
			Margin: o.Margin, Currency: o.Currency})
		return err
	})
	if err == nil && o != nil && o.Status == StatusConfirmed {
		s.notify(ctx, o.UserID, "Your flight is booked: "+title(o)+" ("+so.BookingReference+")",
			"Your flight "+title(o)+" on "+o.DepartsAt.Format("2 Jan 2006")+" is confirmed.\n\nBooking reference: "+
				so.BookingReference+"\n\nSee your itinerary: "+s.link(o.ID))
	}
	return err
}

// fail marks a paid order failed and refunds the whole price to the
// payer's wallet.
func (s *Service) fail(ctx context.Context, id, reason string) error {
	var o *orderRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if o, err = s.load(ctx, tx, id); err != nil || o.Status != StatusPlacing {
			return err
		}
		ok, err := s.transition(ctx, tx, o, StatusFailed, reason, func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("failure_reason = ?", reason).Set("refunded_amount = ?", o.Price)
		})
		if err != nil || !ok {
			return err
		}
		_, err = s.c.Money.Refund(ctx, tx, money.Refund{Key: "flight-failed-refund:" + o.ID,
			Reason: "Refund: flight " + title(o) + " could not be booked", Ref: ref(o.ID), UserID: o.UserID,
			Amount: o.Price, Currency: o.Currency, From: money.RefundFromEscrow, To: money.MethodWallet})
		return err
	})
	if err == nil && o != nil && o.Status == StatusFailed {
		s.notify(ctx, o.UserID, "Your flight could not be booked: "+title(o),
			reason+"\n\nThe full amount is back in your Sojourn wallet. "+s.link(o.ID))
	}
	return err
}

// load reads one order (for update on PostgreSQL inside a transaction).
func (s *Service) load(ctx context.Context, db bun.IDB, id string) (*orderRow, error) {
	o := new(orderRow)
	q := db.NewSelect().Model(o).Where("o.id = ?", id)
	if _, ok := db.(bun.Tx); ok {
		q = s.c.DB.ForUpdate(q)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNotFound
		}
		return nil, err
	}
	return o, nil
}

// transition moves o to status to with a conditional update (false when
// another writer moved it first) and writes the event.
func (s *Service) transition(ctx context.Context, tx bun.IDB, o *orderRow, to, note string,
	set func(q *bun.UpdateQuery) *bun.UpdateQuery) (bool, error) {
	from := o.Status
	if !CanTransition(from, to) {
		return false, errState
	}
	q := tx.NewUpdate().Table("flight_orders").Set("status = ?", to).Set("updated_at = ?", s.now()).
		Where("id = ? AND status = ?", o.ID, from)
	if set != nil {
		q = set(q)
	}
	res, err := q.Exec(ctx)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return false, err
	}
	o.Status = to
	return true, s.event(ctx, tx, o.ID, from, to, note)
}

func (s *Service) event(ctx context.Context, tx bun.IDB, id, from, to, note string) error {
	_, err := tx.NewInsert().Model(&eventRow{ID: ids.New(), OrderID: id, FromStatus: from, ToStatus: to, Note: note,
		CreatedAt: s.now()}).Exec(ctx)
	return err
}
