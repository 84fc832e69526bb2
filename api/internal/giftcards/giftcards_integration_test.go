package giftcards_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

type product struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Description   string  `json:"description"`
	ImageURL      *string `json:"image_url"`
	Currency      string  `json:"currency"`
	AmountType    string  `json:"amount_type"`
	Denominations []int64 `json:"denominations"`
	MinAmount     *int64  `json:"min_amount"`
	MaxAmount     *int64  `json:"max_amount"`
	Active        bool    `json:"active"`
}

type productBody struct {
	Data product `json:"data"`
}

type productList struct {
	Data []product `json:"data"`
	Meta struct {
		Total int `json:"total"`
	} `json:"meta"`
}

type event struct {
	Type   string `json:"type"`
	Amount int64  `json:"amount"`
	Actor  *struct {
		ID       string `json:"id"`
		Username string `json:"username"`
	} `json:"actor"`
}

type card struct {
	ID      string `json:"id"`
	Product struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"product"`
	Code           *string `json:"code"`
	CodeLast4      string  `json:"code_last4"`
	Amount         int64   `json:"amount"`
	Balance        int64   `json:"balance"`
	Currency       string  `json:"currency"`
	Status         string  `json:"status"`
	ExpiresAt      *string `json:"expires_at"`
	PurchaserID    string  `json:"purchaser_id"`
	RecipientEmail string  `json:"recipient_email"`
	Message        string  `json:"message"`
	PayWith        string  `json:"pay_with"`
	Events         []event `json:"events"`
}

type purchaseBody struct {
	Data struct {
		Card    *card `json:"card"`
		Payment *struct {
			Reference        string `json:"reference"`
			AuthorizationURL string `json:"authorization_url"`
			AccessCode       string `json:"access_code"`
		} `json:"payment"`
	} `json:"data"`
}

type cardBody struct {
	Data card `json:"data"`
}

type cardList struct {
	Data []card `json:"data"`
	Meta struct {
		NextCursor *string `json:"next_cursor"`
		Limit      int     `json:"limit"`
	} `json:"meta"`
}

type redemption struct {
	Data struct {
		CardID        string `json:"card_id"`
		CodeLast4     string `json:"code_last4"`
		Amount        int64  `json:"amount"`
		Currency      string `json:"currency"`
		Reference     string `json:"reference"`
		WalletBalance int64  `json:"wallet_balance"`
	} `json:"data"`
}

var codeShape = regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$`)

// fund credits a wallet as a card top-up would (a fake payment reference).
func fund(t *testing.T, e *testkit.Env, userID string, amount int64) {
	t.Helper()
	ref := "PSK-" + ids.New()
	if _, err := e.App.Money.CreditTopUp(context.Background(), nil, money.TopUp{Key: "seed:" + ref, UserID: userID,
		Amount: amount, Reference: ref}); err != nil {
		t.Fatalf("fund: %v", err)
	}
}

func verify(t *testing.T, e *testkit.Env) {
	t.Helper()
	r, err := e.App.Money.Verify(context.Background())
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !r.Clean() {
		t.Fatalf("ledger not clean: %+v", r)
	}
}

func walletBalance(t *testing.T, e *testkit.Env, userID string) int64 {
	t.Helper()
	b, err := e.App.Money.Balance(context.Background(), nil, money.KindWallet, userID, "NGN")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func ledger(t *testing.T, e *testkit.Env, kind money.Kind) int64 {
	t.Helper()
	b, err := e.App.Money.Balance(context.Background(), nil, kind, "", "NGN")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func pngBytes(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}

// travelGift makes a fixed-amount product through the admin API.
func travelGift(t *testing.T, e *testkit.Env, admin string) product {
	t.Helper()
	var p productBody
	e.Post("/api/v1/admin/gift-cards/products", admin, map[string]any{"name": "Sojourn Travel Gift",
		"description": "For the trip they keep talking about.", "denominations": []int64{5000000, 1000000, 2500000}}).
		Expect(http.StatusCreated).JSON(&p)
	return p.Data
}

func buy(e *testkit.Env, token, productID string, amount int64, to string, header map[string]string) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/gift-cards/purchases", Token: token, Header: header,
		Body: map[string]any{"product_id": productID, "amount": amount, "recipient_email": to,
			"recipient_name": "Bola", "message": "Happy birthday! Go somewhere lovely.", "pay_with": "wallet"}})
}

