package dealers

import (
	"strings"
)

// VIN checks (ISO 3779, with the check digit of North American VINs, 49 CFR
// 565): 17 characters from 0-9 and A-Z without I, O and Q; position 9 is
// the check digit: each character's value (digits as themselves, letters
// by the NHTSA transliteration table) times its position's weight, summed,
// modulo 11, with 10 written X. Sojourn requires the check digit of every
// VIN: a listing whose VIN fails it was mistyped (or, rarely, is a European
// VIN that does not use one; the dealer is told so).

// VINLength is the length of a modern VIN.
const VINLength = 17

var vinWeights = [VINLength]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}

// vinValue is the transliteration of one VIN character (-1: not allowed).
func vinValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'H':
		return int(c-'A') + 1 // A1 B2 C3 D4 E5 F6 G7 H8
	case c >= 'J' && c <= 'N':
		return int(c-'J') + 1 // J1 K2 L3 M4 N5
	case c == 'P':
		return 7
	case c == 'R':
		return 9
	case c >= 'S' && c <= 'Z':
		return int(c-'S') + 2 // S2 T3 U4 V5 W6 X7 Y8 Z9
	}
	return -1 // I, O, Q and anything else
}

// NormalizeVIN upper-cases and trims a VIN as typed.
func NormalizeVIN(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// VINCheckDigit computes the check digit of a 17-character VIN (its own
// position 9 is ignored); ok is false when a character is not allowed.
func VINCheckDigit(vin string) (byte, bool) {
	if len(vin) != VINLength {
		return 0, false
	}
	sum := 0
	for i := 0; i < VINLength; i++ {
		v := vinValue(vin[i])
		if v < 0 {
			return 0, false
		}
		sum += v * vinWeights[i]
	}
	r := sum % 11
	if r == 10 {
		return 'X', true
	}
	return byte('0' + r), true
}

// VINProblem explains what is wrong with a (normalised) VIN, or "" when it
// is valid: length, characters, then the check digit.
func VINProblem(vin string) string {
	if len(vin) != VINLength {
		return "must be 17 characters"
	}
	for i := 0; i < VINLength; i++ {
		c := vin[i]
		if c == 'I' || c == 'O' || c == 'Q' {
			return "cannot contain the letters I, O or Q (they read as 1 and 0)"
		}
		if vinValue(c) < 0 {
			return "may contain only the digits 0-9 and the letters A-Z"
		}
	}
	d, _ := VINCheckDigit(vin)
	if vin[8] != d {
		return "fails its check digit (position 9 should be " + string(d) + "): check it for a typing mistake"
	}
	return ""
}

// ValidVIN reports whether vin (normalised) is a valid VIN.
func ValidVIN(vin string) bool { return VINProblem(vin) == "" }

// WithCheckDigit answers vin with its position 9 set to the right check
// digit (the seed and tests make VINs with it).
func WithCheckDigit(vin string) string {
	d, ok := VINCheckDigit(vin)
	if !ok {
		return vin
	}
	b := []byte(vin)
	b[8] = d
	return string(b)
}

// ModelYear decodes position 10 (the 30-year cycle starting 1980 or 2010;
// the later cycle is chosen when it is not in the future of maxYear).
func ModelYear(vin string, maxYear int) int {
	if len(vin) != VINLength {
		return 0
	}
	const codes = "ABCDEFGHJKLMNPRSTVWXY123456789"
	i := strings.IndexByte(codes, vin[9])
	if i < 0 {
		return 0
	}
	y := 2010 + i
	if y > maxYear {
		y = 1980 + i
	}
	return y
}
