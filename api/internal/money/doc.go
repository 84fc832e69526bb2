// Package money is Sojourn's one money core: a double-entry ledger, user
// wallets, escrow for purchases, provider earnings, payouts and gift-card
// liability. Every domain that sells or pays out calls this package; none
// writes the ledger tables itself.
//
// # The ledger
//
// Money sits in ledger accounts (table ledger_accounts), one per
// (kind, owner, currency):
//
//	wallet               owner = user id           a user's spendable balance (never negative)
//	earnings_pending     owner = provider id       released escrow inside the refund window (never negative)
//	earnings_available   owner = provider id       matured earnings a provider may withdraw (never negative)
//	escrow               owner = "<ref type>:<ref id>"  money held for one purchase (never negative);
//	                     a package's escrow holds the price of its unused credits
//	payouts_in_transit   owner = provider id       withdrawals sent to the bank, not yet settled (never negative)
//	platform_fees        owner = ""                the platform's commission on released escrow
//	platform_revenue     owner = ""                payout fees, expired gift cards
//	paystack_clearing    owner = ""                money at the payment provider (negative = held for us)
//	giftcard_liability   owner = ""                unredeemed gift-card balances
//	adjustments          owner = ""                the other side of admin corrections
//	supplier_payable     owner = supplier name     what Sojourn owes a travel supplier (Duffel) for the
//	                     bookings it confirmed (never negative)
//
// The kinds are validated in Go (Kind); since migration 0035 the database
// lists none of them in a CHECK, so a new kind needs no table rebuild.
//
// Each movement is one journal entry (journal_entries) whose postings
// (postings, signed amounts) sum to zero per currency, checked in Go before
// anything is written. Balances change by a conditional UPDATE in the same
// transaction (balance + amount >= 0 unless the account may go negative), so
// "insufficient funds" is decided by the write itself, never by a read
// followed by a write; accounts are updated in id order so concurrent
// movements cannot deadlock on PostgreSQL. Every movement also writes the
// user-facing history rows (wallet_transactions) in that transaction.
//
// Amounts are int64 minor units (kobo for NGN). Currencies: NGN (the
// default when "" is given), GHS, KES, ZAR, USD.
//
// # Limits
//
// No amount the API accepts, and no amount any movement moves, is more than
// MaxAmount (10^12 minor units: ten billion naira) in absolute value; a larger
// one is 422 naming the amount. No balance ever goes beyond MaxBalance
// (10^15 minor units) either way: the database refuses it (a CHECK on
// PostgreSQL, triggers on SQLite, both from migration 0009) in the same
// balance update that decides "insufficient funds", and the movement is 422
// (ErrBalanceLimit) with nothing written. Because |balance| <= 10^15 and
// |amount| <= 10^12, balance + amount never overflows int64 (PostgreSQL's
// bigint, or SQLite's integers, which would silently turn into floating
// point), however many movements run.
//
// # Calling the service
//
// Every movement takes:
//
//   - db bun.IDB: pass your own bun.Tx to commit your state change (an order
//     marked paid, a gift card issued) in the SAME transaction as the money;
//     pass nil and the service opens and commits its own transaction.
//   - Key: an idempotency key unique to this movement (for example
//     "order-hold:"+orderID or "topup:"+paystackReference). A repeat with the
//     same key moves nothing and returns the first Result with Replayed=true,
//     even after a crash between moving the money and answering the client.
//     Reusing a key for a different kind of movement is ErrKeyReused (409).
//   - Reason: a short human sentence kept on the journal entry.
//   - Ref: what the money pays for, Ref{Type, ID} with Type one of order,
//     booking, subscription, event_ticket, gift_card, payment, payout,
//     transfer, adjustment, package, deposit, rental, flight_order, stay_booking.
//
// Errors are apperr errors: ErrInsufficientFunds (409 insufficient_funds),
// ErrNotActivated (409 conflict), ErrKeyReused (409 conflict), validation
// (422) for a non-positive amount or an unknown currency; the transaction
// is rolled back on any error (when you passed your own tx, return the error
// so your transaction rolls back too).
//
// The exported API:
//
//	New(Config{DB, Clock, Log, Settings, Audit}) (*Service, error)
//
//	Activate(ctx, db, userID, currency) (w Wallet, created bool, err error)
//	Wallet(ctx, userID, currency) (*Wallet, error)          nil when not activated
//	Balance(ctx, db, kind, owner, currency) (int64, error)  any account; 0 when it does not exist
//	EscrowBalance(ctx, db, ref, currency) (int64, error)   what a purchase's escrow still holds
//	FeeBPS(), RefundWindow(), MinPayout(), PayoutFee()     the configured money constants
//
//	BeginTopUp(ctx, db, TopUp) (Txn, error)      pending history row when a card payment starts (no money moves)
//	CreditTopUp(ctx, db, TopUp) (Result, error)  paystack_clearing -> wallet; completes the pending row
//	FailTopUp(ctx, db, userID, reference) error  marks the pending row failed
//	Transfer(ctx, db, Transfer) (Result, error)  wallet -> wallet (the recipient's wallet is activated)
//	Hold(ctx, db, Hold) (Result, error)          wallet or paystack_clearing (Pay: MethodCard) -> escrow of Ref
//	Release(ctx, db, Release) (Result, error)    escrow of Ref -> provider earnings_pending (minus the fee ->
//	                                             platform_fees); available after the refund window
//	Refund(ctx, db, Refund) (Result, error)      escrow of Ref (or, with From: RefundFromWallet, a top-up's
//	                                             wallet money; with From: RefundFromGiftCard, an unredeemed
//	                                             card-paid gift card's giftcard_liability, To: MethodCard only)
//	                                             -> payer's wallet or card (paystack_clearing)
//	SupplierCharge(ctx, db, SupplierCharge) (Result, error)  a supplier confirmed a booking paid into Ref's
//	                                             escrow: the cost -> supplier_payable, the margin -> platform_fees
//	SupplierRefund(ctx, db, SupplierRefund) (Result, error)  what the supplier refunded (supplier_payable)
//	                                             and the margin given back (platform_fees) -> wallet or card
//	MoveEscrow(ctx, db, EscrowMove) (Result, error)  escrow of From -> escrow of To (a package credit
//	                                             spent on a booking, or given back); no history row
//	CompleteRefund(ctx, db, userID, reference) error  a card refund's pending row becomes completed
//	MatureEarnings(ctx, userID) (int, error)     earnings_pending -> earnings_available for matured lines
//	                                             ("" = everyone); idempotent per earning line
//	RequestPayout(ctx, db, Payout) (Result, error)  earnings_available -> payouts_in_transit (net) + fee ->
//	                                             platform_revenue; Ref is the payout
//	SettlePayout(ctx, db, PayoutSettlement) (Result, error)  success: in transit -> paystack_clearing;
//	                                             failed/reversed: the amount and the fee back to available
//	IssueGiftCardLiability(ctx, db, GiftCardIssue) (Result, error)  wallet or clearing -> giftcard_liability
//	RedeemGiftCard(ctx, db, GiftCardRedeem) (Result, error)         giftcard_liability -> wallet
//	ExpireGiftCard(ctx, db, GiftCardExpiry) (Result, error)         giftcard_liability -> platform_revenue
//	KeepEscrow(ctx, db, Keep) (Result, error)                       escrow of Ref -> platform_revenue (a ticket to
//	                                             an event Sojourn runs, once it took place)
//	Adjust(ctx, db, Adjustment) (Result, error)  admin correction of a wallet or available earnings, with
//	                                             a reason, audit-logged in the same transaction
//
//	Transactions(ctx, userID, TxnFilter, page.Page) ([]Txn, int, error)  the user's history, newest first,
//	                                             numbered pages with a total (the earnings lines)
//	TransactionsAfter(ctx, userID, TxnFilter, page.Cursor) ([]Txn, *page.Key, error)  the same by keyset:
//	                                             the rows after a cursor and where the next page starts
//	                                             (GET /api/v1/wallet/transactions); never counts
//	Transaction(ctx, userID, id) (Txn, error)    ErrTxnNotFound (404) for another user's
//	Verify(ctx) (Report, error)                  recompute balances from postings; Report.Clean()
//	RegisterJobs(r *jobs.Registry)               the chore maturing everyone's earnings every minute
//
// A Result carries the entry id, whether it was a replay, and the history
// rows the entry wrote (Result.For(userID) picks one user's row).
//
// # Example: paying for an order from the wallet in the order's transaction
//
//	err := db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
//		if err := orders.markPaid(ctx, tx, orderID); err != nil {
//			return err
//		}
//		_, err := moneySvc.Hold(ctx, tx, money.Hold{
//			Key: "order-hold:" + orderID, Reason: "Order " + orderNo,
//			Ref: money.Ref{Type: money.RefOrder, ID: orderID}, PayerID: buyerID,
//			Amount: total, Currency: "NGN", Pay: money.MethodWallet,
//		})
//		return err // money.ErrInsufficientFunds rolls the order back too
//	})
//
// Later, when the order is delivered: Release{Key: "order-release:"+orderID,
// Ref: same, ProviderID: vendorID, Amount: total}; when it is cancelled:
// Refund{Key: "order-refund:"+orderID, Ref: same, UserID: buyerID,
// Amount: total, To: money.MethodWallet}.
//
// HTTP routes that move money wrap their handler with the Idempotency-Key
// middleware (package platform/idempotency) and derive the movement's Key
// from idempotency.Key(c), so a client retry and a process crash both end in
// exactly one movement.
//
// # The two databases
//
// Where PostgreSQL and SQLite differ, the store decides and the service
// reads the same on both: write (one round trip of statements on
// PostgreSQL, one by one on SQLite), writeAlone (a movement in its own
// transaction: one simple-protocol query on PostgreSQL, which runs it as one
// transaction; an ordinary transaction on SQLite) and snapshot (REPEATABLE
// READ for Verify on PostgreSQL; SQLite reads are a snapshot already).
// A movement passed a caller's transaction, or with work after its
// postings, takes the in-transaction path; one without takes writeAlone.
// Both paths run on both databases in the tests.
//
// # Status lists that grow
//
// A status column whose states will grow (orders, bookings, tickets,
// subscriptions, payments, payouts) is plain text validated in Go, against
// the package's list of states, with an index that serves its queries
// (usually (owner, status, created_at) or a partial index on the live
// states); the migration lists no states in a CHECK constraint. SQLite
// cannot alter a CHECK, so each new state would otherwise rebuild the table
// (migration 0006 took 82 lines on SQLite against 15 on PostgreSQL). Adding
// a state is then a change to the Go list (and the contract's enum), with no
// migration. A lookup table with a foreign key was the alternative; it was
// not chosen because the states carry behaviour that lives in Go anyway (the
// allowed transitions are conditional updates "WHERE status = <from>"), so a
// table would be a second list to keep in step. CHECK constraints stay for
// invariants that never grow, like the ledger's balance >= 0.
package money
