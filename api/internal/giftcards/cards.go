package giftcards

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// purchase is a validated purchase request.
type purchase struct {
	product        *productRow
	amount         int64
	recipientEmail string
	recipientName  string
	message        string
	payWith        string
}

func validEmail(email string) bool {
	if email == "" || len(email) > 254 {
		return false
	}
	a, err := mail.ParseAddress(email)
	return err == nil && a.Address == email && strings.Contains(email[strings.LastIndex(email, "@")+1:], ".")
}

// checkPurchase validates the body and the amount against the product.
func (s *Service) checkPurchase(ctx context.Context, in PurchaseInput) (purchase, error) {
	p := purchase{recipientEmail: strings.TrimSpace(in.RecipientEmail),
		recipientName: strings.TrimSpace(in.RecipientName), payWith: in.PayWith,
		message: strings.TrimSpace(strings.ReplaceAll(in.Message, "\r\n", "\n"))}
	f := apperr.Fields{}
	productID := strings.TrimSpace(in.ProductID)
	f.Check(productID != "", "product_id", "is required")
	f.Check(in.Amount != nil && *in.Amount > 0, "amount", "must be a positive whole number of minor units")
	f.Check(validEmail(p.recipientEmail), "recipient_email", "must be a valid email address")
	n := utf8.RuneCountInString(p.recipientName)
	f.Check(n >= 1 && n <= maxRecipientName, "recipient_name", "must be 1-100 characters")
	f.Check(plainText(p.recipientName, false), "recipient_name", "must be plain text on one line")
	f.Check(utf8.RuneCountInString(p.message) <= maxMessage, "message", "must be at most 500 characters")
	f.Check(plainText(p.message, true), "message", "must be plain text (no control characters but line breaks)")
	f.Check(p.payWith == PayWallet || p.payWith == PayPaystack, "pay_with", "must be wallet or paystack")
	if err := f.Err(); err != nil {
		return p, err
	}
	p.amount = *in.Amount
	prod, err := s.st.product(ctx, s.c.DB, productID)
	if errors.Is(err, apperr.ErrNotFound) {
		return p, errUnknownProduct
	}
	if err != nil {
		return p, err
	}
	if !prod.Active {
		return p, errInactiveProduct
	}
	p.product = prod
	if ds := denominationsOf(prod); len(ds) > 0 {
		if !slices.Contains(ds, p.amount) {
			parts := make([]string, len(ds))
			for i, d := range ds {
				parts[i] = strconv.FormatInt(d, 10)
			}
			return p, apperr.Validation(map[string]string{"amount": "must be one of " + strings.Join(parts, ", ")})
		}
	} else if p.amount < prod.MinAmount || p.amount > prod.MaxAmount {
		return p, apperr.Validation(map[string]string{"amount": fmt.Sprintf("must be from %d to %d",
			prod.MinAmount, prod.MaxAmount)})
	}
	return p, nil
}

// Purchase buys a card for someone. Paid from the wallet, the card is
// issued and paid for in one transaction and its code is in the answer
// (the only time it is shown); paid by card, a pending card waits for the
// payment, which OnCardPaid completes (origin, the request's Origin header,
// is where the browser comes back). key makes a retried purchase find the
// card it made.
func (s *Service) Purchase(ctx context.Context, buyerID, key, origin string, in PurchaseInput) (PurchaseResult, error) {
	p, err := s.checkPurchase(ctx, in)
	if err != nil {
		return PurchaseResult{}, err
	}
	buyer, err := s.checkSender(ctx, buyerID)
	if err != nil {
		return PurchaseResult{}, err
	}
	if p.payWith == PayPaystack {
		return s.purchaseByCard(ctx, buyer, key, origin, p)
	}
	now := s.c.Clock.Now()
	code := newCode()
	norm, _ := normalize(code)
	hash := hashCode(norm)
	expires := now.Add(s.expiry)
	c := &cardRow{ID: ids.New(), ProductID: p.product.ID, CodeHash: &hash, CodeLast4: norm[codeLen-4:],
		Amount: p.amount, Balance: p.amount, Currency: p.product.Currency, Status: StatusActive, ExpiresAt: &expires,
		PurchaserID: buyerID, RecipientEmail: p.recipientEmail, RecipientEmailKey: emailKey(p.recipientEmail),
		RecipientName: p.recipientName, Message: p.message, PayWith: PayWallet, PurchaseKey: key, IssuedAt: &now,
		CreatedAt: now, UpdatedAt: now}
	var existing *cardRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.insertCard(ctx, tx, c)
		if err != nil {
			return err
		}
		if !ok {
			existing, err = s.st.cardByPurchaseKey(ctx, tx, buyerID, key)
			return err
		}
		if _, err := s.money.IssueGiftCardLiability(ctx, tx, money.GiftCardIssue{Key: "giftcard-issue:" + c.ID,
			Reason: "Gift card: " + p.product.Name, Ref: money.Ref{Type: money.RefGiftCard, ID: c.ID},
			BuyerID: buyerID, Amount: c.Amount, Currency: c.Currency, Pay: money.MethodWallet,
			Note: p.product.Name + " gift card for " + c.RecipientName}); err != nil {
			return err
		}
		// After the debit, which locks the buyer's balance: parallel
		// purchases by one buyer count each other here.
		if err := s.checkMailLimit(ctx, tx, buyerID, true); err != nil {
			return err
		}
		return s.issued(ctx, tx, c, code, "paid from the wallet")
	})
	if err != nil {
		return PurchaseResult{}, err
	}
	if existing != nil { // a retry of a purchase that went through: the code is not shown again
		switch existing.Status {
		case StatusPending:
			return PurchaseResult{}, apperr.Conflict("This purchase is waiting for its card payment.")
		case StatusCancelled:
			return PurchaseResult{}, apperr.Conflict("This purchase's card payment did not go through.")
		}
		card, err := s.cardDTO(ctx, existing, false)
		return PurchaseResult{Card: &card}, err
	}
	if err := s.deliver(ctx, c.ID); err != nil {
		s.c.Log.Error("gift card mail failed; the sweeper retries", "card_id", c.ID, "error", err.Error())
	}
	card, err := s.cardDTO(ctx, c, false)
	card.Code = &code
	return PurchaseResult{Card: &card}, err
}

