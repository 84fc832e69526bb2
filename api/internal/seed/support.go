package seed

import (
	"context"
	"fmt"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/shop"
	"sojourn/api/internal/support"
)

// FAQs are the demo FAQs admins answered.
var FAQs = []support.FAQInput{
	{Category: "Bookings", Question: "How do I cancel or reschedule a booking?",
		Answer: "Open Bookings in your dashboard, choose the booking and pick Cancel or Reschedule. Wellness sessions " +
			"can be moved up to 24 hours before they start at no cost; a tour follows the cancellation policy shown " +
			"on its page, and the refund due is shown before you confirm."},
	{Category: "Bookings", Question: "What happens if my provider cancels?",
		Answer: "You get everything you paid back to your Sojourn wallet at once, and we tell you by notification " +
			"and email. You can then book another time or another provider with that balance."},
	{Category: "Refunds", Question: "How long does a refund take?",
		Answer: "Refunds go to your Sojourn wallet and are there as soon as they are approved. Card purchases are " +
			"refunded to the wallet too; from there you can spend the money on Sojourn or withdraw it to your bank " +
			"account, which usually takes one to three working days."},
	{Category: "Refunds", Question: "How do I return a shop order?",
		Answer: "Within the store's return window (shown on the order), open the order in Orders and choose Return " +
			"items. Once the seller receives them back, the refund reaches your wallet. If a parcel never arrived, " +
			"open a support ticket about the order and we will sort it out with the seller."},
	{Category: "Wallet", Question: "How do I add money to my wallet?",
		Answer: "Go to Wallet and choose Top up. You can pay by card or bank transfer through Paystack; the balance " +
			"updates once the payment is confirmed, usually within a minute."},
	{Category: "Wallet", Question: "Why is some of my money shown as held?",
		Answer: "Money for a booking or order is held in escrow until the service is delivered, so both sides are " +
			"protected. If the booking is cancelled the held money comes back to you; otherwise it is released to " +
			"the provider after the service."},
	{Category: "Providers", Question: "When do providers get paid?",
		Answer: "Earnings from a booking or order become available after it is completed (for shop orders, once the " +
			"return window has passed), minus Sojourn's commission. Providers withdraw available earnings to their " +
			"bank account from their portal's Earnings page."},
	{Category: "Providers", Question: "How do I become a provider on Sojourn?",
		Answer: "Sign in and choose Become a provider from your account menu. Pick the kind (vendor, tour guide, " +
			"therapist, coach, car rental or car dealer), fill in the short application, and our team reviews it, " +
			"usually within two working days. Therapists also upload their licence."},
	{Category: "Account", Question: "I did not receive the email to verify my address.",
		Answer: "Check your spam folder first. From Settings you can send the email again; links stay valid for 24 " +
			"hours. If it still does not arrive, open a support ticket and tell us the address you used."},
}

// CannedReplies are the demo canned replies.
var CannedReplies = []support.CannedInput{
	{Title: "Refund issued", Body: "Thank you for your patience. We have refunded you: the money is already in your " +
		"Sojourn wallet, and you can spend it or withdraw it to your bank. Is there anything else we can help with?"},
	{Title: "Looking into it", Body: "Thank you for getting in touch. We are looking into this with the provider and " +
		"will come back to you within one working day."},
	{Title: "Need more details", Body: "Thank you for your message. Could you tell us a little more (the date, and " +
		"what you saw on screen), so that we can look into it?"},
	{Title: "Solved, closing", Body: "We believe this is now solved, so we are marking the ticket solved. If anything " +
		"is still not right, just reply here and the ticket opens again."},
}

