package giftcards

import "testing"

func TestDefangLeavesNoLink(t *testing.T) {
	for in, want := range map[string]string{
		"sign in at https://evil.example/login": "sign in at https[:]//evil[.]example/login",
		"www.evil.example or EVIL.EXAMPLE.":     "www[.]evil[.]example or EVIL[.]EXAMPLE.",
		"mail me: me@evil.example":              "mail me: me@evil[.]example",
		"evil．example and xn--80ak6aa92e.com":   "evil[.]example and xn--80ak6aa92e[.]com",
		"NGN 25.00, e.g. lunch. See you!":       "NGN 25.00, e.g. lunch. See you!",
	} {
		if got := defang(in); got != want {
			t.Errorf("defang(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlainText(t *testing.T) {
	for s, ok := range map[string]bool{"Happy birthday!\nLove, A": true, "tab\there": true, "bell\a": false,
		"nul\x00": false, "rtl \u202Eexe": false, "esc \x1b[31m": false, "emoji 👩‍👩‍👧": true} {
		if plainText(s, true) != ok {
			t.Errorf("plainText(%q) != %v", s, ok)
		}
	}
	if plainText("two\nlines", false) {
		t.Error("a name on two lines passed")
	}
}
