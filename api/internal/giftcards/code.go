package giftcards

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// A card code is 20 symbols of Crockford's base32 alphabet (which leaves out
// I, L, O and U) drawn from crypto/rand: 100 bits, shown in groups of four
// as XXXX-XXXX-XXXX-XXXX-XXXX.
const (
	alphabet  = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	codeLen   = 20
	groupSize = 4
)

// newCode makes a fresh code in its grouped form.
func newCode() string {
	var b [codeLen]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("giftcards: crypto/rand failed: " + err.Error())
	}
	var sb strings.Builder
	for i, x := range b {
		if i > 0 && i%groupSize == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(alphabet[x&31]) // 256 is a multiple of 32: uniform
	}
	return sb.String()
}

// normalize reads a code as a person might type it: any case, with spaces or
// dashes, and O, I or L for 0, 1 and 1 (Crockford's decoding rules). It
// returns the 20 bare symbols, or false when the input cannot be a code.
func normalize(raw string) (string, bool) {
	var sb strings.Builder
	for _, r := range strings.ToUpper(raw) {
		switch {
		case r == '-' || r == ' ' || r == '\t' || r == '\n' || r == '\r':
			continue
		case r == 'O':
			r = '0'
		case r == 'I' || r == 'L':
			r = '1'
		}
		if r > 127 || !strings.ContainsRune(alphabet, r) {
			return "", false
		}
		sb.WriteRune(r)
		if sb.Len() > codeLen {
			return "", false
		}
	}
	s := sb.String()
	return s, len(s) == codeLen
}

// hashCode is the stored form of a normalized code. A plain SHA-256 is
// enough: a code carries 100 random bits, far beyond guessing.
func hashCode(normalized string) string {
	h := sha256.Sum256([]byte(normalized))
	return hex.EncodeToString(h[:])
}
