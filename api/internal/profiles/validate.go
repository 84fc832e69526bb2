package profiles

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
)

// Limits of the profile fields.
const (
	maxDisplayName   = 80
	maxBio           = 1000
	maxCity          = 100
	maxBusinessName  = 120
	maxLicenceNumber = 60
	maxListItems     = 20
	maxListItemLen   = 40
	minAge           = 13
	maxAge           = 120
)

// Genders are the accepted values of gender ("" clears it).
var Genders = []string{"woman", "man", "non_binary", "prefer_not_to_say"}

var (
	usernameRe = regexp.MustCompile(`^[A-Za-z0-9_.]{3,30}$`)
	phoneRe    = regexp.MustCompile(`^\+[0-9]{7,15}$`)
)

// Validate trims and normalises the input in place and reports every bad
// field at once; now is the current time (for the age check).
func (in *UpdateInput) Validate(now time.Time) error {
	f := apperr.Fields{}
	text := func(p *string, field string, max int, singleLine bool) {
		if p == nil {
			return
		}
		*p = strings.TrimSpace(*p)
		switch {
		case utf8.RuneCountInString(*p) > max:
			f.Add(field, "must be at most "+strconv.Itoa(max)+" characters")
		case hasControl(*p, singleLine):
			f.Add(field, "must not contain control characters")
		}
	}
	text(in.DisplayName, "display_name", maxDisplayName, true)
	text(in.Bio, "bio", maxBio, false)
	text(in.City, "city", maxCity, true)
	text(in.BusinessName, "business_name", maxBusinessName, true)
	text(in.LicenceNumber, "licence_number", maxLicenceNumber, true)

	if in.Username != nil {
		*in.Username = strings.TrimSpace(*in.Username)
		f.Check(usernameRe.MatchString(*in.Username), "username",
			"must be 3-30 characters of letters, digits, _ and .")
	}
	if in.Phone != nil {
		n, ok := NormalizePhone(*in.Phone)
		*in.Phone = n
		f.Check(ok, "phone", "must be an international number: + and 7-15 digits, e.g. +2348012345678")
	}
	if in.DateOfBirth != nil {
		*in.DateOfBirth = strings.TrimSpace(*in.DateOfBirth)
		if msg := checkBirthDate(*in.DateOfBirth, now); msg != "" {
			f.Add("date_of_birth", msg)
		}
	}
	if in.Gender != nil {
		*in.Gender = strings.TrimSpace(*in.Gender)
		ok := *in.Gender == ""
		for _, g := range Genders {
			ok = ok || *in.Gender == g
		}
		f.Check(ok, "gender", "must be one of woman, man, non_binary, prefer_not_to_say, or empty")
	}
	if in.Country != nil {
		*in.Country = strings.ToUpper(strings.TrimSpace(*in.Country))
		f.Check(*in.Country == "" || ValidCountry(*in.Country), "country",
			"must be an ISO 3166-1 alpha-2 country code, e.g. NG")
	}
	list := func(p *[]string, field string) {
		if p == nil {
			return
		}
		l, msg := cleanList(*p)
		*p = l
		if msg != "" {
			f.Add(field, msg)
		}
	}
	list(in.Languages, "languages")
	list(in.Interests, "interests")
	list(in.Specialties, "specialties")
	return f.Err()
}

// NormalizePhone removes spaces and dashes and checks for + and 7-15 digits.
// "" is valid (it clears the number).
func NormalizePhone(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	return s, s == "" || phoneRe.MatchString(s)
}

// checkBirthDate reports what is wrong with a YYYY-MM-DD birth date ("" if
// nothing; an empty date clears it).
func checkBirthDate(s string, now time.Time) string {
	if s == "" {
		return ""
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil || d.Format(time.DateOnly) != s {
		return "must be a real date written YYYY-MM-DD"
	}
	age := AgeOn(d, now)
	if age < minAge {
		return "you must be at least 13 years old"
	}
	if age > maxAge {
		return "must be within the last 120 years"
	}
	return ""
}

// AgeOn is the age in whole years of someone born on birth, on the day of now.
func AgeOn(birth, now time.Time) int {
	y, m, d := now.Date()
	age := y - birth.Year()
	if m < birth.Month() || (m == birth.Month() && d < birth.Day()) {
		age--
	}
	return age
}

// cleanList trims, drops duplicates (case-insensitively, keeping the first)
// and checks the count and each item's length.
func cleanList(in []string) ([]string, string) {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, s := range in {
		s = strings.TrimSpace(s)
		n := utf8.RuneCountInString(s)
		if n < 1 || n > maxListItemLen || hasControl(s, true) {
			return out, "each item must be 1-" + strconv.Itoa(maxListItemLen) + " characters of text"
		}
		k := strings.ToLower(s)
		if !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	if len(out) > maxListItems {
		return out, "must have at most " + strconv.Itoa(maxListItems) + " items"
	}
	return out, ""
}

func hasControl(s string, singleLine bool) bool {
	for _, r := range s {
		if unicode.IsControl(r) && (singleLine || (r != '\n' && r != '\r' && r != '\t')) {
			return true
		}
	}
	return false
}

// ValidCountry reports whether code is an assigned ISO 3166-1 alpha-2 code.
func ValidCountry(code string) bool {
	if len(code) != 2 {
		return false
	}
	return strings.Contains(isoCountries, " "+code+" ")
}

// isoCountries are the assigned ISO 3166-1 alpha-2 codes.
const isoCountries = " AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
	"BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH " +
	"ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE " +
	"IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC " +
	"MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE " +
	"PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
	"SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT " +
	"ZA ZM ZW "
