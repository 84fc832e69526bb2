package accounts

import (
	"net/mail"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

// Emails and usernames are normalised before they are stored, compared or
// looked up, so look-alikes cannot make a second account (issue 8, finding
// 10):
//
//   - NFKC first: compatibility forms become their plain letters
//     ("ＡＤＭＩＮ@example.com" is admin@example.com, "ﬁ" is "fi");
//   - then both must be ASCII: usernames as always, and emails in both the
//     local part and the domain (an internationalised domain is written in
//     its xn-- form). That is the simplest rule with no mixed-script
//     confusables at all: a Cyrillic "а" in "аdmin@example.com" is refused
//     (422), and so is an invisible character (zero-width space, joiner,
//     soft hyphen, byte-order mark), with its own message;
//   - uniqueness and sign-in compare the lower-case form (email_lower,
//     username_lower), which for ASCII is the case fold.
//
// Sign-in and look-ups by handle fold the same way (foldEmail, FoldHandle),
// so "ＡＤＭＩＮ@Example.com" signs in as admin@example.com.

// nfkc is s in Unicode normalisation form KC, trimmed.
func nfkc(s string) string { return strings.TrimSpace(norm.NFKC.String(s)) }

// foldEmail is the form an address is stored, compared and looked up in.
func foldEmail(s string) string { return strings.ToLower(nfkc(s)) }

// FoldHandle is the form an email or a username is compared and looked up
// in (NFKC, trimmed, lower case); other domains key their limits by it.
func FoldHandle(s string) string { return strings.ToLower(nfkc(s)) }

// asciiProblem explains why s (already NFKC) is not plain ASCII, or "".
func asciiProblem(s, what string) string {
	for _, r := range s {
		if r <= unicode.MaxASCII {
			continue
		}
		if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
			unicode.Is(unicode.Zs, r) || unicode.Is(unicode.Mn, r) {
			return "must not contain invisible characters"
		}
		return what
	}
	return ""
}

const notASCII = "must be written in ASCII letters, digits and symbols (an international domain in its xn-- form)"

// checkEmail normalises (NFKC, trimmed) and validates an address, recording
// a problem in f.
func checkEmail(f apperr.Fields, raw string) string {
	email := nfkc(raw)
	switch {
	case email == "":
		f.Add("email", "is required")
	case len(email) > 254:
		f.Add("email", "must be at most 254 characters")
	case asciiProblem(email, notASCII) != "":
		f.Add("email", asciiProblem(email, notASCII))
	default:
		a, err := mail.ParseAddress(email)
		if err != nil || a.Address != email || !strings.Contains(email[strings.LastIndex(email, "@")+1:], ".") {
			f.Add("email", "must be a valid email address")
		}
	}
	return email
}

// normUsername is a username as typed, normalised (NFKC, trimmed).
func normUsername(u string) string { return nfkc(u) }

// usernameProblem explains why a (normalised) username is not acceptable,
// or "".
func usernameProblem(u string) string {
	if u == "" {
		return "is required"
	}
	if len(u) < 3 || len(u) > 30 {
		return "must be 3 to 30 characters"
	}
	for _, r := range u {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.') {
			return "may contain only letters, digits, '_' and '.'"
		}
	}
	return ""
}

// checkPortal accepts a portal id, or "" for the apex (the user portal), as
// the origin a mailed link points at.
func checkPortal(f apperr.Fields, p string) {
	f.Check(p == "" || roledef.IsPortal(p), "portal", "must be one of "+strings.Join(roledef.Portals, ", "))
}

// withUser returns the stored roles plus "user", sorted and without repeats.
func withUser(stored []string) []string {
	out := make([]string, 0, len(stored)+1)
	out = append(out, stored...)
	if !slices.Contains(out, roledef.User) {
		out = append(out, roledef.User)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
