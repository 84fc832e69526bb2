// Package ids makes identifiers and secret tokens.
package ids

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"

	"github.com/google/uuid"
)

// New returns a UUIDv7 string (time-ordered).
func New() string { return uuid.Must(uuid.NewV7()).String() }

// Valid reports whether s is a UUID.
func Valid(s string) bool { _, err := uuid.Parse(s); return err == nil && len(s) == 36 }

// Token returns n random bytes, URL-safe base64 without padding.
func Token(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// Hash is the hex SHA-256 of a secret token, the only form tokens are stored in.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
