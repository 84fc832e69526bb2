package duffel

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"
)

// SignatureHeader carries a webhook event's signature.
const SignatureHeader = "X-Duffel-Signature"

// ErrBadSignature is a webhook whose signature is missing, malformed, wrong
// or too old.
var ErrBadSignature = errors.New("duffel: webhook signature does not verify")

// Event is a webhook event as Duffel delivers it.
type Event struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	APIVersion     string    `json:"api_version"`
	CreatedAt      time.Time `json:"created_at"`
	LiveMode       bool      `json:"live_mode"`
	IdempotencyKey string    `json:"idempotency_key"`
	Data           struct {
		Object json.RawMessage `json:"object"`
	} `json:"data"`
}

func mac(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts))
	m.Write([]byte("."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// Sign is the X-Duffel-Signature value for body sent at at.
func Sign(secret string, body []byte, at time.Time) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	return "t=" + ts + ",v1=" + mac(secret, ts, body)
}

// VerifySignature checks header against body: the HMAC must match (compared
// in constant time) and the timestamp lie within tolerance of now either
// way, so a captured event cannot be replayed later.
func VerifySignature(secret, header string, body []byte, now time.Time, tolerance time.Duration) error {
	if secret == "" {
		return ErrBadSignature
	}
	var ts, v1 string
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return ErrBadSignature
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			v1 = v
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || v1 == "" {
		return ErrBadSignature
	}
	at := time.Unix(sec, 0)
	if d := now.Sub(at); d > tolerance || d < -tolerance {
		return ErrBadSignature
	}
	if !hmac.Equal([]byte(mac(secret, ts, body)), []byte(v1)) {
		return ErrBadSignature
	}
	return nil
}
