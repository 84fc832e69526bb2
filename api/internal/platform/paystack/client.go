// Package paystack speaks Paystack's REST API, and holds a sandbox that
// speaks the same API for development, tests and CI.
//
// The Client covers what Sojourn's money core needs: initialise and verify
// card payments, list banks, create transfer recipients, send transfers and
// refund charges. Every Paystack answer is {"status": bool, "message": string,
// "data": ...}; a non-2xx answer or "status": false becomes an *APIError
// carrying Paystack's message. Webhooks are signed with the secret key: Sign
// and ValidSignature compute and check the x-paystack-signature header (hex
// HMAC-SHA512 of the raw body).
//
// # Sandbox
//
// Sandbox is a Fiber handler set that answers the same endpoints with the
// same JSON shapes, keeps its state in the database (tables
// paystack_sandbox_*), and signs its webhooks exactly as Paystack does, so the
// client code path is identical with and without real keys. Its
// authorization_url points at a hosted checkout page,
// <mount>/checkout/<access_code>, where a tester chooses the outcome:
//
//   - success: the transaction becomes "success" with paid_at set, a signed
//     charge.success is delivered (synchronously, up to 3 attempts), then the
//     browser is redirected (302) to callback_url?trxref=<ref>&reference=<ref>;
//   - declined: the transaction becomes "failed" ("Declined"), no event;
//   - abandoned: the transaction stays "abandoned", no event.
//
// Declined and abandoned checkouts redirect to the callback too, so the
// callback page can confirm the failure through verify. A finished checkout
// shows its outcome and changes nothing when posted again. As on Paystack, a
// transaction nobody has paid yet verifies as "abandoned" ("The transaction
// was not completed"): only "success" and "failed" are final for a charge.
//
// Transfers answer "pending" and are settled right after the answer, by the
// recipient's account number:
//
//   - ending in 0000: the transfer fails (transfer.failed);
//   - ending in 9999: it succeeds, then is reversed (transfer.success, then
//     transfer.reversed);
//   - anything else: it succeeds (transfer.success).
//
// Refunds answer "pending", then are processed (refund.processed). Sandbox.Wait
// waits for those asynchronous deliveries, so tests stay deterministic.
// Recipients need a bank code from GET /bank and a 10-digit account number;
// the resolved account name is the name given.
package paystack

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultBaseURL is Paystack's live API.
const DefaultBaseURL = "https://api.paystack.co"

// maxBody bounds what the client reads from an answer. The largest answer it
// asks for is a page of 100 banks, far below this.
const maxBody = 4 << 20

// Client calls Paystack (or the sandbox) with a secret key.
type Client struct {
	baseURL string
	secret  string
	hc      *http.Client
}

// New makes a client for baseURL (e.g. DefaultBaseURL, or the sandbox mount
// "http://localhost:8080/_sandbox/paystack"). A nil hc gets a client with a
// 15 s timeout, so a hung Paystack call cannot hold one of our requests (and
// its database work) open indefinitely.
func New(baseURL, secretKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), secret: secretKey, hc: hc}
}

