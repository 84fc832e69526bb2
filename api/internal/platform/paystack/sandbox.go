package paystack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/clock"
)

// SandboxConfig configures the sandbox.
type SandboxConfig struct {
	// SecretKey is the key the sandbox requires on its API and signs its
	// webhooks with (the app uses a fixed development key).
	SecretKey string
	// PublicOrigin is the scheme and host the customer's browser reaches the
	// sandbox at, for authorization_url. Default: the origin of the
	// initialize request.
	PublicOrigin func(c fiber.Ctx) string
	// WebhookURL receives the signed events; empty delivers nothing.
	WebhookURL string
	// HTTPClient delivers the webhooks (tests route it into the Fiber app
	// with FiberTransport). Default: a client with a 10 s timeout.
	HTTPClient *http.Client
	// DB holds the sandbox's state (the paystack_sandbox_* tables).
	DB    bun.IDB
	Clock clock.Clock
	Log   *slog.Logger
}

// Sandbox answers Paystack's API for development and tests (see the package
// documentation for its rules).
type Sandbox struct {
	cfg      SandboxConfig
	store    sbStore
	inflight sync.WaitGroup
	// backoff is the pause before the second delivery attempt (doubled for
	// the third).
	backoff time.Duration
}

// The integration every sandbox object belongs to, as Paystack shows it.
const (
	sbIntegration  = 100043
	sbBusinessName = "Sojourn Sandbox"
	sbDomain       = "test"
	// deliveryAttempts bounds webhook retries: enough to ride out a restart
	// of the receiver in development, few enough to keep checkout quick.
	deliveryAttempts = 3
	// asyncTimeout bounds one asynchronous settlement and its deliveries.
	asyncTimeout = 2 * time.Minute
)

