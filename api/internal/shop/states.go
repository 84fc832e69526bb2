package shop

import "time"

// Payment statuses of a seller order.
const (
	PayAwaiting          = "awaiting_payment"
	PayPaid              = "paid"
	PayPartiallyRefunded = "partially_refunded"
	PayRefunded          = "refunded"
	PayExpired           = "expired"
)

// Fulfilment statuses of a seller order.
const (
	FulUnfulfilled     = "unfulfilled"
	FulProcessing      = "processing"
	FulShipped         = "shipped"
	FulDelivered       = "delivered"
	FulCompleted       = "completed"
	FulCancelled       = "cancelled"
	FulReturnRequested = "return_requested"
	FulReturned        = "returned"
)

// Group statuses.
const (
	GroupAwaiting = "awaiting_payment"
	GroupPaid     = "paid"
	GroupExpired  = "expired"
)

// Pay methods of a checkout.
const (
	PayWallet = "wallet"
	PayCard   = "card"
)

// Return statuses.
const (
	ReturnRequested = "requested"
	ReturnRefunded  = "refunded"
)

// Actor roles on the order events.
const (
	ActorUser   = "user"
	ActorVendor = "vendor"
	ActorAdmin  = "admin"
	ActorSystem = "system"
)

// PaymentWindow is how long a card checkout waits for its payment, the
// stock reserved, before the expiry job frees it.
const PaymentWindow = 30 * time.Minute

// AssumeDeliveredAfter is how long after the latest delivery estimate a
// shipped order nobody marked delivered counts as delivered (its return
// window starts then).
const AssumeDeliveredAfter = 7 * 24 * time.Hour

// fulfilmentMoves are the fulfilment transitions; each is a conditional
// update "WHERE fulfilment_status = <from>".
var fulfilmentMoves = map[string][]string{
	FulUnfulfilled:     {FulProcessing, FulShipped, FulCancelled},
	FulProcessing:      {FulShipped, FulCancelled},
	FulShipped:         {FulDelivered},
	FulDelivered:       {FulReturnRequested, FulCompleted},
	FulReturnRequested: {FulReturnRequested, FulReturned},
	FulReturned:        {FulReturnRequested, FulCompleted},
}

func canMove(from, to string) bool {
	for _, t := range fulfilmentMoves[from] {
		if t == to {
			return true
		}
	}
	return false
}

// fromStates lists the states that may move to `to`.
func fromStates(to string) []string {
	var out []string
	for from, tos := range fulfilmentMoves {
		for _, t := range tos {
			if t == to {
				out = append(out, from)
			}
		}
	}
	return out
}

// displayStatus is the order's one status of the documented machine, from
// its payment and fulfilment statuses.
func displayStatus(payment, fulfilment string) string {
	switch {
	case payment == PayExpired:
		return "expired"
	case payment == PayAwaiting:
		return "placed"
	case fulfilment == FulCancelled:
		return "cancelled"
	case payment == PayRefunded:
		return "refunded"
	case fulfilment == FulUnfulfilled:
		return "paid"
	}
	return fulfilment
}

// statusFilter maps a display status to the (payment, fulfilment) filter.
func statusFilter(status string) (payment []string, fulfilment []string, ok bool) {
	switch status {
	case "":
		return nil, nil, true
	case "expired":
		return []string{PayExpired}, nil, true
	case "placed":
		return []string{PayAwaiting}, nil, true
	case "cancelled":
		return nil, []string{FulCancelled}, true
	case "refunded":
		return []string{PayRefunded}, []string{FulReturned, FulDelivered, FulCompleted, FulShipped}, true
	case "paid":
		return []string{PayPaid, PayPartiallyRefunded}, []string{FulUnfulfilled}, true
	case FulProcessing, FulShipped, FulDelivered, FulCompleted, FulReturnRequested, FulReturned:
		return []string{PayPaid, PayPartiallyRefunded}, []string{status}, true
	}
	return nil, nil, false
}
