package money

import (
	"slices"
	"time"
)

// Kind is a ledger account kind.
type Kind string

// The ledger account kinds (see the package doc).
const (
	KindWallet            Kind = "wallet"
	KindEarningsPending   Kind = "earnings_pending"
	KindEarningsAvailable Kind = "earnings_available"
	KindEscrow            Kind = "escrow"
	KindPayoutsInTransit  Kind = "payouts_in_transit"
	KindPlatformFees      Kind = "platform_fees"
	KindPlatformRevenue   Kind = "platform_revenue"
	KindPaystackClearing  Kind = "paystack_clearing"
	KindGiftCardLiability Kind = "giftcard_liability"
	KindAdjustments       Kind = "adjustments"
	// KindSupplierPayable is what Sojourn owes a travel supplier (owner =
	// the supplier's name, e.g. "duffel") for bookings it confirmed.
	KindSupplierPayable Kind = "supplier_payable"
)

// mayGoNegative are the platform-side accounts whose balance may fall below
// zero; every other account is held at zero or above by the write itself.
var mayGoNegative = map[Kind]bool{
	KindPlatformFees: true, KindPlatformRevenue: true, KindPaystackClearing: true, KindAdjustments: true,
}

// Currencies are the currencies a wallet may hold (Paystack's).
var Currencies = []string{"GHS", "KES", "NGN", "USD", "ZAR"}

// DefaultCurrency is used when a caller passes "".
const DefaultCurrency = "NGN"

// ValidCurrency reports whether c is one of Currencies.
func ValidCurrency(c string) bool { return slices.Contains(Currencies, c) }

// Ref names what a movement pays for.
type Ref struct {
	Type string
	ID   string
}

// The Ref types.
const (
	RefOrder        = "order"
	RefBooking      = "booking"
	RefSubscription = "subscription"
	RefEventTicket  = "event_ticket"
	RefGiftCard     = "gift_card"
	RefPayment      = "payment"
	RefPayout       = "payout"
	RefTransfer     = "transfer"
	RefAdjustment   = "adjustment"
	// RefPackage is a bundle of session credits (packages): its escrow
	// holds the price of the credits not yet used.
	RefPackage = "package"
	// RefDeposit is a refundable deposit (deposits): its escrow holds the
	// deposit apart from the price until it is released or captured.
	RefDeposit = "deposit"
	// RefRental is a car rental (rentals): its escrow holds the price until
	// the deposit is settled after the return.
	RefRental = "rental"
	// RefFlightOrder and RefStayBooking are a supplier's flight order and
	// hotel booking (flights, stays): their escrow holds the traveller's
	// payment until the supplier confirms.
	RefFlightOrder = "flight_order"
	RefStayBooking = "stay_booking"
)

// RefTypes are the accepted Ref types.
var RefTypes = []string{RefOrder, RefBooking, RefSubscription, RefEventTicket, RefGiftCard, RefPayment, RefPayout,
	RefTransfer, RefAdjustment, RefPackage, RefDeposit, RefRental, RefFlightOrder, RefStayBooking}

// escrowOwner is the owner of the escrow account of a purchase.
func (r Ref) escrowOwner() string { return r.Type + ":" + r.ID }

// Method is how money reaches or leaves the platform for a movement.
type Method string

// The methods.
const (
	MethodWallet   Method = "wallet"   // the user's Sojourn wallet
	MethodCard     Method = "card"     // a card or bank charge through Paystack (paystack_clearing)
	MethodBank     Method = "bank"     // a bank transfer out (payouts)
	MethodEarnings Method = "earnings" // a provider's earnings
	MethodGiftCard Method = "gift_card"
	MethodPlatform Method = "platform" // an admin adjustment
)

// TxnType is the type of a history row.
type TxnType string

