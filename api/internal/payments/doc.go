// Package payments takes card payments through Paystack (wallet top-ups,
// gift cards, bookings, session packages, car rentals (PurposeRental: the
// price and the deposit), later orders), settles them from Paystack's
// webhook or from the verify call, refunds them, and pays providers out to
// their bank accounts. Money moves only through the money service, always
// in the same transaction as the payment's state change; Paystack is never
// called inside an open transaction (on SQLite the sandbox shares the
// database).
//
// Other domains start a card payment with StartCardPayment and fulfil it in
// the function they registered with RegisterPurpose, which runs inside the
// transaction that marks the payment paid; RegisterFailure adds a function
// run once, inside the transaction that marks it failed or abandoned (by the
// webhook, verify, or AbandonStale for payments left pending past 30
// minutes), and RegisterRefund one that reverses a refunded purchase:
//
//	payments.RegisterPurpose(payments.PurposeGiftCard, func(ctx context.Context, tx bun.Tx, p payments.Payment) error {
//		return giftcards.issuePaid(ctx, tx, p.PurposeID, p) // e.g. money.IssueGiftCardLiability with Pay: MethodCard
//	})
//	p, err := payments.StartCardPayment(ctx, payments.StartInput{UserID: buyerID, Purpose: payments.PurposeGiftCard,
//		PurposeID: purchaseID, Amount: 500000, Currency: "NGN", CallbackPath: "/gift-card/" + productID,
//		Origin: c.Get("Origin")})
//	// send the browser to p.AuthorizationURL
//
// A payment settles once: the first of the webhook and verify to see it paid
// moves it from pending (or abandoned, or declined) to success with a
// conditional update, and only that caller runs the purpose's function.
//
// # Tables
//
//	payments          one card payment: reference, user, purpose and purpose id, amount, currency,
//	                  status (pending | success | failed | abandoned | refunded | partially_refunded),
//	                  Paystack's access code, URL and id, channel, paid_at, refunded_amount, mismatch
//	payment_refunds   one refund of a payment (pending | processed | failed), keyed by its request
//	payout_accounts   a provider's bank account per currency (one active), with its Paystack recipient
//	payouts           one withdrawal to a payout account (pending | success | failed | reversed)
//
// Payers are the accounts domain's: named and searched through Directory.
//
// # The module
//
//	NewPaystack(cfg, db, clock, log, httpClient) Paystack   the client, or the sandbox without a key
//	New(Config{DB, Clock, Log, Settings, Money, Audit, Directory, Paystack, Idempotency}) (*Service, error)
//	Register(httpx.Router)    top-ups, verify, webhook, banks, payout accounts, payouts, earnings,
//	                          admin payments and refunds
//
//	StartCardPayment, RegisterPurpose, RegisterFailure, RegisterRefund   (above)
//	Verify(ctx, userID, reference) / Payment(ctx, userID, reference)
//	HandleWebhook(ctx, raw, signature) error
//	AbandonStale(ctx) (int, error)             the sweep of payments pending past AbandonAfter
//	TopUp(ctx, userID, origin, TopUpInput)     the built-in wallet_topup purpose
//	Banks, AddAccount, Accounts, RequestPayout, Payouts, Earnings   provider payouts
//	AdminPayments(ctx, status, q, page.Page), Refund(ctx, actorID, key, ip, reference, RefundInput)
//
// Requesting a payout is for providers: the route policy says so
// (p, provider, /api/v1/payouts, POST; every provider role is in the group
// "provider"), not this package.
//
// # Files
//
//	service.go   types, Config, New, the purpose registry
//	checkout.go  starting card payments
//	held.go      RegisterHeld: the purpose of a purchase holding something scarce
//	settle.go    settling from the webhook and verify, failing, abandoning
//	topups.go    the wallet_topup purpose
//	refunds.go   admin payments and refunds
//	payouts.go   banks, payout accounts, payouts, earnings
//
// # Errors
//
// ErrPaymentNotFound (404, also another user's payment), ErrUnknownPurpose
// (422), 404 "Payout", 409 for a payout without a payout account in its
// currency, for a payment that cannot be refunded (or changed during the
// refund) and for a purpose refunded through its own screen, 401 for a bad
// webhook signature, 503 when Paystack cannot be reached; the money core's
// errors pass through (409 insufficient_funds).
package payments
