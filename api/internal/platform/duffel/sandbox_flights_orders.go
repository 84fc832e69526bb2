package duffel

import (
	"context"
	"encoding/json"
	"net/mail"
	"regexp"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"
)

func decodeOffer(body string) (Offer, error) {
	var o Offer
	err := json.Unmarshal([]byte(body), &o)
	return o, err
}

func encodeJSON(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

var (
	sbDate  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	sbPhone = regexp.MustCompile(`^\+[1-9]\d{6,14}$`)
)

// createOrder books an instant order of one offer, paid from the balance.
// A repeated Idempotency-Key answers the order it made.
func (s *Sandbox) createOrder(c fiber.Ctx) error {
	ctx := c.Context()
	key := c.Get("Idempotency-Key")
	if key != "" {
		if prev, err := s.orderRow(ctx, "idempotency_key", key); err == nil {
			return s.writeOrder(c, fiber.StatusCreated, prev)
		}
	}
	var in CreateOrder
	if err := readData(c, &in); err != nil {
		return err
	}
	if in.Type != "instant" {
		return invalid(c, "The sandbox books instant orders only")
	}
	if len(in.SelectedOffers) != 1 {
		return invalid(c, "selected_offers must name exactly one offer")
	}
	row, err := s.offer(ctx, in.SelectedOffers[0])
	if err != nil {
		return notFound(c, "offer")
	}
	o, err := decodeOffer(row.Body)
	if err != nil {
		return err
	}
	if !s.sbNow().Before(row.ExpiresAt) {
		return writeError(c, fiber.StatusUnprocessableEntity, "airline_error", CodeOfferNoLongerAvailable,
			"Offer no longer available", "The offer has expired; search again")
	}
	if msg := checkOrderPassengers(o, in.Passengers); msg != "" {
		return invalid(c, msg)
	}
	total := row.TotalAmount
	bought := []OrderServiceBought{}
	for _, sv := range in.Services {
		var found *AvailableService
		for i := range o.AvailableServices {
			if o.AvailableServices[i].ID == sv.ID {
				found = &o.AvailableServices[i]
			}
		}
		if found == nil || sv.Quantity < 1 || sv.Quantity > found.MaximumQuantity {
			return invalid(c, "services must name available services of the offer within their maximum quantity")
		}
		unit, _ := AmountMinor(found.TotalAmount)
		total += unit * int64(sv.Quantity)
		bought = append(bought, OrderServiceBought{ID: sbID("ser"), Type: found.Type, Quantity: sv.Quantity,
			TotalAmount: FormatAmount(unit * int64(sv.Quantity)), TotalCurrency: found.TotalCurrency,
			PassengerIDs: found.PassengerIDs, SegmentIDs: found.SegmentIDs, Metadata: found.Metadata})
	}
	if len(in.Payments) != 1 || in.Payments[0].Type != "balance" {
		return invalid(c, "payments must be one balance payment")
	}
	paid, err := AmountMinor(in.Payments[0].Amount)
	if err != nil || paid != total || !strings.EqualFold(in.Payments[0].Currency, row.Currency) {
		return writeError(c, fiber.StatusUnprocessableEntity, "validation_error", CodePriceChanged, "Price changed",
			"The payment must be the offer's current total with its services: "+FormatAmount(total)+" "+row.Currency)
	}
	if row.SoldOut {
		return writeError(c, fiber.StatusUnprocessableEntity, "airline_error", CodeOfferNoLongerAvailable,
			"Offer no longer available", "The airline has no more seats at this fare")
	}
	now := s.sbNow()
	ord := Order{ID: sbID("ord"), BookingReference: sbBookingReference(), TotalAmount: FormatAmount(total),
		TotalCurrency: row.Currency, BaseAmount: o.BaseAmount, TaxAmount: o.TaxAmount, Owner: o.Owner,
		Slices: o.Slices, Services: bought, Conditions: o.Conditions, Metadata: in.Metadata, CreatedAt: now,
		PaymentStatus: PaymentStatus{PaidAt: &now}}
	for _, p := range in.Passengers {
		for _, op := range o.Passengers {
			if op.ID == p.ID {
				p.Type = op.Type
			}
		}
		ord.Passengers = append(ord.Passengers, p)
	}
	body, err := encodeJSON(ord)
	if err != nil {
		return err
	}
	r := sbOrderRow{ID: ord.ID, OfferID: row.ID, BookingReference: ord.BookingReference, TotalAmount: total,
		Currency: row.Currency, Body: body, CreatedAt: now}
	if key != "" {
		r.IdempotencyKey = &key
	}
	if _, err := s.cfg.DB.NewInsert().Model(&r).Exec(ctx); err != nil {
		// the same key in parallel: answer the order it made
		if key != "" {
			if prev, perr := s.orderRow(ctx, "idempotency_key", key); perr == nil {
				return s.writeOrder(c, fiber.StatusCreated, prev)
			}
		}
		return writeError(c, fiber.StatusUnprocessableEntity, "airline_error", CodeOfferNoLongerAvailable,
			"Offer no longer available", "This offer has already been booked")
	}
	return s.writeOrder(c, fiber.StatusCreated, r)
}

// checkOrderPassengers checks that the order names each offer passenger
// once with the details the airline needs; "" when they are fine.
func checkOrderPassengers(o Offer, ps []OrderPassenger) string {
	if len(ps) != len(o.Passengers) {
		return "passengers must give the details of every passenger of the offer"
	}
	seen := map[string]bool{}
	for _, p := range ps {
		ok := false
		for _, op := range o.Passengers {
			ok = ok || op.ID == p.ID
		}
		if !ok || seen[p.ID] {
			return "passengers must name each passenger of the offer once"
		}
		seen[p.ID] = true
		if strings.TrimSpace(p.GivenName) == "" || strings.TrimSpace(p.FamilyName) == "" {
			return "given_name and family_name are required"
		}
		if !sbDate.MatchString(p.BornOn) {
			return "born_on must be a date"
		}
		if p.Gender != "m" && p.Gender != "f" {
			return "gender must be m or f"
		}
		if _, err := mail.ParseAddress(p.Email); err != nil {
			return "email must be an email address"
		}
		if !sbPhone.MatchString(p.PhoneNumber) {
			return "phone_number must be in E.164 format"
		}
	}
	return ""
}

func (s *Sandbox) writeOrder(c fiber.Ctx, status int, r sbOrderRow) error {
	var o Order
	if err := json.Unmarshal([]byte(r.Body), &o); err != nil {
		return err
	}
	o.CancelledAt = r.CancelledAt
	return writeData(c, status, o)
}

func (s *Sandbox) getOrder(c fiber.Ctx) error {
	r, err := s.orderRow(c.Context(), "id", c.Params("id"))
	if err != nil {
		return notFound(c, "order")
	}
	return s.writeOrder(c, fiber.StatusOK, r)
}

// createCancellation quotes cancelling an order: its total less the fare's
// refund penalty, nothing when the fare is not refundable.
func (s *Sandbox) createCancellation(c fiber.Ctx) error {
	ctx := c.Context()
	key := c.Get("Idempotency-Key")
	if key != "" {
		if prev, err := s.cancellationRow(ctx, "idempotency_key", key); err == nil {
			return writeData(c, fiber.StatusCreated, cancellationOut(prev))
		}
	}
	var in struct {
		OrderID string `json:"order_id"`
	}
	if err := readData(c, &in); err != nil {
		return err
	}
	r, err := s.orderRow(ctx, "id", in.OrderID)
	if err != nil {
		return notFound(c, "order")
	}
	if r.CancelledAt != nil {
		return writeError(c, fiber.StatusUnprocessableEntity, "validation_error", CodeAlreadyCancelled,
			"Already cancelled", "The order is already cancelled")
	}
	var o Order
	if err := json.Unmarshal([]byte(r.Body), &o); err != nil {
		return err
	}
	refund := int64(0)
	if rb := o.Conditions.RefundBeforeDeparture; rb != nil && rb.Allowed {
		pen, _ := AmountMinor(rb.PenaltyAmount)
		if rb.PenaltyAmount == "" {
			pen = 0
		}
		if refund = r.TotalAmount - pen; refund < 0 {
			refund = 0
		}
	}
	now := s.sbNow()
	cr := sbCancellationRow{ID: sbID("ore"), OrderID: r.ID, RefundAmount: refund, Currency: r.Currency,
		ExpiresAt: now.Add(CancellationTTL), CreatedAt: now}
	if key != "" {
		cr.IdempotencyKey = &key
	}
	if _, err := s.cfg.DB.NewInsert().Model(&cr).Exec(ctx); err != nil {
		return err
	}
	return writeData(c, fiber.StatusCreated, cancellationOut(cr))
}

func cancellationOut(r sbCancellationRow) OrderCancellation {
	return OrderCancellation{ID: r.ID, OrderID: r.OrderID, RefundAmount: FormatAmount(r.RefundAmount),
		RefundCurrency: r.Currency, RefundTo: "balance", ExpiresAt: r.ExpiresAt, ConfirmedAt: r.ConfirmedAt,
		CreatedAt: r.CreatedAt}
}

// confirmCancellation cancels the order at the quote, once; a confirmed
// quote confirmed again answers as it is.
func (s *Sandbox) confirmCancellation(c fiber.Ctx) error {
	ctx := c.Context()
	cr, err := s.cancellationRow(ctx, "id", c.Params("id"))
	if err != nil {
		return notFound(c, "order cancellation")
	}
	if cr.ConfirmedAt != nil {
		return writeData(c, fiber.StatusOK, cancellationOut(cr))
	}
	now := s.sbNow()
	if !now.Before(cr.ExpiresAt) {
		return writeError(c, fiber.StatusUnprocessableEntity, "validation_error", CodeCancellationExpired,
			"Cancellation expired", "The cancellation quote has expired; ask for a new one")
	}
	err = s.cfg.DB.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewUpdate().Model((*sbOrderRow)(nil)).Set("cancelled_at = ?", now).
			Where("id = ? AND cancelled_at IS NULL", cr.OrderID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errSbNotFound
		}
		_, err = tx.NewUpdate().Model((*sbCancellationRow)(nil)).Set("confirmed_at = ?", now).
			Where("id = ?", cr.ID).Exec(ctx)
		return err
	})
	if err == errSbNotFound {
		return writeError(c, fiber.StatusUnprocessableEntity, "validation_error", CodeAlreadyCancelled,
			"Already cancelled", "The order is already cancelled")
	}
	if err != nil {
		return err
	}
	cr.ConfirmedAt = &now
	return writeData(c, fiber.StatusOK, cancellationOut(cr))
}

