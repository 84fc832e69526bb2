package duffel

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestDoSendsEnvelopeHeadersAndDecodesErrors(t *testing.T) {
	var got struct {
		auth, version, idem string
		body                map[string]any
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.auth, got.version, got.idem = r.Header.Get("Authorization"), r.Header.Get("Duffel-Version"), r.Header.Get("Idempotency-Key")
		_ = json.NewDecoder(r.Body).Decode(&got.body)
		switch r.URL.Path {
		case "/ok":
			_, _ = w.Write([]byte(`{"data":{"id":"off_1"}}`))
		case "/gone":
			w.WriteHeader(http.StatusUnprocessableEntity)
			_, _ = w.Write([]byte(`{"errors":[{"type":"invalid_state_error","code":"offer_no_longer_available","title":"Offer expired","message":"The offer has expired"}],"meta":{"request_id":"req_1"}}`))
		default:
			w.WriteHeader(http.StatusBadGateway)
		}
	}))
	defer srv.Close()
	c := New(srv.URL+"/", "tok", nil)
	var out struct{ ID string }
	if err := c.Do(context.Background(), http.MethodPost, "/ok", nil, "key-1", map[string]any{"a": 1}, &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != "off_1" || got.auth != "Bearer tok" || got.version != Version || got.idem != "key-1" {
		t.Fatalf("out %+v, headers %+v", out, got)
	}
	if d, ok := got.body["data"].(map[string]any); !ok || d["a"] != float64(1) {
		t.Fatalf("body not wrapped in data: %v", got.body)
	}
	err := c.Do(context.Background(), http.MethodGet, "/gone", nil, "", nil, &out)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 422 || ae.Code() != "offer_no_longer_available" || ae.RequestID != "req_1" ||
		IsRetryable(err) || !IsCode(err, "offer_no_longer_available") {
		t.Fatalf("422: %v", err)
	}
	if err := c.Do(context.Background(), http.MethodGet, "/down", nil, "", nil, nil); !IsRetryable(err) {
		t.Fatalf("502 must be retryable: %v", err)
	}
	srv.Close()
	if err := c.Do(context.Background(), http.MethodGet, "/ok", nil, "", nil, nil); !IsRetryable(err) {
		t.Fatalf("a refused connection must be retryable: %v", err)
	}
}

func TestWebhookSignature(t *testing.T) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	body := []byte(`{"id":"wev_1","type":"order.airline_initiated_change_detected"}`)
	h := Sign("s3cret", body, at)
	if err := VerifySignature("s3cret", h, body, at.Add(time.Minute), 5*time.Minute); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		secret, header string
		body           []byte
		now            time.Time
	}{
		"wrong secret":  {"other", h, body, at},
		"changed body":  {"s3cret", h, append([]byte(nil), append(body, ' ')...), at},
		"replayed late": {"s3cret", h, body, at.Add(10 * time.Minute)},
		"malformed":     {"s3cret", "v1=abc", body, at},
		"empty":         {"s3cret", "", body, at},
		"no secret":     {"", h, body, at},
	} {
		if err := VerifySignature(c.secret, c.header, c.body, c.now, 5*time.Minute); !errors.Is(err, ErrBadSignature) {
			t.Fatalf("%s: %v", name, err)
		}
	}
}