// NewSandbox makes a sandbox. DB is required.
func NewSandbox(cfg SandboxConfig) *Sandbox {
	if cfg.DB == nil {
		panic("paystack: NewSandbox needs a DB")
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.System{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if cfg.PublicOrigin == nil {
		cfg.PublicOrigin = func(c fiber.Ctx) string { return c.Scheme() + "://" + c.Host() }
	}
	return &Sandbox{cfg: cfg, store: sbStore{db: cfg.DB}, backoff: 200 * time.Millisecond}
}

// Register mounts the sandbox's API and checkout page on r (the app mounts it
// at /_sandbox/paystack).
func (s *Sandbox) Register(r fiber.Router) {
	r.Post("/transaction/initialize", s.auth, s.initialize)
	r.Get("/transaction/verify/:reference", s.auth, s.verify)
	r.Get("/bank", s.auth, s.listBanks)
	r.Post("/transferrecipient", s.auth, s.createRecipient)
	r.Post("/transfer", s.auth, s.transfer)
	r.Post("/refund", s.auth, s.refund)
	r.Get("/checkout/:access_code", s.checkoutPage)
	r.Post("/checkout/:access_code", s.checkoutSubmit)
}

// Wait blocks until every asynchronous settlement and webhook delivery
// started so far has finished.
func (s *Sandbox) Wait() { s.inflight.Wait() }

// Deliver posts one signed event to the webhook URL, trying up to three times
// on a network error or a non-2xx answer. Tests use it to replay events.
func (s *Sandbox) Deliver(ctx context.Context, event string, data any) error {
	body, err := json.Marshal(struct {
		Event string `json:"event"`
		Data  any    `json:"data"`
	}{event, data})
	if err != nil {
		return fmt.Errorf("paystack sandbox: encode %s: %w", event, err)
	}
	if s.cfg.WebhookURL == "" {
		s.cfg.Log.Debug("paystack sandbox: no webhook url, event dropped", "event", event)
		return nil
	}
	sig := Sign(s.cfg.SecretKey, body)
	var last error
	for attempt := 1; attempt <= deliveryAttempts; attempt++ {
		last = s.post(ctx, body, sig)
		if last == nil {
			s.cfg.Log.Info("paystack sandbox: webhook delivered", "event", event, "attempt", attempt)
			return nil
		}
		s.cfg.Log.Warn("paystack sandbox: webhook delivery failed", "event", event, "attempt", attempt, "err", last)
		if attempt < deliveryAttempts {
			select {
			case <-ctx.Done():
				return fmt.Errorf("paystack sandbox: deliver %s: %w", event, ctx.Err())
			case <-time.After(s.backoff << (attempt - 1)):
			}
		}
	}
	s.cfg.Log.Error("paystack sandbox: webhook given up", "event", event, "attempts", deliveryAttempts, "err", last)
	return fmt.Errorf("paystack sandbox: deliver %s: %w", event, last)
}

func (s *Sandbox) post(ctx context.Context, body []byte, sig string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Paystack-Signature", sig)
	req.Header.Set("User-Agent", "Sojourn-Paystack-Sandbox")
	resp, err := s.cfg.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("webhook answered %d", resp.StatusCode)
	}
	return nil
}

// async runs fn after the handler that starts it has returned, so the API
// answer is on its way before the event it announces (as with Paystack, a
// receiver must still accept an event that arrives before the answer).
func (s *Sandbox) async(handlerDone <-chan struct{}, name string, fn func(ctx context.Context) error) {
	s.inflight.Add(1)
	go func() {
		defer s.inflight.Done()
		<-handlerDone
		ctx, cancel := context.WithTimeout(context.Background(), asyncTimeout)
		defer cancel()
		if err := fn(ctx); err != nil {
			s.cfg.Log.Error("paystack sandbox: "+name, "err", err)
		}
	}()
}

// --- API answers ---

func ok(c fiber.Ctx, status int, message string, data any) error {
	return c.Status(status).JSON(fiber.Map{"status": true, "message": message, "data": data})
}

func fail(c fiber.Ctx, status int, message string) error {
	return c.Status(status).JSON(fiber.Map{"status": false, "message": message})
}

// failValidation is Paystack's richer validation refusal.
func failValidation(c fiber.Ctx, message, code, next string) error {
	body := fiber.Map{"status": false, "message": message, "type": "validation_error", "code": code}
	if next != "" {
		body["meta"] = fiber.Map{"nextStep": next}
	}
	return c.Status(http.StatusBadRequest).JSON(body)
}

// auth requires "Authorization: Bearer <SecretKey>", compared in constant time.
func (s *Sandbox) auth(c fiber.Ctx) error {
	h := c.Get(fiber.HeaderAuthorization)
	key, found := strings.CutPrefix(h, "Bearer ")
	if !found || s.cfg.SecretKey == "" || subtle.ConstantTimeCompare([]byte(key), []byte(s.cfg.SecretKey)) != 1 {
		return fail(c, http.StatusUnauthorized, "Invalid key")
	}
	return c.Next()
}

// body decodes a JSON object body field by field, so each field can be
// checked the loose way Paystack accepts it (amount as 5000 or "5000").
type body map[string]json.RawMessage

func readBody(c fiber.Ctx) (body, bool) {
	b := bytes.TrimSpace(c.Body())
	m := body{}
	if len(b) == 0 {
		return m, true
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, false
	}
	return m, true
}

// str reads a string field; a number is taken as its literal text (account
// numbers and transaction ids arrive either way). Missing or null is "".
func (b body) str(k string) string {
	raw, found := b[k]
	if !found {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&n) == nil {
		return n.String()
	}
	return ""
}

// amount reads a positive integer amount given as a number or a digit
// string. A fraction, zero, a negative or anything else is refused.
func (b body) amount(k string) (int64, bool) {
	raw, found := b[k]
	if !found {
		return 0, false
	}
	s := string(bytes.TrimSpace(raw))
	if len(s) >= 2 && s[0] == '"' {
		if json.Unmarshal(raw, &s) != nil {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

func ptime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

func ptimeOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return ptime(*t)
}

// validReference is Paystack's rule for transaction references: letters,
// digits, "-", "." and "=".
func validReference(r string) bool {
	if r == "" || len(r) > 100 {
		return false
	}
	for _, ch := range r {
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '.' || ch == '=') {
			return false
		}
	}
	return true
}

// validTransferReference is Paystack's stricter rule for transfer
// references: lowercase letters, digits, "-" and "_".
func validTransferReference(r string) bool {
	if r == "" || len(r) > 100 {
		return false
	}
	for _, ch := range r {
		if !(ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9' || ch == '-' || ch == '_') {
			return false
		}
	}
	return true
}

// --- transactions ---

func (s *Sandbox) initialize(c fiber.Ctx) error {
	b, parsed := readBody(c)
	if !parsed {
		return fail(c, http.StatusBadRequest, "Invalid JSON body")
	}
	email := b.str("email")
	if email == "" {
		return fail(c, http.StatusBadRequest, "Email is not allowed to be empty")
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		return fail(c, http.StatusBadRequest, "Invalid Email Address Passed")
	}
	amount, valid := b.amount("amount")
	if !valid {
		return fail(c, http.StatusBadRequest, "Invalid Amount Sent")
	}
	currency := strings.ToUpper(b.str("currency"))
	if currency == "" {
		currency = "NGN"
	}
	if !SupportedCurrency(currency) {
		return fail(c, http.StatusBadRequest, "Currency not supported by merchant")
	}
	ref := b.str("reference")
	if ref == "" {
		ref = code(12)
	} else if !validReference(ref) {
		return fail(c, http.StatusBadRequest, "Invalid character in transaction reference")
	}
	callback := b.str("callback_url")
	if callback != "" {
		u, err := url.Parse(callback)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fail(c, http.StatusBadRequest, "callback_url must be a fully qualified url")
		}
	}
	meta := ""
	if raw, found := b["metadata"]; found && !bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		meta = string(raw)
	}
	now := s.cfg.Clock.Now()
	t := &sbTransaction{
		ID: newID(), Reference: ref, AccessCode: code(16), Email: email, Amount: amount, Currency: currency,
		CallbackURL: callback, Metadata: meta, Status: StatusAbandoned,
		GatewayResponse: "The transaction was not completed", CheckoutState: "open",
		CreatedAt: now, UpdatedAt: now,
	}
	if err := s.store.createTransaction(c.Context(), t); errors.Is(err, errDuplicate) {
		return failValidation(c, "Duplicate Transaction Reference", "duplicate_reference",
			"Try and create the Transaction or Charge with a new reference")
	} else if err != nil {
		return s.internal(c, "initialize", err)
	}
	mount := strings.TrimSuffix(c.Route().Path, "/transaction/initialize")
	return ok(c, http.StatusOK, "Authorization URL created", fiber.Map{
		"authorization_url": strings.TrimRight(s.cfg.PublicOrigin(c), "/") + mount + "/checkout/" + t.AccessCode,
		"access_code":       t.AccessCode,
		"reference":         t.Reference,
	})
}