// simulateScheduleChange (sandbox only) moves the order's first slice by
// 2 h 35 min, stores it, and delivers order.airline_initiated_change_detected.
func (s *Sandbox) simulateScheduleChange(c fiber.Ctx) error {
	ctx := c.Context()
	r, err := s.orderRow(ctx, "id", c.Params("id"))
	if err != nil {
		return notFound(c, "order")
	}
	var o Order
	if err := json.Unmarshal([]byte(r.Body), &o); err != nil {
		return err
	}
	if len(o.Slices) == 0 {
		return invalid(c, "The order has no slices")
	}
	old := o.Slices[0]
	moved := old
	moved.ID = sbID("sli")
	moved.Segments = make([]Segment, len(old.Segments))
	shift := 2*time.Hour + 35*time.Minute
	for i, sg := range old.Segments {
		for _, t := range []*string{&sg.DepartingAt, &sg.ArrivingAt} {
			if lt, err := time.Parse("2006-01-02T15:04:05", *t); err == nil {
				*t = lt.Add(shift).Format("2006-01-02T15:04:05")
			}
		}
		sg.ID = sbID("seg")
		moved.Segments[i] = sg
	}
	o.Slices[0] = moved
	body, err := encodeJSON(o)
	if err != nil {
		return err
	}
	if _, err := s.cfg.DB.NewUpdate().Model((*sbOrderRow)(nil)).Set("body = ?", body).Where("id = ?", r.ID).Exec(ctx); err != nil {
		return err
	}
	now := s.sbNow()
	change := AirlineInitiatedChange{ID: sbID("aic"), OrderID: r.ID, Added: []Slice{moved}, Removed: []Slice{old},
		AvailableActions: []string{"accept", "cancel"}, CreatedAt: now, UpdatedAt: now}
	if _, err := s.Deliver(ctx, EventAirlineInitiatedChange, change); err != nil {
		return writeError(c, fiber.StatusBadGateway, "api_error", "webhook_failed", "Webhook failed", err.Error())
	}
	return writeData(c, fiber.StatusOK, change)
}
