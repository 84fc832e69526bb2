package support_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func mustExec(t *testing.T, e *testkit.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.DB.NewRaw(q, args...).Exec(ctx); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.NewRaw(q, args...).Scan(ctx, &n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// paidOrder makes a store with one product and has a funded shopper buy it
// from the wallet; it answers the order's id and total.
func paidOrder(t *testing.T, e *testkit.Env, buyer *testkit.Session) (string, int64) {
	t.Helper()
	name := "v" + strings.ReplaceAll(ids.New(), "-", "")[24:]
	v := e.Register(name+"@example.com", name)
	e.GrantRole(v.UserID, "vendor")
	now := e.Clock.Now()
	storeID, catID, productID, variantID := ids.New(), ids.New(), ids.New(), ids.New()
	mustExec(t, e, `INSERT INTO shop_stores (id, user_id, name, slug, return_days, shipping, created_at, updated_at)
		VALUES (?, ?, ?, ?, 7, ?, ?, ?)`, storeID, v.UserID, "Store "+name, "store-"+name,
		`[{"code":"standard","label":"Standard","fee":150000,"min_days":2,"max_days":5}]`, now, now)
	mustExec(t, e, `INSERT INTO shop_categories (id, name, slug, path, depth, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?)`, catID, "Cat "+name, "cat-"+name, catID+"/", now, now)
	mustExec(t, e, `INSERT INTO shop_products (id, store_id, vendor_id, category_id, category_path, title, status,
		min_price, max_price, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'Kente scarf', 'published', 500000, 500000, 'NGN', ?, ?)`,
		productID, storeID, v.UserID, catID, catID+"/", now, now)
	mustExec(t, e, `INSERT INTO shop_variants (id, product_id, store_id, title, sku, price, currency, stock,
		weight_grams, created_at, updated_at) VALUES (?, ?, ?, '', ?, 500000, 'NGN', 5, 500, ?, ?)`,
		variantID, productID, storeID, "SKU-"+name, now, now)
	e.Fund(t, buyer.UserID, 5_000_000)
	a := e.Post("/api/v1/shop/addresses", buyer.AccessToken, map[string]any{"recipient_name": "Ada",
		"phone": "+234 803 555 0101", "line1": "12 Admiralty Way", "city": "Lagos", "state": "Lagos", "country": "ng"}).
		Expect(http.StatusCreated).Data()
	e.Post("/api/v1/shop/cart/items", buyer.AccessToken, map[string]any{"variant_id": variantID, "quantity": 1}).
		Expect(http.StatusOK)
	q := e.Post("/api/v1/shop/checkout/quote", buyer.AccessToken, map[string]any{"address_id": a["id"]}).
		Expect(http.StatusOK).Data()
	total := int64(q["total"].(map[string]any)["amount"].(float64))
	g := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/shop/checkout", Token: buyer.AccessToken,
		Header: map[string]string{"Idempotency-Key": ids.New()},
		Body:   map[string]any{"address_id": a["id"], "pay_with": "wallet", "expected_total": total}}).
		Expect(http.StatusCreated).Data()["group"].(map[string]any)
	o := g["orders"].([]any)[0].(map[string]any)
	return o["id"].(string), total
}

func ticketOf(d map[string]any) map[string]any { return d["ticket"].(map[string]any) }

func file(e *testkit.Env, token string, body map[string]any) *testkit.Resp {
	b := map[string]any{"subject": "My parcel has not arrived", "category": "order", "body": "It was due last week."}
	for k, v := range body {
		b[k] = v
	}
	return e.Post("/api/v1/support/tickets", token, b)
}