func (s *Sandbox) verify(c fiber.Ctx) error {
	t, err := s.store.transactionByReference(c.Context(), c.Params("reference"))
	if errors.Is(err, errNotFound) {
		return fail(c, http.StatusBadRequest, "Transaction reference not found")
	} else if err != nil {
		return s.internal(c, "verify", err)
	}
	return ok(c, http.StatusOK, "Verification successful", transactionJSON(t))
}

func (s *Sandbox) internal(c fiber.Ctx, op string, err error) error {
	s.cfg.Log.Error("paystack sandbox: "+op, "err", err)
	return fail(c, http.StatusInternalServerError, "An error occurred")
}

// transactionJSON is a transaction as verify answers and charge.success
// carries it.
func transactionJSON(t *sbTransaction) fiber.Map {
	var meta any = "" // Paystack answers "" for a transaction without metadata
	if t.Metadata != "" {
		meta = json.RawMessage(t.Metadata)
	}
	paid := t.PaidAt != nil
	var fees any
	authorization := fiber.Map{}
	if paid {
		fees = feesFor(t.Amount, t.Currency)
		authorization = fiber.Map{
			"authorization_code": "AUTH_" + digest("auth", t.Reference, 10), "bin": "408408", "last4": "4081",
			"exp_month": "12", "exp_year": "2030", "channel": "card", "card_type": "visa", "bank": "TEST BANK",
			"country_code": "NG", "brand": "visa", "reusable": true, "signature": "SIG_" + digest("sig", t.Email, 20),
			"account_name": nil, "receiver_bank_account_number": nil, "receiver_bank": nil,
		}
	}
	created := ptime(t.CreatedAt)
	return fiber.Map{
		"id": t.PaystackID, "domain": sbDomain, "status": t.Status, "reference": t.Reference,
		"receipt_number": nil, "amount": t.Amount, "message": nil, "gateway_response": t.GatewayResponse,
		"helpdesk_link": nil, "paid_at": ptimeOrNil(t.PaidAt), "created_at": created, "channel": "card",
		"currency": t.Currency, "ip_address": nilIfEmpty(t.IPAddress), "metadata": meta, "log": nil,
		"fees": fees, "fees_split": nil, "authorization": authorization, "customer": customerJSON(t.Email),
		"plan": nil, "subaccount": fiber.Map{}, "split": fiber.Map{}, "order_id": nil,
		"paidAt": ptimeOrNil(t.PaidAt), "createdAt": created, "requested_amount": t.Amount,
		"pos_transaction_data": nil, "source": nil, "fees_breakdown": nil, "connect": nil,
	}
}

