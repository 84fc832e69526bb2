package secretbox_test

import (
	"errors"
	"strings"
	"testing"

	"sojourn/api/internal/platform/secretbox"
)

func TestSealOpen(t *testing.T) {
	secret := []byte("a server secret of some length")
	box := secretbox.New(secret, "gift-card delivery")
	sealed := box.Seal([]byte("ABCD-EFGH"), "card-1")
	if strings.Contains(sealed, "ABCD") {
		t.Fatalf("sealed value shows the plain text: %s", sealed)
	}
	if again := box.Seal([]byte("ABCD-EFGH"), "card-1"); again == sealed {
		t.Fatal("two seals of one value are equal: the nonce is not random")
	}
	plain, err := box.Open(sealed, "card-1")
	if err != nil || string(plain) != "ABCD-EFGH" {
		t.Fatalf("open: %q %v", plain, err)
	}
	for name, open := range map[string]func() ([]byte, error){
		"other row":     func() ([]byte, error) { return box.Open(sealed, "card-2") },
		"other purpose": func() ([]byte, error) { return secretbox.New(secret, "idempotency").Open(sealed, "card-1") },
		"other secret": func() ([]byte, error) {
			return secretbox.New([]byte("another secret"), "gift-card delivery").Open(sealed, "card-1")
		},
		"malformed": func() ([]byte, error) { return box.Open("not base64!", "card-1") },
		"short":     func() ([]byte, error) { return box.Open("AAAA", "card-1") },
		"tampered":  func() ([]byte, error) { return box.Open(flip(sealed, 20), "card-1") },
	} {
		if _, err := open(); !errors.Is(err, secretbox.ErrOpen) {
			t.Errorf("%s: %v, want ErrOpen", name, err)
		}
	}
}

// flip changes the character at i to another base64 character.
func flip(s string, i int) string {
	c := byte('A')
	if s[i] == 'A' {
		c = 'B'
	}
	return s[:i] + string(c) + s[i+1:]
}

func TestNewPanicsWithoutSecret(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	secretbox.New(nil, "x")
}