// The history row types.
const (
	TxnTopUp            TxnType = "topup"
	TxnTransferIn       TxnType = "transfer_in"
	TxnTransferOut      TxnType = "transfer_out"
	TxnPurchase         TxnType = "purchase"
	TxnRefund           TxnType = "refund"
	TxnEarning          TxnType = "earning"
	TxnPayout           TxnType = "payout"
	TxnPayoutFee        TxnType = "payout_fee"
	TxnPayoutReversal   TxnType = "payout_reversal"
	TxnGiftCardPurchase TxnType = "gift_card_purchase"
	TxnGiftCardRedeem   TxnType = "gift_card_redeem"
	TxnAdjustment       TxnType = "adjustment"
)

// TxnTypes lists every history row type.
var TxnTypes = []TxnType{TxnTopUp, TxnTransferIn, TxnTransferOut, TxnPurchase, TxnRefund, TxnEarning, TxnPayout,
	TxnPayoutFee, TxnPayoutReversal, TxnGiftCardPurchase, TxnGiftCardRedeem, TxnAdjustment}

// Directions and statuses of history rows.
const (
	Credit = "credit"
	Debit  = "debit"

	StatusPending   = "pending"
	StatusCompleted = "completed"
	StatusFailed    = "failed"
	StatusReversed  = "reversed"
)

// Wallet is a user's balances in one currency: Balance is the spendable
// wallet; Available and Pending are provider earnings (Pending becomes
// Available at NextAvailableAt, the soonest pending line).
type Wallet struct {
	Balance         int64
	Currency        string
	Available       int64
	Pending         int64
	NextAvailableAt *time.Time
}