// customerJSON derives a stable customer from the email, as Paystack keeps
// one customer per email per integration.
func customerJSON(email string) fiber.Map {
	return fiber.Map{
		"id": customerID(email), "first_name": nil, "last_name": nil, "email": email,
		"customer_code": "CUS_" + digest("customer", strings.ToLower(email), 15), "phone": nil,
		"metadata": nil, "risk_action": "default", "international_format_phone": nil,
	}
}

func customerID(email string) int64 {
	sum := sha256.Sum256([]byte("customer-id:" + strings.ToLower(email)))
	return 100_000_000 + int64(binary.BigEndian.Uint64(sum[:8])%900_000_000)
}

// digest is a stable [a-z0-9] code of n characters derived from the inputs.
func digest(kind, value string, n int) string {
	sum := sha256.Sum256([]byte(kind + ":" + value))
	s := new(big.Int).SetBytes(sum[:]).Text(36)
	for len(s) < n {
		s = "0" + s
	}
	return s[:n]
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// feesFor is Paystack's local Nigerian card pricing (1.5%, plus NGN 100 from
// NGN 2,500, capped at NGN 2,000). Other currencies show no fee: the sandbox
// only needs a plausible number, and nothing in Sojourn books Paystack's fee.
func feesFor(amount int64, currency string) int64 {
	if currency != "NGN" {
		return 0
	}
	fee := amount * 15 / 1000
	if amount >= 250_000 {
		fee += 10_000
	}
	return min(fee, 200_000)
}

// --- banks and recipients ---

func (s *Sandbox) listBanks(c fiber.Ctx) error {
	currency := strings.ToUpper(c.Query("currency"))
	if currency == "" {
		currency = currencyOfCountry[strings.ToLower(c.Query("country"))]
	}
	if currency == "" {
		currency = "NGN" // Paystack lists Nigerian banks when asked for nothing else
	}
	list := []fiber.Map{}
	for _, b := range banksOf(currency) {
		list = append(list, bankJSON(b))
	}
	return c.Status(http.StatusOK).JSON(fiber.Map{
		"status": true, "message": "Banks retrieved", "data": list,
		"meta": fiber.Map{"next": nil, "previous": nil, "perPage": len(list)},
	})
}

func bankJSON(b Bank) fiber.Map {
	return fiber.Map{
		"id": b.ID, "name": b.Name, "slug": b.Slug, "code": b.Code, "longcode": b.LongCode, "gateway": nil,
		"pay_with_bank": b.PayWithBank, "supports_transfer": b.SupportsTransfer, "available_for_direct_debit": false,
		"active": b.Active, "is_deleted": false, "country": b.Country, "currency": b.Currency, "type": b.Type,
		"createdAt": "2016-07-14T10:04:29.000Z", "updatedAt": "2024-01-15T09:00:00.000Z",
	}
}

var recipientTypes = map[string]bool{"nuban": true, "ghipss": true, "mobile_money": true, "basa": true, "kepss": true}

func (s *Sandbox) createRecipient(c fiber.Ctx) error {
	b, parsed := readBody(c)
	if !parsed {
		return fail(c, http.StatusBadRequest, "Invalid JSON body")
	}
	typ := b.str("type")
	if !recipientTypes[typ] {
		return fail(c, http.StatusBadRequest, "Invalid recipient type")
	}
	name := b.str("name")
	if name == "" {
		return fail(c, http.StatusBadRequest, "Name is required")
	}
	acct := b.str("account_number")
	if acct == "" {
		return fail(c, http.StatusBadRequest, "Account number is required")
	}
	bankCode := b.str("bank_code")
	if bankCode == "" {
		return fail(c, http.StatusBadRequest, "bank_code is required")
	}
	currency := strings.ToUpper(b.str("currency"))
	if currency == "" {
		currency = "NGN"
	}
	if !AccountNumberValid(currency, acct) {
		return fail(c, http.StatusBadRequest, "Account number is invalid")
	}
	bank, known := bankByCode(currency, bankCode)
	if !known {
		return fail(c, http.StatusBadRequest, "Unknown bank code")
	}
	now := s.cfg.Clock.Now()
	r := &sbRecipient{
		ID: newID(), RecipientCode: "RCP_" + code(15), Type: typ, Name: name, AccountNumber: acct,
		BankCode: bank.Code, BankName: bank.Name, Currency: currency, Description: b.str("description"),
		CreatedAt: now, UpdatedAt: now,
	}
	if err := s.store.createRecipient(c.Context(), r); err != nil {
		return s.internal(c, "create recipient", err)
	}
	data := recipientJSON(r, false)
	return ok(c, http.StatusCreated, "Transfer recipient created successfully", data)
}

// AccountNumberValid says whether an account number has the shape Paystack
// takes in a currency: a NUBAN of exactly 10 digits in Nigeria; 6-20 digits
// elsewhere (Ghanaian, Kenyan and South African bank accounts and mobile-money
// numbers vary in length).
func AccountNumberValid(currency, s string) bool {
	n := len(s)
	if currency == "NGN" {
		if n != 10 {
			return false
		}
	} else if n < 6 || n > 20 {
		return false
	}
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return false
		}
	}
	return true
}

