package giftcards

import (
	"strconv"
	"strings"

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

// cardMail is the recipient's email with the full code.
func cardMail(origin string, c *cardRow, p *productRow, buyer, code string) mail.Message {
	var b strings.Builder
	b.WriteString("Hello " + c.RecipientName + ",\n\n")
	b.WriteString(buyer + " has sent you a Sojourn gift card: " + p.Name + ", worth " +
		formatMoney(c.Amount, c.Currency) + ".\n\n")
	if c.Message != "" {
		b.WriteString("Their message:\n\n" + c.Message + "\n\n")
	}
	b.WriteString("Your gift card code:\n\n    " + code + "\n\n")
	b.WriteString("Redeem it into your Sojourn wallet before " + expiryDate(c.ExpiresAt) +
		". Sign in and open:\n\n" + origin + "/user-wallet?redeem=1\n\n")
	b.WriteString("Keep the code private: whoever has it can redeem the card, once.\n")
	return mail.Message{To: c.RecipientEmail, Subject: buyer + " sent you a Sojourn gift card", Text: b.String()}
}