// demoSupport makes the FAQs, canned replies and a few tickets: user@'s
// about one of her shop orders, awaiting an admin; vendor@'s; guide@'s,
// solved and rated; one urgent ticket left unanswered past its SLA.
func demoSupport(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	have, err := a.Support.FAQs(ctx, "")
	if err != nil {
		return "", err
	}
	if len(have) > 0 {
		return "demo support: already there\n", nil
	}
	admin := ids["admin@example.com"]
	for i, f := range FAQs {
		f.Position = i
		if _, err := a.Support.CreateFAQ(ctx, admin, "", f); err != nil {
			return "", fmt.Errorf("faq %q: %w", f.Question, err)
		}
	}
	for _, c := range CannedReplies {
		if _, err := a.Support.CreateCanned(ctx, c); err != nil {
			return "", err
		}
	}
	now := a.Deps.Clock.Now()
	made := 0
	open := func(at time.Time, who string, in support.CreateInput) (support.Detail, error) {
		var d support.Detail
		err := writtenAt(a, at, func() error {
			var err error
			d, err = a.Support.Create(ctx, who, in)
			return err
		})
		made++
		return d, err
	}
	if me := ids["user@example.com"]; me != "" {
		in := support.CreateInput{Subject: "My order has not arrived", Category: "order", Priority: support.PriorityNormal,
			Portal: "user", Body: "Hello, the tracking has not moved for a week and the delivery estimate has passed. " +
				"Could you check with the seller, or refund me if it is lost?"}
		if os, _, err := a.Shop.MyOrders(ctx, me, shop.OrderFilter{}, page.Cursor{Limit: 20}); err != nil {
			return "", err
		} else {
			for _, o := range os {
				if o.PaymentStatus == shop.PayPaid {
					in.LinkKind, in.LinkID = "shop_order", o.ID
					break
				}
			}
		}
		if _, err := open(now.Add(-3*time.Hour), me, in); err != nil {
			return "", fmt.Errorf("user@ ticket: %w", err)
		}
		if _, err := open(now.Add(-3*time.Hour), me, support.CreateInput{Subject: "I was charged twice for a top-up",
			Category: "payment", Priority: support.PriorityUrgent, Portal: "user",
			Body: "My card was charged twice for the same wallet top-up this morning, but only one shows in my wallet."}); err != nil {
			return "", fmt.Errorf("urgent ticket: %w", err)
		}
	}
	if v := ids["vendor@example.com"]; v != "" {
		if _, err := open(now.Add(-26*time.Hour), v, support.CreateInput{Subject: "How do I change my store's return window?",
			Category: "listing", Priority: support.PriorityLow, Portal: "vendor",
			Body: "I would like to offer 30-day returns during the holidays. Where do I set this?"}); err != nil {
			return "", fmt.Errorf("vendor@ ticket: %w", err)
		}
	}
	if g := ids["guide@example.com"]; g != "" {
		d, err := open(now.Add(-72*time.Hour), g, support.CreateInput{Subject: "Payout did not reach my bank",
			Category: "payment", Priority: support.PriorityHigh, Portal: "tour",
			Body: "I withdrew my earnings on Monday and nothing has arrived yet. The bank details are correct."})
		if err != nil {
			return "", fmt.Errorf("guide@ ticket: %w", err)
		}
		id := d.Ticket.ID
		err = writtenAt(a, now.Add(-70*time.Hour), func() error {
			_, err := a.Support.AdminReply(ctx, admin, id, support.ReplyInput{Body: "Thanks for flagging this. The " +
				"bank returned the transfer because of a changed account name; we have sent it again and it should " +
				"arrive today."})
			return err
		})
		if err != nil {
			return "", err
		}
		solved := support.StatusSolved
		err = writtenAt(a, now.Add(-60*time.Hour), func() error {
			_, err := a.Support.Update(ctx, admin, "", id, support.UpdateInput{Status: &solved})
			return err
		})
		if err != nil {
			return "", err
		}
		if _, err := a.Support.Rate(ctx, g, id, support.RateInput{Rating: 5, Comment: "Sorted within a day, thank you!"}); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("demo support: %d FAQs, %d canned replies, %d tickets\n", len(FAQs), len(CannedReplies), made), nil
}
