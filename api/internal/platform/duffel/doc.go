// Package duffel speaks the travel supplier Duffel's REST API (Flights and
// Stays), and holds a sandbox that speaks the same API for development, tests
// and CI, as package paystack does for card payments.
//
// # The client
//
// New(baseURL, token, hc) makes a Client; Do sends one call. Every request
// body is {"data": ...} and every answer's payload is its "data" member, as
// on Duffel; the access token travels only in the Authorization header with
// the Duffel-Version header (v2). A call given an idempotency key sends it as
// Idempotency-Key, so a retried order or booking creates one. A non-2xx answer
// becomes an *APIError carrying Duffel's errors ([{type, code, title,
// message}]) and request id; IsRetryable says whether trying again may help
// (timeouts, connection failures, 429 and 5xx answers), which River's retries
// rely on. The flights and stays calls live in flights.go and stays.go.
//
// # Webhooks
//
// Duffel signs each webhook event with the webhook's secret:
// X-Duffel-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>.
// Sign computes the header; VerifySignature checks it in constant time and
// refuses a timestamp outside the tolerance (a replayed event).
//
// # Sandbox
//
// Sandbox answers the same paths with the same shapes under SandboxMount,
// mounted by the server when no access token is configured, keeps its state
// in its own tables (duffel_sandbox_*), and delivers signed webhook events to
// the configured URL (Deliver). Its flights (sandbox_flights*.go) and stays
// (sandbox_stays*.go) parts each document their generated inventory.
package duffel