// recipientJSON is a recipient as its own endpoint answers it (camelCase
// times) or as a transfer event nests it (snake_case times).
func recipientJSON(r *sbRecipient, nested bool) fiber.Map {
	m := fiber.Map{
		"active": true, "currency": r.Currency, "description": r.Description, "domain": sbDomain,
		"email": nil, "id": r.PaystackID, "integration": sbIntegration, "metadata": nil, "name": r.Name,
		"recipient_code": r.RecipientCode, "type": r.Type, "is_deleted": false,
		"details": fiber.Map{
			"authorization_code": nil, "account_number": r.AccountNumber, "account_name": r.Name,
			"bank_code": r.BankCode, "bank_name": r.BankName,
		},
	}
	if nested {
		m["created_at"], m["updated_at"] = ptime(r.CreatedAt), ptime(r.UpdatedAt)
	} else {
		m["createdAt"], m["updatedAt"], m["isDeleted"] = ptime(r.CreatedAt), ptime(r.UpdatedAt), false
	}
	return m
}

// --- transfers ---

func (s *Sandbox) transfer(c fiber.Ctx) error {
	b, parsed := readBody(c)
	if !parsed {
		return fail(c, http.StatusBadRequest, "Invalid JSON body")
	}
	source := b.str("source")
	if source != "balance" {
		return fail(c, http.StatusBadRequest, "Invalid transfer source. Only balance is supported")
	}
	amount, valid := b.amount("amount")
	if !valid {
		return fail(c, http.StatusBadRequest, "Invalid amount passed.")
	}
	rcp, err := s.store.recipientBy(c.Context(), "recipient_code", b.str("recipient"))
	if errors.Is(err, errNotFound) {
		return fail(c, http.StatusBadRequest, "Recipient specified is invalid")
	} else if err != nil {
		return s.internal(c, "transfer", err)
	}
	currency := strings.ToUpper(b.str("currency"))
	if currency == "" {
		currency = rcp.Currency
	}
	if currency != rcp.Currency {
		return fail(c, http.StatusBadRequest, "Transfer currency does not match the recipient's currency")
	}
	ref := b.str("reference")
	if ref == "" {
		ref = code(16)
	} else if !validTransferReference(ref) {
		return fail(c, http.StatusBadRequest, "Your reference contains illegal special characters")
	}
	now := s.cfg.Clock.Now()
	t := &sbTransfer{
		ID: newID(), TransferCode: "TRF_" + code(15), Reference: ref, RecipientID: rcp.ID, Amount: amount,
		Currency: currency, Source: source, Reason: b.str("reason"), Status: "pending",
		CreatedAt: now, UpdatedAt: now,
	}
	if err := s.store.createTransfer(c.Context(), t); errors.Is(err, errDuplicate) {
		return fail(c, http.StatusBadRequest, "Please provide a unique reference. Reference already exists on a transfer")
	} else if err != nil {
		return s.internal(c, "transfer", err)
	}
	done := make(chan struct{})
	defer close(done)
	s.async(done, "settle transfer "+t.Reference, func(ctx context.Context) error {
		return s.settleTransfer(ctx, t.ID, rcp)
	})
	return ok(c, http.StatusOK, "Transfer has been queued", fiber.Map{
		"transfersessionid": []any{}, "transfertrials": []any{}, "domain": sbDomain, "amount": t.Amount,
		"currency": t.Currency, "reference": t.Reference, "source": t.Source, "source_details": nil,
		"reason": t.Reason, "status": t.Status, "failures": nil, "transfer_code": t.TransferCode,
		"titan_code": nil, "transferred_at": nil, "id": t.PaystackID, "integration": sbIntegration,
		"request": t.PaystackID, "recipient": rcp.PaystackID,
		"createdAt": ptime(t.CreatedAt), "updatedAt": ptime(t.UpdatedAt),
	})
}

