package seed

import (
	"context"
	"fmt"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/contact"
	"sojourn/api/internal/giftcards"
	"sojourn/api/internal/money"
	"sojourn/api/internal/roles"
)

// ContactMessages are the demo inbox (the first is marked handled).
var ContactMessages = []contact.Input{
	{Name: "Chidi Eze", Email: "chidi.eze@example.net", Subject: "Refund for a cancelled tour",
		Message: "My Table Mountain sunrise tour on the 14th was cancelled by the guide because of the wind. When will the money be back in my wallet?"},
	{Name: "Amara Okafor", Email: "user@example.com", Subject: "Group booking for twelve",
		Message: "We are twelve friends travelling to Zanzibar in June. Can one of your guides take all of us, and is there a group price?"},
	{Name: "Halima Bello", Email: "halima@example.org", Subject: "Becoming a therapist on Sojourn",
		Message: "I am a licensed counsellor in Kano. Which documents do you need before my application can be reviewed?"},
	{Name: "Kwame Asante", Email: "kwame.asante@example.com", Subject: "Gift card not received",
		Message: "I bought a Weekend Getaway card for my sister yesterday and she says no email arrived. Could you resend it?"},
}

// adminDemo gives the admin portal something to show on a fresh database:
// an inbox, a pending role application and audit entries with money and
// people in them. It runs once: a database that already has contact
// messages is left alone.
func adminDemo(ctx context.Context, a *app.App, idOf map[string]string) (string, error) {
	n, err := a.Contact.Count(ctx)
	if err != nil || n > 0 {
		return "admin demo: already there\n", err
	}
	adminID, userID, writerID := idOf["admin@example.com"], idOf["user@example.com"], idOf["writer@example.com"]
	for i, in := range ContactMessages {
		from := ""
		if in.Email == "user@example.com" {
			from = userID
		}
		m, err := a.Contact.Store(ctx, in, from, "198.51.100.7")
		if err != nil {
			return "", fmt.Errorf("contact message: %w", err)
		}
		if i == 0 {
			if _, err := a.Contact.SetHandled(ctx, adminID, m.ID, true); err != nil {
				return "", err
			}
		}
	}
	// A goodwill credit on Amara's wallet: a ledger adjustment with an amount in the log and her history.
	if _, _, err := a.Money.Activate(ctx, nil, userID, "NGN"); err != nil {
		return "", err
	}
	if _, err := a.Money.Adjust(ctx, nil, money.Adjustment{Key: "seed:goodwill-credit", ActorID: adminID, UserID: userID,
		Account: money.KindWallet, Amount: 1500000, Currency: "NGN",
		Reason: "Goodwill credit after the cancelled Cape Town tour"}); err != nil {
		return "", fmt.Errorf("adjustment: %w", err)
	}
	// Amara spends ₦10,000 of it on a gift card for a friend: a sale and a liability on the overview.
	p, ok, err := a.GiftCards.ProductByName(ctx, "Sojourn Travel Gift")
	if err != nil || !ok {
		return "", fmt.Errorf("gift card product: %v (found %v)", err, ok)
	}
	amount := int64(1000000)
	if _, err := a.GiftCards.Purchase(ctx, userID, "seed:gift-for-chidi", "", giftcards.PurchaseInput{ProductID: p.ID,
		Amount: &amount, RecipientEmail: "chidi.eze@example.net", RecipientName: "Chidi",
		Message: "Happy birthday! Pick somewhere sunny.", PayWith: giftcards.PayWallet}); err != nil {
		return "", fmt.Errorf("gift card: %w", err)
	}
	// The writer was suspended for a day over a plagiarism report, then reinstated.
	for _, st := range []string{accounts.StatusSuspended, accounts.StatusActive} {
		reason := "Plagiarism report on the Lamu travel guide"
		if st == accounts.StatusActive {
			reason = "Report reviewed: the article cites its sources"
		}
		if _, err := a.Accounts.UpdateUser(ctx, adminID, writerID, accounts.UpdateUserInput{Status: &st, Reason: reason},
			"198.51.100.7"); err != nil {
			return "", fmt.Errorf("suspension: %w", err)
		}
	}
	// Amara applies to write for the blog: the queue has one to decide.
	held, err := a.Accounts.Roles(ctx, userID)
	if err != nil {
		return "", err
	}
	if _, err := a.Roles.Apply(ctx, userID, held, roles.ApplyInput{Role: "writer", Details: map[string]any{
		"motivation": "I have kept a travel journal of West African weekends for six years and would like to publish the best of it.",
		"links":      []string{"https://amara-travels.example.com"}}}); err != nil {
		return "", fmt.Errorf("application: %w", err)
	}
	return fmt.Sprintf("admin demo: %d contact messages, 1 role application, audit entries\n", len(ContactMessages)), nil
}