// issued records the issue event and queues the recipient's mail, in the
// issuing transaction.
func (s *Service) issued(ctx context.Context, tx bun.Tx, c *cardRow, code, how string) error {
	now := s.c.Clock.Now()
	buyer := c.PurchaserID
	if err := s.st.insertEvent(ctx, tx, &eventRow{ID: ids.New(), CardID: c.ID, Type: EventIssued, ActorID: &buyer,
		Amount: c.Amount, Details: "Issued, " + how, CreatedAt: now}); err != nil {
		return err
	}
	return s.st.insertDelivery(ctx, tx, &deliveryRow{CardID: c.ID, SealedCode: s.mailBox.Seal([]byte(code), c.ID),
		CreatedAt: now})
}

func (s *Service) purchaseByCard(ctx context.Context, buyer accounts.Person, key, origin string, p purchase) (PurchaseResult, error) {
	if s.pay == nil {
		return PurchaseResult{}, errCardPayments
	}
	buyerID := buyer.ID
	if err := s.checkMailLimit(ctx, s.c.DB, buyerID, false); err != nil {
		return PurchaseResult{}, err
	}
	now := s.c.Clock.Now()
	c := &cardRow{ID: ids.New(), ProductID: p.product.ID, Amount: p.amount, Balance: p.amount,
		Currency: p.product.Currency, Status: StatusPending, PurchaserID: buyerID, RecipientEmail: p.recipientEmail,
		RecipientEmailKey: emailKey(p.recipientEmail), RecipientName: p.recipientName, Message: p.message,
		PayWith: PayPaystack, PurchaseKey: key, CreatedAt: now, UpdatedAt: now}
	ok, err := s.st.insertCard(ctx, s.c.DB, c)
	if err != nil {
		return PurchaseResult{}, err
	}
	if !ok {
		return PurchaseResult{}, apperr.Conflict("This purchase was made already; see your purchased gift cards.")
	}
	pay, err := s.startPayment(ctx, buyer, c.ID, p.product.ID, c.Amount, c.Currency, origin)
	if err != nil {
		if derr := s.st.deletePending(context.WithoutCancel(ctx), s.c.DB, c.ID); derr != nil {
			s.c.Log.Error("remove pending gift card", "card_id", c.ID, "error", derr.Error())
		}
		return PurchaseResult{}, err
	}
	if err := s.st.setReference(ctx, s.c.DB, c.ID, pay.Reference, now); err != nil {
		return PurchaseResult{}, err
	}
	return PurchaseResult{Payment: &pay}, nil
}

// OnCardPaid issues the pending card a settled card payment paid for. It
// runs in the payment's settling transaction (exactly once per payment);
// a card already issued changes nothing. A card cancelled because its
// payment had failed or been abandoned is issued after all: the money was
// taken. The code is sealed on the card for the buyer's one reveal, and the
// recipient's mail goes out after the commit.
func (s *Service) OnCardPaid(ctx context.Context, tx bun.Tx, cardID, reference string, amount int64, currency string) error {
	c, err := s.st.card(ctx, tx, cardID)
	if err != nil {
		return fmt.Errorf("giftcards: paid card %s: %w", cardID, err)
	}
	if c.Status != StatusPending && c.Status != StatusCancelled {
		return nil
	}
	if amount != c.Amount || !strings.EqualFold(currency, c.Currency) {
		return fmt.Errorf("giftcards: card %s costs %d %s, the payment was %d %s", cardID, c.Amount, c.Currency,
			amount, currency)
	}
	code := newCode()
	norm, _ := normalize(code)
	now := s.c.Clock.Now()
	expires := now.Add(s.expiry)
	how := "paid by card (" + reference + ")"
	if c.Status == StatusCancelled {
		how += ", after its payment had been given up"
	}
	sealed := s.revealBox.Seal([]byte(code), c.ID)
	ok, err := s.st.activate(ctx, tx, c.ID, hashCode(norm), norm[codeLen-4:], sealed, reference, expires, now)
	if err != nil || !ok {
		return err
	}
	p, err := s.st.product(ctx, tx, c.ProductID)
	if err != nil {
		return err
	}
	if _, err := s.money.IssueGiftCardLiability(ctx, tx, money.GiftCardIssue{Key: "giftcard-issue:" + c.ID,
		Reason: "Gift card: " + p.Name, Ref: money.Ref{Type: money.RefGiftCard, ID: c.ID}, BuyerID: c.PurchaserID,
		Amount: c.Amount, Currency: c.Currency, Pay: money.MethodCard,
		Note: p.Name + " gift card for " + c.RecipientName}); err != nil {
		return err
	}
	if err := s.issued(ctx, tx, c, code, how); err != nil {
		return err
	}
	go s.deliverAfterCommit(c.ID)
	return nil
}