// A ticket linked to one's own order: others never read it, nor link
// someone else's order; internal notes stay with admins; the admin's
// refund action moves the money through the shop, audit-logged.
func TestIntegrationSupportTicketAndRefund(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("agent@example.com", "agent")
		ada := e.Register("ada@example.com", "ada")
		bob := e.Register("bob@example.com", "bob")
		orderID, total := paidOrder(t, e, ada)

		// Ada's linkables hold her order; Bob's do not.
		items := e.Get("/api/v1/support/linkables", ada.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(items) != 1 || items[0].(map[string]any)["id"] != orderID {
			t.Fatalf("linkables: %v", items)
		}
		if n := len(e.Get("/api/v1/support/linkables", bob.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("bob's linkables: %d", n)
		}
		// Bob cannot link Ada's order; an unknown kind is 422; nothing is stored.
		file(e, bob.AccessToken, map[string]any{"link_kind": "shop_order", "link_id": orderID}).Expect(http.StatusNotFound)
		file(e, bob.AccessToken, map[string]any{"link_kind": "spaceship", "link_id": orderID}).Expect(http.StatusUnprocessableEntity)
		// Bounds: 4xx and nothing changed.
		file(e, ada.AccessToken, map[string]any{"subject": strings.Repeat("x", 151)}).Expect(http.StatusUnprocessableEntity)
		file(e, ada.AccessToken, map[string]any{"body": strings.Repeat("x", 5001)}).Expect(http.StatusUnprocessableEntity)
		file(e, ada.AccessToken, map[string]any{"category": "nonsense"}).Expect(http.StatusUnprocessableEntity)
		file(e, ada.AccessToken, map[string]any{"subject": "bad\x00"}).Expect(http.StatusUnprocessableEntity)
		if n := count(t, e, "SELECT count(*) FROM support_tickets"); n != 0 {
			t.Fatalf("tickets after refusals: %d", n)
		}

		d := file(e, ada.AccessToken, map[string]any{"link_kind": "shop_order", "link_id": orderID}).
			Expect(http.StatusCreated).Data()
		tk := ticketOf(d)
		id := tk["id"].(string)
		if tk["status"] != "open" || tk["link"].(map[string]any)["id"] != orderID || tk["sla"] != nil {
			t.Fatalf("ticket: %v", tk)
		}
		// Nobody else reads it (404), nor replies to it.
		e.Get("/api/v1/support/tickets/"+id, bob.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/support/tickets/"+id+"/messages", bob.AccessToken, map[string]any{"body": "hi"}).Expect(http.StatusNotFound)
		if n := len(e.Get("/api/v1/support/tickets", bob.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)); n != 0 {
			t.Fatalf("bob's list: %d", n)
		}

		// The admin sees it in the queue with its SLA and the refund offered.
		q := e.Get("/api/v1/admin/support/tickets?status=active", admin.AccessToken).Expect(http.StatusOK).Map()
		if len(q["data"].([]any)) != 1 || q["data"].([]any)[0].(map[string]any)["sla"] == nil {
			t.Fatalf("queue: %v", q)
		}
		ad := e.Get("/api/v1/admin/support/tickets/"+id, admin.AccessToken).Expect(http.StatusOK).Data()
		acts := ad["actions"].([]any)
		if len(acts) != 1 || acts[0].(map[string]any)["name"] != "refund_order" {
			t.Fatalf("actions: %v", ad["actions"])
		}
		// An internal note never reaches Ada; a reply does and makes it pending.
		e.Post("/api/v1/admin/support/tickets/"+id+"/messages", admin.AccessToken,
			map[string]any{"body": "Courier lost it, refund.", "internal": true}).Expect(http.StatusCreated)
		e.Post("/api/v1/admin/support/tickets/"+id+"/messages", admin.AccessToken,
			map[string]any{"body": "Sorry! We are refunding you."}).Expect(http.StatusCreated)
		mine := e.Get("/api/v1/support/tickets/"+id, ada.AccessToken).Expect(http.StatusOK)
		if strings.Contains(string(mine.Body), "Courier lost it") || ticketOf(mine.Data())["status"] != "pending" {
			t.Fatalf("requester view: %s", mine.Body)
		}
		if len(mine.Data()["messages"].([]any)) != 2 {
			t.Fatalf("messages: %s", mine.Body)
		}

		// The refund through the shop: money back in Ada's wallet, audit rows, ledger clean.
		before := e.Balance(t, ada.UserID)
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/admin/support/tickets/" + id + "/actions",
			Token: admin.AccessToken, Header: map[string]string{"Idempotency-Key": ids.New()},
			Body: map[string]any{"action": "refund_order", "reason": "Lost by the courier"}}).Expect(http.StatusOK)
		if got := e.Balance(t, ada.UserID); got != before+total {
			t.Fatalf("balance %d, want %d", got, before+total)
		}
		if n := count(t, e, "SELECT count(*) FROM audit_log WHERE action = 'shop_order.refund' AND target_id = ?", orderID); n != 1 {
			t.Fatalf("shop audit rows: %d", n)
		}
		if n := count(t, e, "SELECT count(*) FROM audit_log WHERE action = 'support_ticket.action' AND target_id = ?", id); n != 1 {
			t.Fatalf("support audit rows: %d", n)
		}
		// Nothing left to refund: the action is no longer offered nor run.
		ad = e.Get("/api/v1/admin/support/tickets/"+id, admin.AccessToken).Expect(http.StatusOK).Data()
		if ad["actions"] != nil && len(ad["actions"].([]any)) != 0 {
			t.Fatalf("actions after refund: %v", ad["actions"])
		}
		e.Post("/api/v1/admin/support/tickets/"+id+"/actions", admin.AccessToken, map[string]any{"action": "refund_order"}).
			Expect(http.StatusConflict)
		e.VerifyLedger(t)
	})
}