// transferOutcome is the documented sandbox rule, by account number.
func transferOutcome(account string) string {
	switch {
	case strings.HasSuffix(account, "0000"):
		return "failed"
	case strings.HasSuffix(account, "9999"):
		return "reversed"
	default:
		return "success"
	}
}

// settleTransfer moves a pending transfer to its outcome and delivers the
// events. Each move is conditional on the previous status, so settling twice
// delivers nothing twice.
func (s *Sandbox) settleTransfer(ctx context.Context, id string, rcp *sbRecipient) error {
	step := func(from, to, event string, at *time.Time) (bool, error) {
		moved, err := s.store.moveTransfer(ctx, id, from, to, at, s.cfg.Clock.Now())
		if err != nil || !moved {
			return false, err
		}
		t, err := s.store.transferByID(ctx, id)
		if err != nil {
			return false, err
		}
		return true, s.Deliver(ctx, event, transferEventJSON(t, rcp))
	}
	now := s.cfg.Clock.Now()
	switch transferOutcome(rcp.AccountNumber) {
	case "failed":
		_, err := step("pending", "failed", EventTransferFailed, nil)
		return err
	case "reversed":
		moved, err := step("pending", "success", EventTransferSuccess, &now)
		if err != nil || !moved {
			return err
		}
		_, err = step("success", "reversed", EventTransferReversed, nil)
		return err
	default:
		_, err := step("pending", "success", EventTransferSuccess, &now)
		return err
	}
}

func transferEventJSON(t *sbTransfer, rcp *sbRecipient) fiber.Map {
	return fiber.Map{
		"amount":         t.Amount,
		"currency":       t.Currency,
		"domain":         sbDomain,
		"failures":       nil,
		"id":             t.PaystackID,
		"integration":    fiber.Map{"id": sbIntegration, "is_live": false, "business_name": sbBusinessName},
		"reason":         t.Reason,
		"reference":      t.Reference,
		"source":         t.Source,
		"source_details": nil,
		"status":         t.Status,
		"titan_code":     nil,
		"transfer_code":  t.TransferCode,
		"transferred_at": ptimeOrNil(t.TransferredAt),
		"recipient":      recipientJSON(rcp, true),
		"session":        fiber.Map{"provider": nil, "id": nil},
		"created_at":     ptime(t.CreatedAt),
		"updated_at":     ptime(t.UpdatedAt),
	}
}

// --- refunds ---