func TestIntegrationGiftCardProducts(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		user := e.Register("ada@example.com", "ada")
		vendor := e.Register("vendor@example.com", "vendor")
		e.GrantRole(vendor.UserID, "vendor")

		p := travelGift(t, e, admin.AccessToken)
		if p.AmountType != "fixed" || len(p.Denominations) != 3 || p.Denominations[0] != 1000000 ||
			p.MinAmount != nil || p.Currency != "NGN" || !p.Active || p.ImageURL != nil {
			t.Fatalf("created: %+v", p)
		}
		var custom productBody
		e.Post("/api/v1/admin/gift-cards/products", admin.AccessToken, map[string]any{"name": "Wellness Retreat",
			"min_amount": 500000, "max_amount": 20000000}).Expect(http.StatusCreated).JSON(&custom)
		if custom.Data.AmountType != "custom" || *custom.Data.MinAmount != 500000 || len(custom.Data.Denominations) != 0 {
			t.Fatalf("custom: %+v", custom.Data)
		}

		// Validation and the unique name.
		bad := []map[string]any{
			{"name": "X", "denominations": []int64{1000}},
			{"name": "Both", "denominations": []int64{1000}, "min_amount": 1, "max_amount": 5},
			{"name": "Neither"},
			{"name": "Backwards", "min_amount": 5000, "max_amount": 100},
			{"name": "Repeats", "denominations": []int64{1000, 1000}},
			{"name": "Zero", "denominations": []int64{0}},
			{"name": "Currency", "denominations": []int64{1000}, "currency": "EUR"},
		}
		for _, b := range bad {
			e.Post("/api/v1/admin/gift-cards/products", admin.AccessToken, b).Expect(http.StatusUnprocessableEntity)
		}
		e.Post("/api/v1/admin/gift-cards/products", admin.AccessToken, map[string]any{"name": "sojourn travel gift",
			"denominations": []int64{1000}}).Expect(http.StatusConflict)

		// Every non-admin role is refused the admin routes; anonymous callers are asked to sign in.
		for _, tok := range []string{user.AccessToken, vendor.AccessToken} {
			e.Get("/api/v1/admin/gift-cards/products", tok).Expect(http.StatusForbidden)
			e.Post("/api/v1/admin/gift-cards/products", tok, map[string]any{"name": "Nope", "denominations": []int64{1}}).
				Expect(http.StatusForbidden)
			e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, tok, map[string]any{"active": false}).
				Expect(http.StatusForbidden)
			e.Upload("/api/v1/admin/gift-cards/products/"+p.ID+"/image", tok, "image", "d.png", pngBytes(8, 8)).
				Expect(http.StatusForbidden)
		}
		e.Get("/api/v1/admin/gift-cards/products", "").Expect(http.StatusUnauthorized)
		e.Post("/api/v1/admin/gift-cards/products", "", map[string]any{"name": "Nope"}).Expect(http.StatusUnauthorized)
		e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, "", map[string]any{"active": false}).
			Expect(http.StatusUnauthorized)

		// The public catalogue.
		var list productList
		e.Get("/api/v1/gift-cards/products", "").Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 2 || list.Data[0].ID != p.ID {
			t.Fatalf("public list: %+v", list)
		}
		e.Get("/api/v1/gift-cards/products/"+p.ID, "").Expect(http.StatusOK)
		e.Get("/api/v1/gift-cards/products/"+p.ID, user.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/gift-cards/products/"+ids.New(), "").Expect(http.StatusNotFound)

		// Editing: rename, switch to a custom amount, deactivate.
		var edited productBody
		e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, admin.AccessToken, map[string]any{
			"description": "Anywhere they like.", "min_amount": 100000, "max_amount": 900000}).
			Expect(http.StatusOK).JSON(&edited)
		if edited.Data.AmountType != "custom" || len(edited.Data.Denominations) != 0 || *edited.Data.MaxAmount != 900000 ||
			edited.Data.Description != "Anywhere they like." || edited.Data.Name != "Sojourn Travel Gift" {
			t.Fatalf("edited: %+v", edited.Data)
		}
		e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, admin.AccessToken, map[string]any{
			"denominations": []int64{1000000, 2500000}}).Expect(http.StatusOK).JSON(&edited)
		if edited.Data.AmountType != "fixed" || edited.Data.MinAmount != nil {
			t.Fatalf("back to fixed: %+v", edited.Data)
		}
		e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, admin.AccessToken, map[string]any{"name": "Wellness Retreat"}).
			Expect(http.StatusConflict)
		e.Patch("/api/v1/admin/gift-cards/products/"+ids.New(), admin.AccessToken, map[string]any{"active": false}).
			Expect(http.StatusNotFound)
		e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, admin.AccessToken, map[string]any{"active": false}).
			Expect(http.StatusOK).JSON(&edited)
		if edited.Data.Active {
			t.Fatal("still active")
		}
		e.Get("/api/v1/gift-cards/products/"+p.ID, "").Expect(http.StatusNotFound)
		e.Get("/api/v1/gift-cards/products/"+p.ID, user.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/gift-cards/products/"+p.ID, admin.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/gift-cards/products", "").Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || list.Data[0].ID != custom.Data.ID {
			t.Fatalf("public list after deactivation: %+v", list)
		}
		e.Get("/api/v1/admin/gift-cards/products", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 2 {
			t.Fatalf("admin list: %+v", list)
		}
		e.Get("/api/v1/admin/gift-cards/products?active=false", admin.AccessToken).Expect(http.StatusOK).JSON(&list)
		if list.Meta.Total != 1 || list.Data[0].ID != p.ID {
			t.Fatalf("admin inactive list: %+v", list)
		}

		// The design image is re-encoded and served from /media.
		var withImage productBody
		e.Upload("/api/v1/admin/gift-cards/products/"+custom.Data.ID+"/image", admin.AccessToken, "image", "d.png",
			pngBytes(40, 25)).Expect(http.StatusOK).JSON(&withImage)
		if withImage.Data.ImageURL == nil || !strings.HasPrefix(*withImage.Data.ImageURL, "/media/gift-cards/") {
			t.Fatalf("image: %+v", withImage.Data)
		}
		if r := e.Get(*withImage.Data.ImageURL, ""); r.Status != http.StatusOK || !bytes.HasPrefix(r.Body, []byte("\x89PNG")) {
			t.Fatalf("image not served: %d", r.Status)
		}
		e.Upload("/api/v1/admin/gift-cards/products/"+custom.Data.ID+"/image", admin.AccessToken, "image", "d.txt",
			[]byte("not an image")).Expect(http.StatusUnprocessableEntity)
		e.Upload("/api/v1/admin/gift-cards/products/"+ids.New()+"/image", admin.AccessToken, "image", "d.png",
			pngBytes(8, 8)).Expect(http.StatusNotFound)
		e.Post("/api/v1/admin/gift-cards/products/"+custom.Data.ID+"/image", admin.AccessToken, map[string]any{}).
			Expect(http.StatusUnsupportedMediaType)

		// Every change is in the audit log.
		for action, want := range map[string]int{"gift_card_product.create": 2, "gift_card_product.update": 3,
			"gift_card_product.image": 1} {
			var log struct {
				Meta struct {
					Total int `json:"total"`
				} `json:"meta"`
			}
			e.Get("/api/v1/admin/audit-log?action="+action, admin.AccessToken).Expect(http.StatusOK).JSON(&log)
			if log.Meta.Total != want {
				t.Errorf("%s audit entries: %d, want %d", action, log.Meta.Total, want)
			}
		}
	})
}