// envelope is every Paystack answer.
type envelope struct {
	Status  bool            `json:"status"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
	Meta    json.RawMessage `json:"meta"`
	Code    string          `json:"code"`
	Type    string          `json:"type"`
}

// do sends one call and decodes data into out. The secret key travels only in
// the Authorization header and never appears in an error.
func (c *Client) do(ctx context.Context, method, path string, in any, out any) (*envelope, error) {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, fmt.Errorf("paystack: encode %s %s: %w", method, path, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return nil, fmt.Errorf("paystack: %s %s: %w", method, path, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.secret)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("paystack: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("paystack: %s %s: read answer: %w", method, path, err)
	}
	var env envelope
	jsonErr := json.Unmarshal(raw, &env)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		msg := env.Message
		if jsonErr != nil || msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		return nil, &APIError{Status: resp.StatusCode, Message: msg, Code: env.Code, Type: env.Type}
	}
	if jsonErr != nil {
		return nil, fmt.Errorf("paystack: %s %s: answer is not JSON: %w", method, path, jsonErr)
	}
	if !env.Status {
		return nil, &APIError{Status: resp.StatusCode, Message: env.Message, Code: env.Code, Type: env.Type}
	}
	if out != nil {
		if err := json.Unmarshal(env.Data, out); err != nil {
			return nil, fmt.Errorf("paystack: %s %s: decode data: %w", method, path, err)
		}
	}
	return &env, nil
}

// Initialize starts a card payment and answers where to send the customer.
func (c *Client) Initialize(ctx context.Context, r InitializeRequest) (*InitializeData, error) {
	var d InitializeData
	if _, err := c.do(ctx, http.MethodPost, "/transaction/initialize", r, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Verify fetches a transaction by reference. A reference Paystack never saw
// is an *APIError (400, "Transaction reference not found").
func (c *Client) Verify(ctx context.Context, reference string) (*Transaction, error) {
	var t Transaction
	if _, err := c.do(ctx, http.MethodGet, "/transaction/verify/"+url.PathEscape(reference), nil, &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// ListBanks lists the banks of a currency (NGN, GHS, KES, ZAR), asking
// GET /bank for the currency's country and currency. Paystack
// pages this list; ListBanks follows the cursor to the end.
func (c *Client) ListBanks(ctx context.Context, currency string) ([]Bank, error) {
	var all []Bank
	next := ""
	// A bound on pages keeps a misbehaving cursor from looping forever; at
	// 100 per page it is far above any country's bank count.
	for range 50 {
		q := url.Values{"use_cursor": {"true"}, "perPage": {"100"}}
		if currency != "" {
			q.Set("currency", currency)
			if country := countryOfCurrency(currency); country != "" {
				q.Set("country", country)
			}
		}
		if next != "" {
			q.Set("next", next)
		}
		var page []Bank
		env, err := c.do(ctx, http.MethodGet, "/bank?"+q.Encode(), nil, &page)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		var meta struct {
			Next *string `json:"next"`
		}
		if len(env.Meta) == 0 || json.Unmarshal(env.Meta, &meta) != nil || meta.Next == nil || *meta.Next == "" {
			return all, nil
		}
		next = *meta.Next
	}
	return nil, errors.New("paystack: GET /bank: too many pages")
}

// CreateRecipient registers a bank account to pay out to.
func (c *Client) CreateRecipient(ctx context.Context, r RecipientRequest) (*Recipient, error) {
	if r.Type == "" {
		r.Type = "nuban"
	}
	var d Recipient
	if _, err := c.do(ctx, http.MethodPost, "/transferrecipient", r, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Transfer sends money from the Paystack balance to a recipient. The answer
// is usually "pending"; the outcome arrives as a transfer.* event.
func (c *Client) Transfer(ctx context.Context, r TransferRequest) (*TransferData, error) {
	if r.Source == "" {
		r.Source = "balance"
	}
	var d TransferData
	if _, err := c.do(ctx, http.MethodPost, "/transfer", r, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Refund refunds a paid transaction, fully or partly. The answer is usually
// "pending"; the outcome arrives as a refund.* event.
func (c *Client) Refund(ctx context.Context, r RefundRequest) (*RefundData, error) {
	var d RefundData
	if _, err := c.do(ctx, http.MethodPost, "/refund", r, &d); err != nil {
		return nil, err
	}
	return &d, nil
}

// Sign is the x-paystack-signature of a webhook body: the hex HMAC-SHA512 of
// the raw bytes keyed with the secret key.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha512.New, []byte(secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// ValidSignature checks an x-paystack-signature header against the raw body
// in constant time. An empty secret never validates: a forgotten key must
// not turn every forged webhook into a valid one.
func ValidSignature(secret string, body []byte, header string) bool {
	if secret == "" {
		return false
	}
	got, err := hex.DecodeString(strings.TrimSpace(header))
	if err != nil || len(got) != sha512.Size {
		return false
	}
	m := hmac.New(sha512.New, []byte(secret))
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}