func (s *Sandbox) refund(c fiber.Ctx) error {
	b, parsed := readBody(c)
	if !parsed {
		return fail(c, http.StatusBadRequest, "Invalid JSON body")
	}
	key := b.str("transaction")
	if key == "" {
		return fail(c, http.StatusBadRequest, "Transaction reference is invalid")
	}
	t, err := s.store.transactionForRefund(c.Context(), key)
	if errors.Is(err, errNotFound) {
		return fail(c, http.StatusBadRequest, "Transaction not found")
	} else if err != nil {
		return s.internal(c, "refund", err)
	}
	if t.Status == StatusReversed || (t.Status == StatusSuccess && t.RefundedAmount >= t.Amount) {
		return fail(c, http.StatusBadRequest, "Transaction has been fully reversed")
	}
	if t.Status != StatusSuccess {
		return fail(c, http.StatusBadRequest, "Only successful transactions can be refunded")
	}
	if cur := strings.ToUpper(b.str("currency")); cur != "" && cur != t.Currency {
		return fail(c, http.StatusBadRequest, "Refund currency does not match the transaction's currency")
	}
	amount := t.Amount - t.RefundedAmount
	if _, given := b["amount"]; given {
		var valid bool
		if amount, valid = b.amount("amount"); !valid {
			return fail(c, http.StatusBadRequest, "Invalid Amount Sent")
		}
	}
	customerNote, merchantNote := b.str("customer_note"), b.str("merchant_note")
	if customerNote == "" {
		customerNote = "Refund for transaction " + t.Reference
	}
	if merchantNote == "" {
		merchantNote = "Refund for transaction " + t.Reference + " by sandbox@sojourn.test"
	}
	now := s.cfg.Clock.Now()
	r := &sbRefund{
		ID: newID(), RefundReference: strings.ToUpper(code(12)), TransactionID: t.ID, Amount: amount,
		Currency: t.Currency, Status: "pending", CustomerNote: customerNote, MerchantNote: merchantNote,
		CreatedAt: now, UpdatedAt: now,
	}
	if err := s.store.createRefund(c.Context(), r, now); errors.Is(err, errRefundTooLarge) {
		return fail(c, http.StatusBadRequest, "Refund amount cannot be more than the unrefunded transaction amount")
	} else if err != nil {
		return s.internal(c, "refund", err)
	}
	done := make(chan struct{})
	defer close(done)
	s.async(done, "process refund "+r.RefundReference, func(ctx context.Context) error {
		moved, err := s.store.processRefund(ctx, r, s.cfg.Clock.Now())
		if err != nil || !moved {
			return err
		}
		return s.Deliver(ctx, EventRefundProcessed, refundEventJSON(r, t))
	})
	return ok(c, http.StatusOK, "Refund has been queued for processing", refundJSON(r, t))
}

func refundJSON(r *sbRefund, t *sbTransaction) fiber.Map {
	transaction := fiber.Map{
		"id":                   t.PaystackID,
		"domain":               sbDomain,
		"reference":            t.Reference,
		"amount":               t.Amount,
		"paid_at":              ptimeOrNil(t.PaidAt),
		"channel":              "card",
		"currency":             t.Currency,
		"authorization":        fiber.Map{"exp_month": nil, "exp_year": nil, "account_name": nil},
		"customer":             fiber.Map{"international_format_phone": nil},
		"plan":                 fiber.Map{},
		"subaccount":           fiber.Map{"currency": nil},
		"split":                fiber.Map{},
		"order_id":             nil,
		"paidAt":               ptimeOrNil(t.PaidAt),
		"pos_transaction_data": nil,
		"source":               nil,
		"fees_breakdown":       nil,
	}
	return fiber.Map{
		"transaction":     transaction,
		"integration":     sbIntegration,
		"deducted_amount": r.Amount,
		"channel":         nil,
		"merchant_note":   r.MerchantNote,
		"customer_note":   r.CustomerNote,
		"status":          r.Status,
		"refunded_by":     "sandbox@sojourn.test",
		"expected_at":     ptime(r.CreatedAt.Add(3 * 24 * time.Hour)),
		"currency":        r.Currency,
		"domain":          sbDomain,
		"amount":          r.Amount,
		"fully_deducted":  true,
		"id":              r.PaystackID,
		"createdAt":       ptime(r.CreatedAt),
		"updatedAt":       ptime(r.UpdatedAt),
	}
}

// refundEventJSON is the data of refund.* events. Paystack sends the amount
// of these as a string; so does the sandbox, so receivers are ready for it.
func refundEventJSON(r *sbRefund, t *sbTransaction) fiber.Map {
	return fiber.Map{
		"status":                "processed",
		"transaction_reference": t.Reference,
		"refund_reference":      r.RefundReference,
		"amount":                strconv.FormatInt(r.Amount, 10),
		"currency":              r.Currency,
		"processor":             "sandbox",
		"customer":              fiber.Map{"first_name": nil, "last_name": nil, "email": t.Email},
		"integration":           sbIntegration,
		"domain":                sbDomain,
	}
}
