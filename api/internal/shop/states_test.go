package shop

import "testing"

func TestDisplayStatus(t *testing.T) {
	for _, c := range []struct{ pay, ful, want string }{
		{PayAwaiting, FulUnfulfilled, "placed"},
		{PayExpired, FulCancelled, "expired"},
		{PayPaid, FulUnfulfilled, "paid"},
		{PayPartiallyRefunded, FulProcessing, "processing"},
		{PayPaid, FulShipped, "shipped"},
		{PayPaid, FulCompleted, "completed"},
		{PayRefunded, FulCancelled, "cancelled"},
		{PayRefunded, FulDelivered, "refunded"},
		{PayRefunded, FulReturned, "refunded"},
		{PayPartiallyRefunded, FulReturned, "returned"},
		{PayPaid, FulReturnRequested, "return_requested"},
	} {
		if got := displayStatus(c.pay, c.ful); got != c.want {
			t.Errorf("displayStatus(%s, %s) = %s, want %s", c.pay, c.ful, got, c.want)
		}
		// Every shown status filters back to rows that include this one.
		pay, ful, ok := statusFilter(c.want)
		if !ok || (len(pay) > 0 && !in(pay, c.pay)) || (len(ful) > 0 && !in(ful, c.ful) && c.want != "refunded") {
			t.Errorf("statusFilter(%s) = %v %v %v misses (%s, %s)", c.want, pay, ful, ok, c.pay, c.ful)
		}
	}
	if _, _, ok := statusFilter("bogus"); ok {
		t.Error("an unknown status must not filter")
	}
}

func TestFulfilmentMoves(t *testing.T) {
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{FulUnfulfilled, FulShipped, true}, {FulProcessing, FulCancelled, true}, {FulShipped, FulCancelled, false},
		{FulShipped, FulDelivered, true}, {FulDelivered, FulShipped, false}, {FulCompleted, FulReturnRequested, false},
		{FulDelivered, FulReturnRequested, true}, {FulReturnRequested, FulReturned, true}, {FulCancelled, FulProcessing, false},
	} {
		if canMove(c.from, c.to) != c.ok {
			t.Errorf("canMove(%s, %s) != %v", c.from, c.to, c.ok)
		}
	}
	if n := len(fromStates(FulShipped)); n != 2 {
		t.Errorf("shipped is reached from %d states, want 2", n)
	}
}

func in(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
