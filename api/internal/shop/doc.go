// Package shop is the multi-vendor shop's cart, checkout and orders: one
// cart across sellers, the address book, quotes, checkout split into one
// order per seller under an order group, fulfilment, returns and refunds,
// the release of each order's escrow to its vendor minus the commission,
// the vendor's figures and the admins' order groups and commission rules.
// The catalogue (stores, products, variants, stock) is package catalog's;
// the shop reaches it only through its Catalog interface (Variants, Stores,
// Reserve, Release, Consume, Restock, each in the shop's transaction).
//
// # Tables (migration 0045)
//
//	shop_cart_items        the cart: (user, variant) -> quantity (1..99, at most 100 lines)
//	shop_addresses         the address book (at most 20, one default: a partial unique index)
//	shop_order_groups      one checkout: number (SJ-YYMM-XXXXXX), pay_with, totals, status
//	                       (awaiting_payment | paid | expired), the idempotency key (unique per user),
//	                       the card payment's reference and pay_by
//	shop_orders            one seller's package: payment_status and fulfilment_status (below), totals,
//	                       refunded, shipping method and estimate, the address copied, carrier and
//	                       tracking, the store's return days and the window's end, released_at
//	shop_order_lines       the lines: variant, product, category, title, price, quantity,
//	                       refunded_quantity and return_quantity (CHECKs keep their sum <= quantity)
//	shop_order_events      the timeline: every transition, payment, refund, release, with the actor
//	shop_returns (+_lines) a shopper's return request: requested -> refunded (received and refunded)
//	shop_refunds (+_lines) one refund from the order's escrow, per line, with the shipping part
//	shop_commission_rules  by vendor or category: bps (<= 50 %) + fixed part, priority, active
//	shop_commission_lines  the commission taken from an order when its escrow was released
//
// # The order's state machine
//
// One machine, two columns. payment_status: awaiting_payment -> paid ->
// partially_refunded -> refunded, or awaiting_payment -> expired.
// fulfilment_status (fulfilmentMoves in states.go, each move a conditional
// update "WHERE fulfilment_status IN (<allowed from>)", written to
// shop_order_events):
//
//	unfulfilled --process--> processing --ship--> shipped --deliver--> delivered --(window)--> completed
//	unfulfilled --ship--> shipped
//	unfulfilled | processing --cancel--> cancelled           (full refund to the wallet, stock back)
//	delivered --returns--> return_requested --receive--> returned --(window)--> completed
//
// The status the API shows (displayStatus) reads both: placed (awaiting the
// card), paid (unfulfilled), processing, shipped, delivered, completed,
// cancelled, expired, return_requested, returned, refunded (everything paid
// was refunded).
//
// # Money and stock
//
// Checkout (Checkout) runs in ONE transaction: catalog.Reserve (all or
// nothing, the conditional update decides, so fifty buyers of the last ten
// units get ten orders and forty 409 out_of_stock), the group, one order per
// seller with its lines and "placed" event, then
//
//   - wallet (which includes redeemed gift cards: giftcards redeem into the
//     wallet): each order's total is held in its own escrow
//     (money.Ref{order, <order id>}, key shop-order-hold:<id>) and its stock
//     consumed; insufficient funds rolls everything back (409);
//   - card: the group waits PaymentWindow (30 minutes) with the stock
//     reserved; the ExpireGroupJob (shop.expire_group) is inserted in the same
//     transaction and expires it with a conditional update, releasing the
//     stock. The Paystack payment (purpose payments.PurposeOrder, registered
//     with payments.RegisterHeld) is started after the commit: paid while the
//     group waits, each order is held from the card and its stock consumed in
//     the settling transaction; failed or abandoned, the group expires; paid
//     after the expiry (or of another amount), it is refunded to the wallet.
//
// The expected_total of the quote must match (409 conflict, fields.total =
// the new total); the Idempotency-Key is kept on the group, so a retry
// answers the same group.
//
// Cancelling before shipping refunds what is left of the escrow to the
// wallet and restocks (catalog.Restock). A refund (vendor or admin) is per
// line: each line by a conditional update, the shipping fee too once every
// line is refunded; before shipping the quantities are restocked. A
// received return restocks and refunds its quantities.
//
// Delivery (the vendor's "delivered", the shopper's confirm-delivery, or
// AssumeDeliveredJob AssumeDeliveredAfter past the latest estimate when
// nobody says) starts the store's return window and inserts ReleaseJob
// (shop.release) at its end: what was not refunded leaves the escrow to the
// vendor's pending earnings minus the commission of the highest-priority
// active rule naming the vendor or a line's category (else the platform's
// FeeBPS), written as a commission line. A percentage-only commission is one
// money.Release with FeeBPS; with a fixed part, the vendor's share is
// released at no fee and the commission as a release that is all fee, so
// platform_fees receive exactly the commission line's amount (money needed
// no change). Refunds after the release are refused (409).
//
// # Vendor health (health.go, vendor_figures.go)
//
// The hourly chore shop.vendor_health (ComputeHealth; App.Sweep runs it in
// tests, the demo seed once) scores every store that has had an order from
// its paid orders of the last 90 days: late shipments (shipped after paid_at
// plus the method's max_days, or still unshipped past it; limit 20 %,
// weight 35), cancellations by the vendor (limit 10 %, weight 30), returns
// among delivered orders (limit 20 %, weight 20) and published product
// reviews answered more than three days after publication, or not yet and
// past it (limit 50 %, weight 15; read through Config.Replies,
// shopreviews.NewReplyTimes, which only reads the reviews table). Each factor
// scores 100 - 100 x rate / limit (at least 0); the score is the weighted
// sum, written with its factors and advice through
// Catalog.SetStoreHealth, which also sets the ranking weight.
// GET /admin/shop/vendors/{vendor_id}/figures (AdminVendorFigures) gives
// admins a vendor's sales figures, paid orders, what was paid out and the
// commission taken.
//
// # The module
//
//	New(Config{DB, Clock, Log, Catalog, Money, Payments, Directory, Audit, Jobs, Idempotency})
//	Register(httpx.Router)   /api/v1/shop/{cart,addresses,checkout,orders,order-groups}...,
//	                         /api/v1/vendor/{orders,clients,sales}..., /api/v1/admin/shop/{orders,commission-rules,vendors}...
//	RegisterJobs             shop.expire_group, shop.release, shop.assume_delivered, the chore shop.vendor_health
//	Cart, AddToCart, SetCartQuantity, RemoveFromCart, MergeCart
//	Addresses, AddAddress, UpdateAddress, DeleteAddress
//	Quote, Checkout, Group, MyOrders, MyOrder, CancelByUser, ConfirmDelivery, RequestReturn
//	VendorOrders, VendorOrder, Process, Ship, MarkDelivered, CancelByVendor, VendorRefund, ReceiveReturn,
//	Sales, Clients, ComputeHealth, AdminVendorFigures
//	AdminGroups, AdminGroup, AdminRefund, Rules, CreateRule, UpdateRule, DeleteRule
//	ExpireUnpaid, Release, AssumeDelivered, Workers   (the jobs' transitions)
//	DeliveredLine, DeliveredLines   a shopper's delivered order lines (reviewable.go; the product reviews ask)
//
// # Errors
//
// 404 for another shopper's or vendor's order, group, address or return;
// 409 out_of_stock (the variants in fields), conflict for a changed total,
// a state that does not allow the move, a closed return window, a released
// escrow; insufficient_funds from the money core; 422 for bad input.
package shop
