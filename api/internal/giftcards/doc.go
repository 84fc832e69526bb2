// Package giftcards sells and redeems Sojourn gift cards: admin-managed
// products (fixed denominations or a custom amount), cards bought from the
// wallet or by card, redeemed once into a wallet, and expired to platform
// revenue after the configured time. The money moves through money.Service
// (IssueGiftCardLiability, RedeemGiftCard, ExpireGiftCard) in the same
// transaction as the card's state change; every change is also written to
// the card's append-only event history (issued, sent, redeemed, expired).
//
// A card's code (100 random bits, see code.go) is shown in full once to the
// buyer and emailed to the recipient; the database keeps its SHA-256 hash
// and last four characters. Paid from the wallet, the code is in the
// purchase's answer. Paid by card, the card is issued later by the payment
// (OnCardPaid), so the code waits sealed on the card (sealed_code) until the
// buyer reveals it once (Reveal), which wipes it. The mail is queued in the
// issuing transaction with the code sealed (gift_card_deliveries) and sent
// after the commit, so a card is never mailed unless it exists and a crash
// never loses the mail. Both seals are package secretbox's, with their own
// purpose each.
//
// Card payments that fail or are abandoned cancel their pending card
// (OnCardPaymentFailed); an admin refund of a card-paid card returns its
// liability to the card when nothing was redeemed and it has not expired
// (refundCard, registered with the payments domain by New).
//
// # Tables
//
//	gift_card_products     admin-managed designs: name (unique), description, image, currency,
//	                       denominations (JSON), custom amount bounds, active
//	gift_cards             one card: product, amount, balance, currency, status, purchaser, recipient
//	                       (and recipient_email_key, the address folded as accounts compares emails),
//	                       message, pay_with, the code's hash and last four, sealed_code (card-paid,
//	                       until revealed), expiry, purchase key, issued_at (nil until issued)
//	gift_card_events       the card's append-only history (issued, sent, redeemed, expired, cancelled,
//	                       refunded), with the actor
//	gift_card_deliveries   mails waiting to go out, the code sealed
//
// Buyers and actors are the accounts domain's (Directory); card payments are
// the payments domain's (Payments).
//
// # The module
//
//	New(Config{DB, Clock, Log, Mailer, Storage, Settings, Money, Audit, Directory, Payments,
//	    Idempotency, Images}) (*Service, error)  registers the gift_card purpose with Payments
//	Register(httpx.Router)                       /api/v1/gift-cards..., /api/v1/admin/gift-cards...
//
//	Products, Product, ProductByName, CreateProduct, UpdateProduct, SetProductImage
//	Purchase(ctx, buyerID, key, origin, PurchaseInput) (PurchaseResult, error)
//	OnCardPaid, OnCardPaymentFailed              the payment hooks (payments.go)
//	Purchased, PurchasedCard, Reveal             the buyer's cards (purchased.go)
//	Received, RedeemReceived                     the recipient's cards (received.go)
//	Redeem(ctx, userID, ip, code) (Redemption, error)
//	ExpireDue(ctx), DeliverPending(ctx), Sweep(ctx)   the chores (delivery.go, redeem.go)
//
// # Received cards
//
// A card is addressed to a user when its recipient_email_key is their email
// folded (accounts.FoldHandle) and the directory says they verified it; an
// unverified address receives nothing. Received lists the cards addressed
// to the user, received when issued (issued_at), and the cards they
// redeemed with a code that were addressed to someone else, received when
// redeemed, each once, newest first: a keyset union of two index seeks
// (store_received.go). RedeemReceived adds a card addressed to the user to
// their wallet without its code, through the same redeemCard path as
// Redeem: the conditional update decides between parallel clicks and
// codes, and anything not addressed to the user answers 404.
//
// # Errors
//
// 404 for an unknown product or card (another user's included), 409 for a
// taken product name, a card already redeemed, refunded, expired or whose
// code was shown, and for refunds that no longer apply, 413/415/422 for
// product images, 422 for invalid purchases and for a bad code (the same
// answer for a malformed and an unknown one), 429 after RedeemAttempts
// redeem attempts per user or IP in RedeemWindow.
//
// # Gift mail is not a relay
//
// A purchase mails a stranger in the buyer's name (sender.go): the buyer's
// email must be verified (409 email_unverified), at most GiftMailsPerDay
// cards in GiftMailWindow (429 with Retry-After; the wallet purchase counts
// after its debit locks the buyer's balance, so parallel purchases count
// each other), the message and recipient name are plain text, and the mail
// names the buyer (display name and @username), says it came through
// Sojourn, that Sojourn never asks anyone to sign in through a link in a gift
// message, and shows the buyer's words quoted and defanged
// ("https[:]//evil[.]example"), so no mail client makes a link of them.
package giftcards
