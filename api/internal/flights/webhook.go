package flights

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/events"
)

// HandleWebhook takes one signed Duffel event: the signature is checked
// (401 otherwise), each event is handled once (by its id), and a schedule
// change is recorded on the order and told to the traveller.
func (s *Service) HandleWebhook(ctx context.Context, signature string, body []byte) error {
	if err := duffel.VerifySignature(s.c.WebhookSecret, signature, body, s.now(), webhookTolerance); err != nil {
		return apperr.Unauthenticated("The webhook signature does not verify.")
	}
	var ev duffel.Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" || len(ev.ID) > 100 || ev.Type == "" {
		return apperr.New(apperr.CodeInvalidJSON, "The event is not a Duffel event.")
	}
	var notice *orderRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&webhookRow{ID: ev.ID, Type: trim(ev.Type, 100), ReceivedAt: s.now()}).
			On("CONFLICT (id) DO NOTHING").Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // handled before
		}
		if ev.Type != duffel.EventAirlineInitiatedChange {
			if s.c.OtherEvents != nil {
				return s.c.OtherEvents(ctx, ev)
			}
			return nil
		}
		notice, err = s.scheduleChange(ctx, tx, ev)
		if err != nil || notice == nil {
			return err
		}
		if s.c.Events == nil {
			return nil
		}
		return s.c.Events.Emit(ctx, tx, scheduleChangeEvent(notice))
	})
	if err != nil {
		return err
	}
	if notice != nil && s.c.Events == nil {
		s.notify(ctx, notice.UserID, "Schedule change: your flight "+title(notice),
			"The airline changed the schedule of your flight "+title(notice)+" ("+notice.BookingReference+
				").\n\nNew departure: "+notice.DepartsAt.Format("Mon 2 Jan 2006 15:04 MST")+
				" (local times on the order page).\n\nSee the new times: "+s.link(notice.ID))
	}
	return nil
}

// scheduleChangeEvent is the airline's change as a notification to the
// traveller (in-app and emailed), linked to the order page.
func scheduleChangeEvent(o *orderRow) events.Event {
	return events.Event{Type: "flight.schedule_changed", Category: events.CategoryBookings,
		Recipients: []string{o.UserID}, Title: "Schedule change: your flight " + title(o),
		Body: "The airline changed the schedule (" + o.BookingReference + "). New departure: " +
			o.DepartsAt.Format("Mon 2 Jan 2006 15:04 MST") + "; local times on the order page.",
		Portal: "user", Link: "/booking/FlightDetails?order=" + o.ID, Subject: events.Ref{Type: "flight_order", ID: o.ID},
		Email: true}
}

func trim(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// scheduleChange records the airline's change on its order: the new
// slices replace the removed ones in the itinerary, and the change is kept
// for the order page's banner. An order we do not know is ignored.
func (s *Service) scheduleChange(ctx context.Context, tx bun.Tx, ev duffel.Event) (*orderRow, error) {
	var ch duffel.AirlineInitiatedChange
	if err := json.Unmarshal(ev.Data.Object, &ch); err != nil || ch.OrderID == "" {
		return nil, apperr.New(apperr.CodeInvalidJSON, "The event's change is not readable.")
	}
	o := new(orderRow)
	if err := s.c.DB.ForUpdate(tx.NewSelect().Model(o).Where("o.supplier_order_id = ?", ch.OrderID)).Scan(ctx); err != nil {
		return nil, nil
	}
	removed, err1 := slicesOf(ch.Removed)
	added, err2 := slicesOf(ch.Added)
	if err := errors.Join(err1, err2); err != nil {
		return nil, apperr.New(apperr.CodeInvalidJSON, "The event's slices are not readable.")
	}
	var itin []Slice
	if err := json.Unmarshal([]byte(o.Itinerary), &itin); err != nil {
		return nil, err
	}
	for i, sl := range itin {
		for j, r := range removed {
			if j < len(added) && sameSlice(sl, r) {
				itin[i] = added[j]
			}
		}
	}
	now := s.now()
	chg, _ := json.Marshal(ScheduleChange{DetectedAt: now, Removed: removed, Added: added})
	it, _ := json.Marshal(itin)
	o.DepartsAt, o.EndsAt = itin[0].DepartsAt, itin[len(itin)-1].ArrivesAt
	if _, err := tx.NewUpdate().Table("flight_orders").Set("itinerary = ?", string(it)).
		Set("schedule_change = ?", string(chg)).Set("schedule_changed_at = ?", now).
		Set("departs_at = ?", o.DepartsAt).Set("ends_at = ?", o.EndsAt).Set("updated_at = ?", now).
		Where("id = ?", o.ID).Exec(ctx); err != nil {
		return nil, err
	}
	if err := s.event(ctx, tx, o.ID, o.Status, o.Status, "The airline changed the schedule"); err != nil {
		return nil, err
	}
	return o, nil
}

func sameSlice(a, b Slice) bool {
	if len(a.Segments) != len(b.Segments) {
		return false
	}
	for i := range a.Segments {
		if !strings.EqualFold(a.Segments[i].FlightNumber, b.Segments[i].FlightNumber) ||
			!a.Segments[i].DepartsAt.Equal(b.Segments[i].DepartsAt) {
			return false
		}
	}
	return true
}
