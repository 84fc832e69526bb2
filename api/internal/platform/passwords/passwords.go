// Package passwords hashes and checks passwords with argon2id, with a cap on
// concurrent hashing so a burst of logins cannot exhaust memory.
package passwords

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"unicode"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's cost parameters (OWASP's minimum: m=19 MiB, t=2, p=1).
type Params struct {
	MemoryKiB uint32
	Time      uint32
	Threads   uint8
}

// Default is the production cost.
var Default = Params{MemoryKiB: 19 * 1024, Time: 2, Threads: 1}

// Hasher hashes with a bounded number of concurrent argon2 runs.
type Hasher struct {
	p     Params
	slots chan struct{}
	dummy string
	// verifies counts Verify calls; onVerify, when set, runs at the start
	// of each (before it waits for a slot).
	verifies atomic.Int64
	onVerify atomic.Pointer[func()]
}

// Verifications is how many passwords Verify was asked to check so far.
func (h *Hasher) Verifications() int64 { return h.verifies.Load() }

// OnVerify sets a function run at the start of every Verify, before it
// waits for a hashing slot (nil removes it). Tests count and pace password
// checks with it.
func (h *Hasher) OnVerify(fn func()) {
	if fn == nil {
		h.onVerify.Store(nil)
		return
	}
	h.onVerify.Store(&fn)
}

// NewHasher allows at most concurrency hashes at once.
func NewHasher(p Params, concurrency int) *Hasher {
	h := &Hasher{p: p, slots: make(chan struct{}, concurrency)}
	h.dummy, _ = h.hash("a password nobody has, used to equalise timing")
	return h
}

func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *Hasher) release() { <-h.slots }

// Hash returns the encoded argon2id hash of pw.
func (h *Hasher) Hash(ctx context.Context, pw string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	return h.hash(pw)
}

func (h *Hasher) hash(pw string) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, h.p.Time, h.p.MemoryKiB, h.p.Threads, 32)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, h.p.MemoryKiB, h.p.Time, h.p.Threads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify reports whether pw matches encoded. An empty encoded hash is checked
// against a dummy hash so an unknown account costs the same time.
func (h *Hasher) Verify(ctx context.Context, pw, encoded string) (bool, error) {
	h.verifies.Add(1)
	if fn := h.onVerify.Load(); fn != nil {
		(*fn)()
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	if encoded == "" {
		_, _ = verify(pw, h.dummy)
		return false, nil
	}
	return verify(pw, encoded)
}

var errFormat = errors.New("passwords: bad hash format")

func verify(pw, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errFormat
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false, errFormat
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, errFormat
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, errFormat
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// common holds the common-password list (common.txt: zxcvbn's 30,000 most
// common leaked passwords, MIT licence, see the file's header), lower case.
//
//go:embed common.txt
var commonList string

var common = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(commonList, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[strings.ToLower(l)] = true
		}
	}
	return m
}()

// leet undoes the usual letter substitutions ("p@ssw0rd" -> "password").
var leet = strings.NewReplacer("0", "o", "1", "i", "3", "e", "4", "a", "5", "s", "7", "t", "@", "a", "$", "s", "!", "i")

// isCommon reports whether pw is on the common list, as typed, with the
// digits and symbols around a common word taken off ("Welcome2024",
// "Qwerty123!", "2024!sunshine"), or with the usual substitutions undone
// ("P@ssw0rd").
func isCommon(pw string) bool {
	lower := strings.ToLower(pw)
	core := strings.TrimFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) })
	return common[lower] || common[core] || common[leet.Replace(lower)] ||
		(core != "" && common[strings.TrimFunc(leet.Replace(core), func(r rune) bool { return !unicode.IsLetter(r) })])
}

// oneCharacter reports a password of one repeated character ("0000000000",
// ten spaces).
func oneCharacter(pw string) bool {
	for _, r := range pw {
		if r != []rune(pw)[0] {
			return false
		}
	}
	return true
}

// Problem explains why pw is not acceptable for the account, or "".
func Problem(pw, email, username string) string {
	switch {
	case len([]rune(pw)) < 10:
		return "must be at least 10 characters"
	case len(pw) > 256:
		return "must be at most 256 characters"
	case oneCharacter(pw):
		return "must not be one character repeated"
	case isCommon(pw):
		return "is too common; choose a password others would not guess"
	}
	lower := strings.ToLower(pw)
	if email != "" {
		e := strings.ToLower(email)
		local, _, _ := strings.Cut(e, "@")
		if strings.Contains(lower, e) || (len(local) >= 3 && strings.Contains(lower, local)) {
			return "must not contain your email address"
		}
	}
	if len(username) >= 3 && strings.Contains(lower, strings.ToLower(username)) {
		return "must not contain your username"
	}
	return ""
}