func TestIntegrationGiftCardWalletPurchaseAndRedeem(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		p := travelGift(t, e, admin.AccessToken)
		e.Post("/api/v1/gift-cards/purchases", "", map[string]any{}).Expect(http.StatusUnauthorized)
		fund(t, e, ada.UserID, 3000000)

		var pb purchaseBody
		buy(e, ada.AccessToken, p.ID, 2500000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&pb)
		c := pb.Data.Card
		if c == nil || c.Code == nil || !codeShape.MatchString(*c.Code) {
			t.Fatalf("purchase answer: %+v", pb.Data)
		}
		code := *c.Code
		if c.CodeLast4 != strings.ReplaceAll(code, "-", "")[16:] || c.Amount != 2500000 || c.Balance != 2500000 ||
			c.Status != "active" || c.PurchaserID != ada.UserID || c.Product.Name != "Sojourn Travel Gift" {
			t.Fatalf("card: %+v", c)
		}
		if c.ExpiresAt == nil || *c.ExpiresAt != testkit.Start.Add(8760*time.Hour).Format(time.RFC3339) {
			t.Fatalf("expires_at %v", c.ExpiresAt)
		}
		if got := walletBalance(t, e, ada.UserID); got != 500000 {
			t.Fatalf("buyer balance %d", got)
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 2500000 {
			t.Fatalf("liability %d", got)
		}

		// The recipient's mail holds the code, the message, the amount, the expiry and the redeem link.
		m := e.Mail("bola@example.com")
		for _, want := range []string{code, "Happy birthday! Go somewhere lovely.", "NGN 25,000.00", "2 March 2027",
			"/user-wallet?redeem=1", "ada", "My gift cards, Received"} {
			if !strings.Contains(m.BodyText, want) {
				t.Errorf("mail lacks %q:\n%s", want, m.BodyText)
			}
		}

		// Later reads show the last four characters only.
		for _, r := range []*testkit.Resp{e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).Expect(http.StatusOK),
			e.Get("/api/v1/gift-cards/purchased/"+c.ID, ada.AccessToken).Expect(http.StatusOK)} {
			if bytes.Contains(r.Body, []byte(code)) || bytes.Contains(r.Body, []byte(`"code"`)) ||
				bytes.Contains(r.Body, []byte(strings.ReplaceAll(code, "-", ""))) {
				t.Fatalf("a read shows the code: %s", r.Body)
			}
		}
		var list cardList
		e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).JSON(&list)
		if len(list.Data) != 1 || list.Meta.NextCursor != nil || list.Data[0].CodeLast4 != c.CodeLast4 {
			t.Fatalf("purchased: %+v", list)
		}
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+c.ID, ada.AccessToken).JSON(&one)
		if len(one.Data.Events) != 2 || one.Data.Events[0].Type != "issued" || one.Data.Events[1].Type != "sent" ||
			one.Data.Events[0].Actor == nil || one.Data.Events[0].Actor.Username != "ada" {
			t.Fatalf("events: %+v", one.Data.Events)
		}

		// Another user sees neither the card nor its list.
		e.Get("/api/v1/gift-cards/purchased/"+c.ID, bola.AccessToken).Expect(http.StatusNotFound)
		e.Get("/api/v1/gift-cards/purchased", bola.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatalf("bola sees %d cards", len(list.Data))
		}

		// Bola redeems, typed loosely; the wallet is credited once.
		var red redemption
		loose := strings.ToLower(strings.ReplaceAll(code, "-", " "))
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": loose}).
			Expect(http.StatusOK).JSON(&red)
		if red.Data.Amount != 2500000 || red.Data.WalletBalance != 2500000 || red.Data.CardID != c.ID {
			t.Fatalf("redemption: %+v", red.Data)
		}
		r := e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": code}).
			Expect(http.StatusConflict)
		if !strings.Contains(string(r.Body), "already been redeemed") {
			t.Fatalf("second redeem: %s", r.Body)
		}
		e.Post("/api/v1/gift-cards/redeem", ada.AccessToken, map[string]any{"code": code}).Expect(http.StatusConflict)
		if got := walletBalance(t, e, bola.UserID); got != 2500000 {
			t.Fatalf("bola's balance %d", got)
		}
		if got := ledger(t, e, money.KindGiftCardLiability); got != 0 {
			t.Fatalf("liability %d after redeem", got)
		}
		e.Get("/api/v1/gift-cards/purchased/"+c.ID, ada.AccessToken).JSON(&one)
		last := one.Data.Events[len(one.Data.Events)-1]
		if one.Data.Status != "redeemed" || one.Data.Balance != 0 || last.Type != "redeemed" || last.Actor == nil ||
			last.Actor.Username != "bola" || last.Amount != 2500000 {
			t.Fatalf("after redeem: %+v", one.Data)
		}
		// The wallet history names the gift card on both sides.
		var txns struct {
			Data []struct {
				Type    string `json:"type"`
				PaidFor *struct {
					Type string `json:"type"`
					ID   string `json:"id"`
				} `json:"paid_for"`
			} `json:"data"`
		}
		e.Get("/api/v1/wallet/transactions?type=gift_card_redeem", bola.AccessToken).Expect(http.StatusOK).JSON(&txns)
		if len(txns.Data) != 1 || txns.Data[0].PaidFor == nil || txns.Data[0].PaidFor.ID != c.ID {
			t.Fatalf("redeem transaction: %+v", txns.Data)
		}
		e.Get("/api/v1/wallet/transactions?type=gift_card_purchase", ada.AccessToken).Expect(http.StatusOK).JSON(&txns)
		if len(txns.Data) != 1 || txns.Data[0].PaidFor.ID != c.ID {
			t.Fatalf("purchase transaction: %+v", txns.Data)
		}

		// Unknown codes get one generic answer.
		for _, code := range []string{"AAAA-BBBB-CCCC-DDDD-EEEE", "short", "ÄÄÄÄ-BBBB-CCCC-DDDD-EEEE"} {
			r := e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": code}).
				Expect(http.StatusUnprocessableEntity)
			if !strings.Contains(string(r.Body), `"code":"That code doesn't match a gift card. Check it and try again."`) {
				t.Fatalf("unknown code: %s", r.Body)
			}
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardPurchaseRules(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		p := travelGift(t, e, admin.AccessToken)
		var custom productBody
		e.Post("/api/v1/admin/gift-cards/products", admin.AccessToken, map[string]any{"name": "Wellness Retreat",
			"min_amount": 500000, "max_amount": 20000000}).Expect(http.StatusCreated).JSON(&custom)

		// Not enough money: 409 insufficient_funds and nothing issued, charged or mailed.
		fund(t, e, ada.UserID, 1500000)
		r := buy(e, ada.AccessToken, p.ID, 2500000, "bola@example.com", nil).Expect(http.StatusConflict)
		if r.ErrCode() != "insufficient_funds" {
			t.Fatalf("code %s", r.ErrCode())
		}
		var list cardList
		e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatalf("a card was issued: %+v", list)
		}
		if ms, _ := e.App.Outbox.List(context.Background(), "bola@example.com", 5); len(ms) != 0 {
			t.Fatal("a mail went out")
		}
		if walletBalance(t, e, ada.UserID) != 1500000 || ledger(t, e, money.KindGiftCardLiability) != 0 {
			t.Fatal("money moved")
		}

		// The amount must fit the product; the product must be on sale.
		buy(e, ada.AccessToken, p.ID, 1234, "bola@example.com", nil).Expect(http.StatusUnprocessableEntity)
		buy(e, ada.AccessToken, custom.Data.ID, 499999, "bola@example.com", nil).Expect(http.StatusUnprocessableEntity)
		buy(e, ada.AccessToken, custom.Data.ID, 20000001, "bola@example.com", nil).Expect(http.StatusUnprocessableEntity)
		buy(e, ada.AccessToken, ids.New(), 1000000, "bola@example.com", nil).Expect(http.StatusUnprocessableEntity)
		buy(e, ada.AccessToken, p.ID, 1000000, "not-an-email", nil).Expect(http.StatusUnprocessableEntity)
		for _, body := range []map[string]any{
			{"product_id": p.ID, "amount": 10.5, "recipient_email": "b@example.com", "recipient_name": "B", "pay_with": "wallet"},
			{"product_id": p.ID, "amount": 1000000, "recipient_email": "b@example.com", "recipient_name": "B", "pay_with": "cash"},
			{"product_id": p.ID, "amount": 1000000, "recipient_email": "b@example.com", "recipient_name": "", "pay_with": "wallet"},
			{"product_id": p.ID, "amount": 1000000, "recipient_email": "b@example.com", "recipient_name": "B",
				"pay_with": "wallet", "message": strings.Repeat("x", 501)},
		} {
			e.Post("/api/v1/gift-cards/purchases", ada.AccessToken, body).Expect(http.StatusUnprocessableEntity)
		}
		var c purchaseBody
		buy(e, ada.AccessToken, custom.Data.ID, 777700, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&c)
		if c.Data.Card.Amount != 777700 {
			t.Fatalf("custom amount: %+v", c.Data.Card)
		}
		e.Patch("/api/v1/admin/gift-cards/products/"+p.ID, admin.AccessToken, map[string]any{"active": false}).
			Expect(http.StatusOK)
		r = buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusUnprocessableEntity)
		if !strings.Contains(string(r.Body), "product_id") {
			t.Fatalf("inactive product: %s", r.Body)
		}

		// Idempotency-Key: a replay issues one card; the same key with another body is 409.
		key := map[string]string{"Idempotency-Key": "gift-" + ids.New()}
		first := buy(e, ada.AccessToken, custom.Data.ID, 500000, "cleo@example.com", key).Expect(http.StatusCreated)
		again := buy(e, ada.AccessToken, custom.Data.ID, 500000, "cleo@example.com", key).Expect(http.StatusCreated)
		if !bytes.Equal(first.Body, again.Body) || again.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay differs:\n%s\n%s", first.Body, again.Body)
		}
		buy(e, ada.AccessToken, custom.Data.ID, 600000, "cleo@example.com", key).Expect(http.StatusConflict)
		e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).JSON(&list)
		if len(list.Data) != 2 {
			t.Fatalf("%d cards, want 2", len(list.Data))
		}
		if ms, _ := e.App.Outbox.List(context.Background(), "cleo@example.com", 5); len(ms) != 1 {
			t.Fatalf("%d mails to cleo, want 1", len(ms))
		}
		if got := walletBalance(t, e, ada.UserID); got != 1500000-777700-500000 {
			t.Fatalf("balance %d", got)
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardConcurrentRedeems(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 5000000)
		var pb purchaseBody
		buy(e, ada.AccessToken, p.ID, 5000000, "friends@example.com", nil).Expect(http.StatusCreated).JSON(&pb)
		code := *pb.Data.Card.Code

		const n = 5
		users := make([]string, n)
		tokens := make([]string, n)
		for i := range n {
			s := e.Register(testkit.Fmt("friend%d@example.com", i), testkit.Fmt("friend%d", i))
			users[i], tokens[i] = s.UserID, s.AccessToken
		}
		statuses := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.Post("/api/v1/gift-cards/redeem", tokens[i], map[string]any{"code": code}).Status
			}()
		}
		wg.Wait()
		ok, conflict := 0, 0
		var total int64
		for i, s := range statuses {
			switch s {
			case http.StatusOK:
				ok++
			case http.StatusConflict:
				conflict++
			default:
				t.Errorf("redeem %d: %d", i, s)
			}
			total += walletBalance(t, e, users[i])
		}
		if ok != 1 || conflict != n-1 || total != 5000000 {
			t.Fatalf("%d succeeded, %d refused, %d credited; want 1, %d and 5000000", ok, conflict, total, n-1)
		}
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+pb.Data.Card.ID, ada.AccessToken).JSON(&one)
		redeemed := 0
		for _, ev := range one.Data.Events {
			if ev.Type == "redeemed" {
				redeemed++
			}
		}
		if redeemed != 1 {
			t.Fatalf("%d redeemed events", redeemed)
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardExpiry(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 3500000)
		var a, b purchaseBody
		buy(e, ada.AccessToken, p.ID, 2500000, "bola@example.com", nil).Expect(http.StatusCreated).JSON(&a)
		buy(e, ada.AccessToken, p.ID, 1000000, "cleo@example.com", nil).Expect(http.StatusCreated).JSON(&b)

		// One second before the expiry the card still works; at the expiry it does not.
		e.Clock.Advance(8760*time.Hour - time.Second)
		ada, bola = e.Login(ada.Email, ada.Password), e.Login(bola.Email, bola.Password) // a year on: sign in again
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *b.Data.Card.Code}).
			Expect(http.StatusOK)
		e.Clock.Advance(time.Second)
		r := e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *a.Data.Card.Code}).
			Expect(http.StatusConflict)
		if !strings.Contains(string(r.Body), "expired on 2 March 2027") {
			t.Fatalf("expired answer: %s", r.Body)
		}
		if got := walletBalance(t, e, bola.UserID); got != 1000000 {
			t.Fatalf("bola's balance %d", got)
		}
		// The lazy sweep moved the balance to revenue with an expired event.
		if got := ledger(t, e, money.KindGiftCardLiability); got != 0 {
			t.Fatalf("liability %d", got)
		}
		if got := ledger(t, e, money.KindPlatformRevenue); got != 2500000 {
			t.Fatalf("revenue %d", got)
		}
		var one cardBody
		e.Get("/api/v1/gift-cards/purchased/"+a.Data.Card.ID, ada.AccessToken).JSON(&one)
		last := one.Data.Events[len(one.Data.Events)-1]
		if one.Data.Status != "expired" || one.Data.Balance != 0 || last.Type != "expired" || last.Amount != 2500000 ||
			last.Actor != nil {
			t.Fatalf("expired card: %+v", one.Data)
		}
		// A later redeem still says expired; the sweep finds nothing more to do.
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, map[string]any{"code": *a.Data.Card.Code}).
			Expect(http.StatusConflict)
		if n, err := e.App.GiftCards.ExpireDue(context.Background()); err != nil || n != 0 {
			t.Fatalf("second sweep: %d %v", n, err)
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardSweepExpires(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 3000000)
		for range 3 {
			buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated)
		}
		e.Clock.Advance(9000 * time.Hour)
		ada = e.Login(ada.Email, ada.Password)
		if err := e.App.GiftCards.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := ledger(t, e, money.KindPlatformRevenue); got != 3000000 {
			t.Fatalf("revenue %d", got)
		}
		var list cardList
		e.Get("/api/v1/gift-cards/purchased", ada.AccessToken).JSON(&list)
		for _, c := range list.Data {
			if c.Status != "expired" || c.Balance != 0 {
				t.Fatalf("card after sweep: %+v", c)
			}
		}
		verify(t, e)
	})
}

