// Package secretbox seals short secrets that must rest in the database only
// encrypted (gift-card codes waiting to be mailed or shown, stored
// Idempotency-Key answers): AES-256-GCM with a key derived by HKDF-SHA-256
// from the server secret and a purpose label, so each use has its own key
// and a value sealed for one purpose never opens for another.
//
//	box := secretbox.New(cfg.JWTSecret, "gift-card delivery")
//	sealed := box.Seal([]byte(code), cardID)    // base64 text for a TEXT column
//	code, err := box.Open(sealed, cardID)       // ErrOpen for anything else
//
// The associated data (cardID above) binds a sealed value to its row: moved
// to another row it does not open.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
)

// ErrOpen is a sealed value that is malformed, was sealed with another
// secret or purpose, or for other associated data.
var ErrOpen = errors.New("secretbox: the sealed value does not open (malformed, or another key or row)")

// Box seals and opens values for one purpose.
type Box struct{ aead cipher.AEAD }

// New derives the purpose's key from secret. It panics on an empty secret
// or purpose (a wiring mistake).
func New(secret []byte, purpose string) *Box {
	if len(secret) == 0 || purpose == "" {
		panic("secretbox: New needs a secret and a purpose")
	}
	key, err := hkdf.Key(sha256.New, secret, nil, "sojourn secretbox v1: "+purpose, 32)
	if err != nil {
		panic("secretbox: " + err.Error())
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		panic("secretbox: " + err.Error())
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic("secretbox: " + err.Error())
	}
	return &Box{aead: aead}
}

// Seal encrypts plain bound to ad (a random nonce each time) and returns
// it as unpadded base64.
func (b *Box) Seal(plain []byte, ad string) string {
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic("secretbox: crypto/rand failed: " + err.Error())
	}
	return base64.RawStdEncoding.EncodeToString(b.aead.Seal(nonce, nonce, plain, []byte(ad)))
}

// Open decrypts what Seal made with the same key and ad.
func (b *Box) Open(sealed, ad string) ([]byte, error) {
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	n := b.aead.NonceSize()
	if err != nil || len(raw) < n+b.aead.Overhead() {
		return nil, ErrOpen
	}
	plain, err := b.aead.Open(nil, raw[:n], raw[n:], []byte(ad))
	if err != nil {
		return nil, ErrOpen
	}
	return plain, nil
}
