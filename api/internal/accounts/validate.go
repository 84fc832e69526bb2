package accounts

import (
	"net/mail"
	"slices"
	"strings"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

// checkEmail trims and validates an address, recording a problem in f.
func checkEmail(f apperr.Fields, raw string) string {
	email := strings.TrimSpace(raw)
	switch {
	case email == "":
		f.Add("email", "is required")
	case len(email) > 254:
		f.Add("email", "must be at most 254 characters")
	default:
		a, err := mail.ParseAddress(email)
		if err != nil || a.Address != email || !strings.Contains(email[strings.LastIndex(email, "@")+1:], ".") {
			f.Add("email", "must be a valid email address")
		}
	}
	return email
}

// usernameProblem explains why a username is not acceptable, or "".
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