func TestIntegrationGiftCardRedeemRateLimit(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		bola := e.Register("bola@example.com", "bola")
		guess := map[string]any{"code": "AAAA-BBBB-CCCC-DDDD-EEEE"}
		// Per user: ten attempts, then 429 with Retry-After, even from another address.
		e.IP = "198.51.100.1"
		for range 10 {
			e.Post("/api/v1/gift-cards/redeem", ada.AccessToken, guess).Expect(http.StatusUnprocessableEntity)
		}
		e.IP = "198.51.100.2"
		r := e.Post("/api/v1/gift-cards/redeem", ada.AccessToken, guess).Expect(http.StatusTooManyRequests)
		if r.Header.Get("Retry-After") == "" || r.ErrCode() != "rate_limited" {
			t.Fatalf("429 without Retry-After: %v %s", r.Header, r.Body)
		}
		// Per IP: another user from the same address shares its budget (a try refused
		// for the user's limit is not counted against the address).
		for range 10 {
			e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, guess).Expect(http.StatusUnprocessableEntity)
		}
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, guess).Expect(http.StatusTooManyRequests)
		// The window passes.
		e.Clock.Advance(15 * time.Minute)
		e.Post("/api/v1/gift-cards/redeem", bola.AccessToken, guess).Expect(http.StatusUnprocessableEntity)
	})
}

func TestIntegrationGiftCardEventsAreAppendOnly(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("admin@example.com", "admin")
		ada := e.Register("ada@example.com", "ada")
		e.VerifyEmail(ada)
		p := travelGift(t, e, admin.AccessToken)
		fund(t, e, ada.UserID, 1000000)
		buy(e, ada.AccessToken, p.ID, 1000000, "bola@example.com", nil).Expect(http.StatusCreated)
		ctx := context.Background()
		if _, err := e.DB.ExecContext(ctx, "UPDATE gift_card_events SET amount = 1"); err == nil {
			t.Fatal("an event was updated")
		}
		if _, err := e.DB.ExecContext(ctx, "DELETE FROM gift_card_events"); err == nil {
			t.Fatal("an event was deleted")
		}
		var n int
		if err := e.DB.NewRaw("SELECT count(*) FROM gift_card_events WHERE amount = 1000000").Scan(ctx, &n); err != nil || n != 2 {
			t.Fatalf("events %d (%v), want issued and sent", n, err)
		}
	})
}
