package duffel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultBaseURL is Duffel's live API.
const DefaultBaseURL = "https://api.duffel.com"

// Version is the Duffel API version the client speaks.
const Version = "v2"

// SandboxMount is where the server mounts the sandbox.
const SandboxMount = "/_sandbox/duffel"

// maxBody bounds what the client reads from an answer: a search with a few
// hundred offers or results stays well below it.
const maxBody = 16 << 20

// Client calls Duffel (or the sandbox) with an access token.
type Client struct {
	baseURL string
	token   string
	hc      *http.Client
}

// New makes a client for baseURL (DefaultBaseURL, or the sandbox's mount such
// as "http://localhost:8080/_sandbox/duffel"). A nil hc gets a client with a
// 20 s timeout: an offer request searching many airlines may take seconds,
// and a hung call must not hold one of our requests open indefinitely.
func New(baseURL, token string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 20 * time.Second}
	}
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), token: token, hc: hc}
}

// ErrorItem is one of Duffel's errors.
type ErrorItem struct {
	Type    string `json:"type"`
	Code    string `json:"code"`
	Title   string `json:"title"`
	Message string `json:"message"`
}

// APIError is a non-2xx answer.
type APIError struct {
	Status    int
	Errors    []ErrorItem
	RequestID string
}

func (e *APIError) Error() string {
	if len(e.Errors) == 0 {
		return fmt.Sprintf("duffel: %d %s", e.Status, http.StatusText(e.Status))
	}
	f := e.Errors[0]
	msg := f.Message
	if msg == "" {
		msg = f.Title
	}
	return fmt.Sprintf("duffel: %d %s: %s", e.Status, f.Code, msg)
}

// Code is the first error's code ("" when Duffel gave none).
func (e *APIError) Code() string {
	if len(e.Errors) == 0 {
		return ""
	}
	return e.Errors[0].Code
}

// Message is the first error's message, else its title.
func (e *APIError) Message() string {
	if len(e.Errors) == 0 {
		return http.StatusText(e.Status)
	}
	if e.Errors[0].Message != "" {
		return e.Errors[0].Message
	}
	return e.Errors[0].Title
}

// IsCode reports whether err is an *APIError whose first code is code.
func IsCode(err error, code string) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Code() == code
}

// IsRetryable reports whether the same call may succeed later: a timeout, a
// connection that failed, or an answer of 429 or 5xx. Anything else (a 4xx:
// an expired offer, a sold-out room, invalid passengers) will fail again.
func IsRetryable(err error) bool {
	if err == nil {
		return false
	}
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Status == http.StatusTooManyRequests || ae.Status >= 500
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var ue *url.Error
	return errors.As(err, &ue)
}

type envelope struct {
	Data   json.RawMessage `json:"data"`
	Errors []ErrorItem     `json:"errors"`
	Meta   struct {
		RequestID string `json:"request_id"`
	} `json:"meta"`
}

// Do sends one call: body (nil = none) is sent as {"data": body}, the answer's
// data is decoded into out (nil = ignored). idemKey, when not empty, is sent
// as Idempotency-Key. The token never appears in an error.
func (c *Client) Do(ctx context.Context, method, path string, query url.Values, idemKey string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(struct {
			Data any `json:"data"`
		}{body})
		if err != nil {
			return fmt.Errorf("duffel: encode %s %s: %w", method, path, err)
		}
		rd = bytes.NewReader(b)
	}
	u := c.baseURL + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return fmt.Errorf("duffel: %s %s: %w", method, path, err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Duffel-Version", Version)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("duffel: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return fmt.Errorf("duffel: %s %s: read answer: %w", method, path, err)
	}
	var env envelope
	jsonErr := json.Unmarshal(raw, &env)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		ae := &APIError{Status: resp.StatusCode, RequestID: resp.Header.Get("X-Request-Id")}
		if jsonErr == nil {
			ae.Errors = env.Errors
			if env.Meta.RequestID != "" {
				ae.RequestID = env.Meta.RequestID
			}
		}
		return ae
	}
	if out == nil || resp.StatusCode == http.StatusNoContent {
		return nil
	}
	if jsonErr != nil {
		return fmt.Errorf("duffel: %s %s: answer is not JSON: %w", method, path, jsonErr)
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		return fmt.Errorf("duffel: %s %s: decode data: %w", method, path, err)
	}
	return nil
}
