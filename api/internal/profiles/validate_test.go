package profiles

import (
	"slices"
	"strings"
	"testing"
	"time"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

func ptr[T any](v T) *T { return &v }

var now = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func TestValidateNormalises(t *testing.T) {
	in := UpdateInput{
		DisplayName: ptr("  Ada Obi  "), Phone: ptr("+234 801-234 5678"), Country: ptr("ng"),
		DateOfBirth: ptr("1990-02-28"), Gender: ptr("woman"),
		Languages: ptr([]string{" English", "Yoruba", "english", "Yoruba "}),
	}
	if err := in.Validate(now); err != nil {
		t.Fatalf("valid input refused: %v", err)
	}
	if *in.DisplayName != "Ada Obi" || *in.Phone != "+2348012345678" || *in.Country != "NG" {
		t.Fatalf("not normalised: %q %q %q", *in.DisplayName, *in.Phone, *in.Country)
	}
	if !slices.Equal(*in.Languages, []string{"English", "Yoruba"}) {
		t.Fatalf("languages not deduplicated: %q", *in.Languages)
	}
}

func TestValidateEmptyClears(t *testing.T) {
	in := UpdateInput{Phone: ptr(""), DateOfBirth: ptr(""), Gender: ptr(""), Country: ptr(""),
		Languages: ptr([]string{})}
	if err := in.Validate(now); err != nil {
		t.Fatalf("clearing refused: %v", err)
	}
}

func TestValidateReportsEveryBadField(t *testing.T) {
	many := make([]string, 21)
	for i := range many {
		many[i] = "item" + strings.Repeat("x", i)
	}
	in := UpdateInput{
		DisplayName: ptr(strings.Repeat("a", 81)), Username: ptr("no spaces allowed"),
		Bio: ptr(strings.Repeat("b", 1001)), Phone: ptr("0801 234"), DateOfBirth: ptr("1990-02-30"),
		Gender: ptr("other"), Country: ptr("XX"), Languages: ptr([]string{""}), Interests: ptr(many),
		Specialties: ptr([]string{strings.Repeat("s", 41)}), City: ptr(strings.Repeat("c", 101)),
		BusinessName: ptr("line\nbreak"), LicenceNumber: ptr(strings.Repeat("l", 61)),
	}
	err := in.Validate(now)
	ae, ok := apperr.As(err)
	if !ok || ae.Code != apperr.CodeValidation {
		t.Fatalf("want validation error, got %v", err)
	}
	for _, f := range []string{"display_name", "username", "bio", "phone", "date_of_birth", "gender", "country",
		"languages", "interests", "specialties", "city", "business_name", "licence_number"} {
		if ae.Fields[f] == "" {
			t.Errorf("no message for %s (fields %v)", f, ae.Fields)
		}
	}
}

func TestBirthDateAge(t *testing.T) {
	cases := map[string]bool{
		"2013-03-02": true,  // 13 today
		"2013-03-03": false, // 13 tomorrow
		"1906-03-02": true,  // 120 today
		"1905-03-03": true,  // 121 tomorrow
		"1905-03-02": false, // 121 today
		"2000-13-01": false,
		"2000-1-01":  false,
		"2024-02-29": false, // real date, too young
		"2000-02-29": true,
	}
	for d, ok := range cases {
		if got := checkBirthDate(d, now) == ""; got != ok {
			t.Errorf("%s: valid=%v, want %v (%s)", d, got, ok, checkBirthDate(d, now))
		}
	}
}

func TestPhone(t *testing.T) {
	for s, ok := range map[string]bool{
		"+2348012345678": true, "+1 415-555-0100": true, "+1234567": true, "+123456": false,
		"+1234567890123456": false, "08012345678": false, "+234(801)": false, "": true,
	} {
		if _, got := NormalizePhone(s); got != ok {
			t.Errorf("%q: valid=%v want %v", s, got, ok)
		}
	}
}

func TestCompute(t *testing.T) {
	empty := emptyProfile()
	pct, missing := Compute(empty, []string{"user"})
	if pct != 0 || !slices.Equal(missing, roledef.BaseProfileFields) {
		t.Fatalf("empty: %d %v", pct, missing)
	}
	full := Profile{DisplayName: "A", AvatarURL: ptr("/media/a.png"), Bio: "b", Phone: "+2348012345678",
		DateOfBirth: ptr("1990-01-01"), City: "Lagos", Country: "NG", Languages: []string{"English"},
		Interests: []string{}, Specialties: []string{}}
	if pct, missing := Compute(full, []string{"user"}); pct != 100 || len(missing) != 0 {
		t.Fatalf("full: %d %v", pct, missing)
	}
	pct, missing = Compute(full, []string{"user", "therapist"})
	if pct != 80 || !slices.Equal(missing, []string{"licence_number", "specialties"}) {
		t.Fatalf("therapist: %d %v", pct, missing)
	}
	full.LicenceNumber, full.Specialties = "MDCN-1", []string{"CBT"}
	if pct, _ := Compute(full, []string{"user", "therapist"}); pct != 100 {
		t.Fatalf("full therapist: %d", pct)
	}
	// One field short of nine is floor(800/9) = 88, never rounded up to 100.
	full.BusinessName = ""
	pct, missing = Compute(full, []string{"user", "vendor"})
	if pct != 88 || !slices.Equal(missing, []string{"business_name"}) {
		t.Fatalf("vendor: %d %v", pct, missing)
	}
	req := roledef.RequiredProfileFields([]string{"car_dealer", "therapist", "coach"})
	if !slices.Equal(req[len(roledef.BaseProfileFields):], []string{"licence_number", "specialties", "business_name"}) {
		t.Fatalf("extras not deduplicated: %v", req)
	}
}

func TestCountry(t *testing.T) {
	for c, ok := range map[string]bool{"NG": true, "GB": true, "US": true, "XX": false, "N": false, "NGA": false, "UK": false} {
		if ValidCountry(c) != ok {
			t.Errorf("%s: want %v", c, ok)
		}
	}
}