// The state machine: a reply reopens a pending or solved ticket, closed is
// final, rating once after solving; solved tickets close by the chore.
func TestIntegrationSupportStates(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("agent@example.com", "agent")
		ada := e.Register("ada@example.com", "ada")
		id := ticketOf(file(e, ada.AccessToken, map[string]any{"category": "account"}).Expect(http.StatusCreated).Data())["id"].(string)
		path, apath := "/api/v1/support/tickets/"+id, "/api/v1/admin/support/tickets/"+id
		status := func() string {
			return ticketOf(e.Get(path, ada.AccessToken).Expect(http.StatusOK).Data())["status"].(string)
		}
		e.Post(path+"/rating", ada.AccessToken, map[string]any{"rating": 5}).Expect(http.StatusConflict)
		e.Post(apath+"/messages", admin.AccessToken, map[string]any{"body": "Which account?"}).Expect(http.StatusCreated)
		if s := status(); s != "pending" {
			t.Fatalf("after reply: %s", s)
		}
		e.Post(path+"/messages", ada.AccessToken, map[string]any{"body": "This one."}).Expect(http.StatusCreated)
		if s := status(); s != "open" {
			t.Fatalf("requester replied: %s", s)
		}
		e.Patch(apath, admin.AccessToken, map[string]any{"status": "solved"}).Expect(http.StatusOK)
		e.Post(path+"/messages", ada.AccessToken, map[string]any{"body": "Still broken."}).Expect(http.StatusCreated)
		if s := status(); s != "open" {
			t.Fatalf("reopened: %s", s)
		}
		e.Patch(apath, admin.AccessToken, map[string]any{"status": "bogus"}).Expect(http.StatusUnprocessableEntity)
		e.Patch(apath, admin.AccessToken, map[string]any{"status": "solved"}).Expect(http.StatusOK)
		e.Post(path+"/rating", ada.AccessToken, map[string]any{"rating": 6}).Expect(http.StatusUnprocessableEntity)
		e.Post(path+"/rating", ada.AccessToken, map[string]any{"rating": 4, "comment": "Quick, thanks"}).Expect(http.StatusOK)
		e.Post(path+"/rating", ada.AccessToken, map[string]any{"rating": 1}).Expect(http.StatusConflict)
		if n := count(t, e, "SELECT count(*) FROM audit_log WHERE action = 'support_ticket.update' AND target_id = ?", id); n != 2 {
			t.Fatalf("update audit rows: %d", n)
		}

		// The chore leaves it solved for 7 days, then closes it; closed is final.
		e.Clock.Advance(6 * 24 * time.Hour)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := count(t, e, "SELECT count(*) FROM support_tickets WHERE status = 'solved'"); n != 1 {
			t.Fatalf("closed too early")
		}
		e.Clock.Advance(2 * 24 * time.Hour)
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		ada = e.Login("ada@example.com", ada.Password)
		admin = e.Login("agent@example.com", admin.Password)
		if s := status(); s != "closed" {
			t.Fatalf("after the chore: %s", s)
		}
		e.Post(path+"/messages", ada.AccessToken, map[string]any{"body": "Hello?"}).Expect(http.StatusConflict)
		e.Patch(apath, admin.AccessToken, map[string]any{"status": "open"}).Expect(http.StatusConflict)
	})
}

