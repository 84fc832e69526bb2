package accounts

import (
	"slices"
	"strings"
	"testing"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

func TestUsernameProblem(t *testing.T) {
	for _, ok := range []string{"ada", "ada.lovelace", "a_b_c", "ABC123", "x23456789012345678901234567890"} {
		if p := usernameProblem(ok); p != "" {
			t.Errorf("%q rejected: %s", ok, p)
		}
	}
	for _, bad := range []string{"", "ab", "x234567890123456789012345678901", "has space", "émile", "a-b", "a@b"} {
		if usernameProblem(bad) == "" {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestCheckEmail(t *testing.T) {
	for _, ok := range []string{"a@example.com", "  A.B+tag@Example.co.uk ", "x@sub.domain.ng"} {
		f := apperr.Fields{}
		checkEmail(f, ok)
		if len(f) != 0 {
			t.Errorf("%q rejected: %v", ok, f)
		}
	}
	for _, bad := range []string{"", "plain", "a@b", "Ada <a@example.com>", "a@@example.com", "a b@example.com"} {
		f := apperr.Fields{}
		checkEmail(f, bad)
		if f["email"] == "" {
			t.Errorf("%q accepted", bad)
		}
	}
	f := apperr.Fields{}
	if got := checkEmail(f, "  Mixed@Example.com\t"); got != "Mixed@Example.com" {
		t.Errorf("trimmed to %q", got)
	}
}

func TestWithUser(t *testing.T) {
	cases := map[string]struct{ in, want []string }{
		"empty":     {nil, []string{"user"}},
		"sorted":    {[]string{"vendor", "admin"}, []string{"admin", "user", "vendor"}},
		"no repeat": {[]string{"user", "coach", "coach"}, []string{"coach", "user"}},
	}
	for name, c := range cases {
		in := slices.Clone(c.in)
		if got := withUser(c.in); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("%s: input changed to %v", name, c.in)
		}
	}
}

func TestKnownRoleAndPortal(t *testing.T) {
	for _, r := range []string{"admin", "tour_guide", "car_rental", "recruiter", "user"} {
		if !roledef.Known(r) {
			t.Errorf("%s unknown", r)
		}
	}
	for _, r := range []string{"", "Admin", "guide", "superuser"} {
		if roledef.Known(r) {
			t.Errorf("%q known", r)
		}
	}
	f := apperr.Fields{}
	for _, p := range []string{"", "user", "car-rental", "admin"} {
		checkPortal(f, p)
	}
	if len(f) != 0 {
		t.Errorf("portals rejected: %v", f)
	}
	checkPortal(f, "https://evil.example")
	if f["portal"] == "" {
		t.Error("an arbitrary origin was accepted as a portal")
	}
}

func TestEscapeLike(t *testing.T) {
	if got := escapeLike(`50%_a\b`); got != `50\%\_a\\b` {
		t.Errorf("escapeLike: %s", got)
	}
}

// Issue 8, finding 10: look-alike addresses fold to the same account or are
// refused.
func TestEmailNormalisation(t *testing.T) {
	for raw, want := range map[string]string{
		"ＡＤＭＩＮ@example.com":  "ADMIN@example.com",
		" ａｄｍｉｎ＠ｅｘａｍｐｌｅ．ｃｏｍ": "admin@example.com",
		"Admin@Example.com":  "Admin@Example.com",
	} {
		f := apperr.Fields{}
		if got := checkEmail(f, raw); got != want || len(f) != 0 {
			t.Errorf("%q: %q %v, want %q", raw, got, f, want)
		}
	}
	for raw, msg := range map[string]string{
		"аdmin@example.com":       "ASCII",     // Cyrillic а
		"admin@exаmple.com":       "ASCII",     // Cyrillic а in the domain
		"admin\u200b@example.com": "invisible", // zero-width space
		"ad\u00admin@example.com": "invisible", // soft hyphen
		"\ufeffadmin@example.com": "invisible", // byte-order mark
		"émile@example.com":       "ASCII",
	} {
		f := apperr.Fields{}
		checkEmail(f, raw)
		if !strings.Contains(f["email"], msg) {
			t.Errorf("%q: %q, want a message about %s", raw, f["email"], msg)
		}
	}
	if foldEmail("ＡＤＭＩＮ@Example.com") != "admin@example.com" {
		t.Error("sign-in does not fold like registration")
	}
	if usernameProblem(normUsername("ＡＤＭＩＮ")) != "" || normUsername("ＡＤＭＩＮ") != "ADMIN" {
		t.Error("a fullwidth username must normalise to ASCII")
	}
	for _, bad := range []string{"аdmin", "admin\u200b"} {
		if usernameProblem(normUsername(bad)) == "" {
			t.Errorf("%q accepted as a username", bad)
		}
	}
}
