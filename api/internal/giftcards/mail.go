package giftcards

import (
	"strconv"
	"strings"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/mail"
)

// formatMoney writes minor units the way people read them: NGN 25,000.00.
func formatMoney(amount int64, currency string) string {
	neg := amount < 0
	if neg {
		amount = -amount
	}
	whole := strconv.FormatInt(amount/100, 10)
	var sb strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(r)
	}
	cents := strconv.FormatInt(amount%100, 10)
	if len(cents) < 2 {
		cents = "0" + cents
	}
	sign := ""
	if neg {
		sign = "-"
	}
	return currency + " " + sign + sb.String() + "." + cents
}

// cardMail is the recipient's email with the full code. It is plain text
// and says plainly who sent it and that it came through Sojourn; the
// buyer's words (their message, the name they gave the recipient) are shown
// quoted and defanged, so a link in them is text no mail client follows.
func cardMail(origin string, c *cardRow, p *productRow, sender accounts.Person, code string) mail.Message {
	from := senderName(sender)
	var b strings.Builder
	b.WriteString("Hello " + defang(oneLine(c.RecipientName)) + ",\n\n")
	b.WriteString(from + " has sent you a Sojourn gift card through Sojourn: " + p.Name + ", worth " +
		formatMoney(c.Amount, c.Currency) + ".\n\n")
	if c.Message != "" {
		b.WriteString("Their message, in their own words (Sojourn did not write it):\n\n")
		for _, line := range strings.Split(defang(c.Message), "\n") {
			b.WriteString("> " + line + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString("Your gift card code:\n\n    " + code + "\n\n")
	b.WriteString("Redeem it into your Sojourn wallet before " + expiryDate(c.ExpiresAt) +
		". Sign in and open:\n\n" + origin + "/user-wallet?redeem=1\n\n")
	b.WriteString("If your Sojourn account uses this email address, verified, the card is also waiting for you under " +
		"My gift cards, Received, in your wallet: add it there in one click, without the code.\n\n")
	b.WriteString("Keep the code private: whoever has it can redeem the card, once.\n\n")
	b.WriteString("This card was bought by the Sojourn user " + from + ", who chose to send it to this address. " +
		"Sojourn never asks you to sign in, pay or share a password through a link in a gift message: " +
		"to redeem the card, open Sojourn yourself at the address above.\n")
	return mail.Message{To: c.RecipientEmail, Subject: from + " sent you a Sojourn gift card", Text: b.String()}
}