// SLA: a high-priority ticket unanswered past 4 hours is breached, listed
// by ?breached=true and flagged once by the chore.
func TestIntegrationSupportSLA(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("agent@example.com", "agent")
		ada := e.Register("ada@example.com", "ada")
		hi := ticketOf(file(e, ada.AccessToken, map[string]any{"priority": "high"}).Expect(http.StatusCreated).Data())["id"].(string)
		lo := ticketOf(file(e, ada.AccessToken, map[string]any{"priority": "low"}).Expect(http.StatusCreated).Data())["id"].(string)
		breached := func() []any {
			return e.Get("/api/v1/admin/support/tickets?breached=true", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		}
		if n := len(breached()); n != 0 {
			t.Fatalf("breached at once: %d", n)
		}
		e.Clock.Advance(5 * time.Hour)
		admin = e.Login("agent@example.com", admin.Password)
		b := breached()
		if len(b) != 1 || b[0].(map[string]any)["id"] != hi ||
			!b[0].(map[string]any)["sla"].(map[string]any)["first_response_breached"].(bool) {
			t.Fatalf("breached after 5h: %v", b)
		}
		low := e.Get("/api/v1/admin/support/tickets/"+lo, admin.AccessToken).Expect(http.StatusOK).Data()
		if ticketOf(low)["sla"].(map[string]any)["first_response_breached"].(bool) {
			t.Fatalf("low breached: %v", low)
		}
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		if n := count(t, e, "SELECT count(*) FROM domain_events WHERE type = 'support.sla_breach'"); n != 1 {
			t.Fatalf("breach events: %d", n)
		}
	})
}

// A contact-form message arrives in the queue as a ticket.
func TestIntegrationSupportFromContact(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("agent@example.com", "agent")
		e.Post("/api/v1/contact", "", map[string]any{"name": "Guest", "email": "guest@example.com",
			"subject": "Group tour", "message": "Can I book a tour for twelve people?"}).Expect(http.StatusCreated)
		q := e.Get("/api/v1/admin/support/tickets", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(q) != 1 {
			t.Fatalf("queue: %v", q)
		}
		tk := q[0].(map[string]any)
		if tk["portal"] != "contact" || tk["subject"] != "Group tour" || tk["requester"].(map[string]any)["email"] != "guest@example.com" {
			t.Fatalf("ticket: %v", tk)
		}
		d := e.Get("/api/v1/admin/support/tickets/"+tk["id"].(string), admin.AccessToken).Expect(http.StatusOK).Data()
		if m := d["messages"].([]any); len(m) != 1 || m[0].(map[string]any)["body"] != "Can I book a tour for twelve people?" {
			t.Fatalf("messages: %v", d["messages"])
		}
	})
}

// FAQs: admins edit them, anyone searches them.
func TestIntegrationSupportFAQs(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		admin := e.Admin("agent@example.com", "agent")
		f := e.Post("/api/v1/admin/support/faqs", admin.AccessToken, map[string]any{"category": "Refunds",
			"question": "How long does a refund take?", "answer": "Wallet refunds are instant."}).Expect(http.StatusCreated).Data()
		e.Post("/api/v1/admin/support/faqs", admin.AccessToken, map[string]any{"category": "Bookings",
			"question": "Can I reschedule?", "answer": "Yes, up to 24 hours before.", "position": 1}).Expect(http.StatusCreated)
		e.Post("/api/v1/admin/support/faqs", admin.AccessToken, map[string]any{"category": "", "question": "q", "answer": "a"}).
			Expect(http.StatusUnprocessableEntity)
		all := e.Get("/api/v1/support/faqs", "").Expect(http.StatusOK).Map()["data"].([]any)
		if len(all) != 2 {
			t.Fatalf("faqs: %v", all)
		}
		got := e.Get("/api/v1/support/faqs?q=refund", "").Expect(http.StatusOK).Map()["data"].([]any)
		if len(got) != 1 || got[0].(map[string]any)["id"] != f["id"] {
			t.Fatalf("search: %v", got)
		}
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/admin/support/faqs/" + f["id"].(string), Token: admin.AccessToken}).
			Expect(http.StatusNoContent)
		c := e.Post("/api/v1/admin/support/canned-replies", admin.AccessToken, map[string]any{"title": "Refund sent",
			"body": "We refunded your order to your wallet."}).Expect(http.StatusCreated).Data()
		if l := e.Get("/api/v1/admin/support/canned-replies", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any); len(l) != 1 || l[0].(map[string]any)["id"] != c["id"] {
			t.Fatalf("canned: %v", l)
		}
	})
}
