package rentals_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

func schedule(e *testkit.Env, token, id string, start time.Time, end *time.Time) *testkit.Resp {
	body := map[string]any{"starts_at": start.Format(time.RFC3339)}
	if end != nil {
		body["ends_at"] = end.Format(time.RFC3339)
	}
	return e.Patch("/api/v1/rentals/bookings/"+id+"/schedule", token, body)
}

func TestIntegrationRentalSchedule(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		f := company(t, e, "movers")
		renter := e.Register("mover@example.com", "mover")
		other := e.Register("other-mover@example.com", "other_mover")
		e.Fund(t, renter.UserID, 50_000_000)
		b := decode(t, booking(e, renter.AccessToken, f.carID, day(10, 10), day(12, 10), nil).Expect(http.StatusCreated))
		pay(e, renter.AccessToken, b.ID).Expect(http.StatusOK)

		// Earlier by 3 hours: both ends move, the days and the price stay.
		moved := decode(t, schedule(e, renter.AccessToken, b.ID, day(10, 7), nil).Expect(http.StatusOK))
		if !moved.Start.Equal(day(10, 7)) || !moved.End.Equal(day(12, 7)) || moved.Days != b.Days ||
			moved.Total != b.Total {
			t.Fatalf("moved %v..%v days %d total %v (was %v)", moved.Start, moved.End, moved.Days, moved.Total, b.Total)
		}
		// Another user's rental is not found; a drop-off changing the day count is refused.
		schedule(e, other.AccessToken, b.ID, day(10, 8), nil).Expect(http.StatusNotFound)
		end := day(14, 7)
		schedule(e, renter.AccessToken, b.ID, day(10, 7), &end).Expect(http.StatusUnprocessableEntity)
		schedule(e, renter.AccessToken, b.ID, day(-1, 7), nil).Expect(http.StatusUnprocessableEntity)

		// The car is taken from day 20: moving onto it is a clear 409 and changes nothing.
		taken := decode(t, booking(e, other.AccessToken, f.carID, day(20, 10), day(22, 10), nil).Expect(http.StatusCreated))
		r := schedule(e, renter.AccessToken, b.ID, day(21, 10), nil).Expect(http.StatusConflict)
		if r.ErrCode() != "conflict" {
			t.Fatalf("code %s", r.ErrCode())
		}
		if got := decode(t, e.Get("/api/v1/rentals/bookings/"+b.ID, renter.AccessToken).Expect(http.StatusOK)); !got.Start.Equal(day(10, 7)) {
			t.Fatalf("start changed to %v", got.Start)
		}
		// The old time is free again after the move: someone else may rent it.
		booking(e, other.AccessToken, f.carID, day(12, 8), day(12, 20), nil).Expect(http.StatusCreated)
		_ = taken

		// Racing: the renter moves to day 30 while a third user books days 31-32 of the same car: exactly one wins.
		third := e.Register("racer@example.com", "racer")
		var wg sync.WaitGroup
		var moveStatus, bookStatus int
		wg.Add(2)
		go func() {
			defer wg.Done()
			moveStatus = schedule(e, renter.AccessToken, b.ID, day(30, 10), nil).Status
		}()
		go func() {
			defer wg.Done()
			bookStatus = booking(e, third.AccessToken, f.carID, day(31, 10), day(33, 10), nil).Status
		}()
		wg.Wait()
		ok := (moveStatus == http.StatusOK) != (bookStatus == http.StatusCreated)
		if !ok || (moveStatus != http.StatusOK && moveStatus != http.StatusConflict) ||
			(bookStatus != http.StatusCreated && bookStatus != http.StatusConflict) {
			t.Fatalf("race: move %d, book %d (want exactly one to win, the other 409)", moveStatus, bookStatus)
		}
		e.VerifyLedger(t)
	})
}
