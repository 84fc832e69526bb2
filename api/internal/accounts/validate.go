package accounts

import (
	"net/mail"
	"slices"
	"strings"

	"sojourn/api/internal/platform/apperr"
)

// Role names.
const (
	RoleUser  = "user"
	RoleAdmin = "admin"
)

// AllRoles are the roles an account may hold. Every account holds "user".
var AllRoles = []string{"admin", "affiliate", "car_dealer", "car_rental", "coach", "therapist", "tour_guide",
	"vendor", "writer", "recruiter", RoleUser}

// KnownRole reports whether r is one of AllRoles.
func KnownRole(r string) bool { return slices.Contains(AllRoles, r) }

// portals whose origin a mailed link may point at ("" and "user" are the apex).
var portals = map[string]bool{"": true, "user": true, "vendor": true, "therapy": true, "coach": true, "tour": true,
	"car-rental": true, "car-dealer": true, "affiliate": true, "writer": true, "admin": true}

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

func checkPortal(f apperr.Fields, p string) {
	f.Check(portals[p], "portal", "must be one of user, vendor, therapy, coach, tour, car-rental, car-dealer, affiliate, writer, admin")
}

// withUser returns the stored roles plus "user", sorted and without repeats.
func withUser(stored []string) []string {
	out := make([]string, 0, len(stored)+1)
	out = append(out, stored...)
	if !slices.Contains(out, RoleUser) {
		out = append(out, RoleUser)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
