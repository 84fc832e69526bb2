package practice

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/profiles"
)

// Bounds of the profile's text and lists.
const (
	maxHeadline     = 120
	maxBusinessName = 100
	maxBio          = 4000
	maxSpecialties  = 20
	maxSpecialty    = 60
	maxLanguages    = 10
	maxLanguage     = 40
	maxCity         = 80
	maxAddress      = 200
	maxURL          = 500
	maxLicence      = 40
	maxLicenceBody  = 120
	maxDecisionNote = 500
	// maxSuspensionReason bounds an admin's reason for a suspension.
	maxSuspensionReason = 500
)

// Session formats.
const (
	FormatVideo    = "video"
	FormatInPerson = "in_person"
	FormatPhone    = "phone"
)

func validFormat(f string) bool { return f == FormatVideo || f == FormatInPerson || f == FormatPhone }

// checkLen records a length problem of s (counted in characters).
func checkLen(f apperr.Fields, field, s string, min, max int) {
	n := utf8.RuneCountInString(s)
	switch {
	case min > 0 && n < min:
		if min == 1 {
			f.Add(field, "is required")
		} else {
			f.Add(field, fmt.Sprintf("must be at least %d characters", min))
		}
	case n > max:
		f.Add(field, fmt.Sprintf("must be at most %d characters", max))
	}
}

// singleLine records a line break in a one-line field.
func singleLine(f apperr.Fields, field, s string) {
	if strings.ContainsAny(s, "\n\r\t") {
		f.Add(field, "must be a single line")
	}
}

// checkList validates a list of short labels: count, each length, no
// duplicates (case-insensitive); it returns the trimmed list.
func checkList(f apperr.Fields, field string, in []string, maxItems, maxLen int) []string {
	if len(in) > maxItems {
		f.Add(field, fmt.Sprintf("must have at most %d items", maxItems))
		return in
	}
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for i, s := range in {
		s = strings.TrimSpace(s)
		name := fmt.Sprintf("%s[%d]", field, i)
		checkLen(f, name, s, 1, maxLen)
		singleLine(f, name, s)
		if seen[tagValue(s)] {
			f.Add(name, "is listed twice")
		}
		seen[tagValue(s)] = true
		out = append(out, s)
	}
	return out
}

// validTimeZone reports whether tz is an IANA zone name the server knows.
func validTimeZone(tz string) bool {
	if tz == "" || tz == "Local" || len(tz) > 64 {
		return false
	}
	_, err := time.LoadLocation(tz)
	return err == nil
}

func validCountry(c string) bool { return profiles.ValidCountry(c) }

// validHTTPSURL reports whether s is an absolute https URL with a host.
func validHTTPSURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil
}