// Txn is one row of a user's money history.
type Txn struct {
	ID             string
	UserID         string
	EntryID        *string
	Type           TxnType
	Direction      string
	Amount         int64
	Fee            int64
	Currency       string
	Method         Method
	Status         string
	Reference      string
	CounterpartyID *string
	RefType        string
	RefID          string
	Note           string
	AvailableAt    *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Result is what a movement did: its journal entry, whether this call was a
// replay of an earlier one with the same key, and the history rows written.
type Result struct {
	EntryID      string
	Replayed     bool
	Transactions []Txn
}

// For returns userID's history row of the result (the first one when there
// are several, e.g. a payout and its fee).
func (r Result) For(userID string) (Txn, bool) {
	for _, t := range r.Transactions {
		if t.UserID == userID {
			return t, true
		}
	}
	return Txn{}, false
}

// TopUp credits a wallet from a card payment (paystack_clearing -> wallet).
// Reference is the payment provider's reference; it names the history row.
type TopUp struct {
	Key       string
	Reason    string
	Ref       Ref // usually {payment, <payment id or reference>}
	UserID    string
	Amount    int64
	Currency  string
	Reference string
}

// Transfer moves money from one user's wallet to another's.
type Transfer struct {
	Key      string
	Reason   string
	FromID   string
	ToID     string
	Amount   int64
	Currency string
	Note     string
}

// Hold pays for a purchase into its escrow account (Ref), from the payer's
// wallet (Pay: MethodWallet) or from a card payment (MethodCard).
type Hold struct {
	Key      string
	Reason   string
	Ref      Ref
	PayerID  string
	Amount   int64
	Currency string
	Pay      Method
	Note     string
}

// Release moves Amount out of the escrow of Ref into the provider's pending
// earnings, less the platform fee (FeeBPS basis points; nil = configured).
type Release struct {
	Key        string
	Reason     string
	Ref        Ref
	ProviderID string
	Amount     int64
	Currency   string
	FeeBPS     *int
	Note       string
}

// EscrowMove moves Amount from the escrow of From to the escrow of To: a
// purchase paid once whose parts are spent later (a package's credit
// becoming one booking's payment, and back when that booking is cancelled
// within its policy). No money enters or leaves anyone's wallet, so it
// writes no history row.
type EscrowMove struct {
	Key      string
	Reason   string
	From     Ref
	To       Ref
	Amount   int64
	Currency string
	ActorID  string
}

// RefundSource says where refunded money comes from.
type RefundSource string

// Refund sources.
const (
	RefundFromEscrow RefundSource = ""       // the escrow of Ref (a purchase not yet released)
	RefundFromWallet RefundSource = "wallet" // the user's wallet: a card top-up returned to the card
	// RefundFromGiftCard is giftcard_liability: an unredeemed gift card (Ref)
	// paid by card, returned to the card.
	RefundFromGiftCard RefundSource = "gift_card"
)

// Refund returns money to the payer (UserID): to the wallet (To: MethodWallet)
// or to the card (MethodCard, via paystack_clearing).
type Refund struct {
	Key      string
	Reason   string
	Ref      Ref
	UserID   string
	Amount   int64
	Currency string
	From     RefundSource
	To       Method
	ActorID  string
	Note     string
	// Reference names the history row (e.g. the payment provider's refund
	// reference); "" generates one. A card refund's row stays pending until
	// CompleteRefund.
	Reference string
}

// SupplierCharge records a travel supplier's confirmation of a booking paid
// into Ref's escrow: Cost moves to what Sojourn owes the supplier
// (supplier_payable of Supplier) and Margin, Sojourn's markup, to
// platform_fees. Cost + Margin is what the escrow gives up (the traveller's
// price); Margin may be 0.
type SupplierCharge struct {
	Key      string
	Reason   string
	Ref      Ref
	Supplier string
	Cost     int64
	Margin   int64
	Currency string
}

// SupplierRefund returns to the traveller (UserID) what a supplier refunded
// for a cancelled booking: Amount leaves supplier_payable of Supplier (the
// supplier owes it back, so Sojourn owes the supplier less) and MarginBack
// (0 or more) leaves platform_fees (Sojourn gives back its markup on the
// refunded part), both to the wallet or, To: MethodCard, to the card.
type SupplierRefund struct {
	Key        string
	Reason     string
	Ref        Ref
	Supplier   string
	UserID     string
	Amount     int64
	MarginBack int64
	Currency   string
	To         Method
	Note       string
}

// Payout withdraws Amount of a provider's available earnings to the bank:
// Amount - Fee goes out (payouts_in_transit), Fee to platform_revenue. Fee
// nil = configured; Amount must be at least the configured minimum. Ref is
// the payout (RefPayout, payout id).
type Payout struct {
	Key      string
	Reason   string
	Ref      Ref
	UserID   string
	Amount   int64
	Currency string
	Fee      *int64
}

// Payout outcomes.
const (
	PayoutSuccess  = "success"
	PayoutFailed   = "failed"
	PayoutReversed = "reversed"
)

// PayoutSettlement settles the payout Ref with an outcome.
type PayoutSettlement struct {
	Key     string
	Reason  string
	Ref     Ref
	Outcome string
}

// GiftCardIssue pays for a gift card (Ref) from the buyer's wallet or a card.
type GiftCardIssue struct {
	Key      string
	Reason   string
	Ref      Ref
	BuyerID  string
	Amount   int64
	Currency string
	Pay      Method
	Note     string
}

// GiftCardRedeem credits a gift card's (Ref) balance to a wallet.
type GiftCardRedeem struct {
	Key      string
	Reason   string
	Ref      Ref
	UserID   string
	Amount   int64
	Currency string
}

// GiftCardExpiry moves an expired card's remaining balance to revenue.
type GiftCardExpiry struct {
	Key      string
	Reason   string
	Ref      Ref
	Amount   int64
	Currency string
}

// Adjustment is an admin's correction of a user's wallet (Account:
// KindWallet) or available earnings (KindEarningsAvailable). Amount is
// signed: positive credits, negative debits.
type Adjustment struct {
	Key      string
	Reason   string
	ActorID  string
	UserID   string
	Account  Kind
	Amount   int64
	Currency string
	IP       string
}

// TxnFilter narrows a user's history. From and To bound created_at
// (inclusive, exclusive).
type TxnFilter struct {
	Type      TxnType
	Direction string
	Status    string
	From      *time.Time
	To        *time.Time
}
