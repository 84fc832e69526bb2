package roles

import (
	"strings"
	"testing"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/roledef"
)

func TestApplyValidate(t *testing.T) {
	for role, want := range map[string]string{"": "is required", "admin": "cannot be applied for",
		"user": "cannot be applied for", "pilot": "must be one of"} {
		in := ApplyInput{Role: role}
		_, err := in.Validate()
		ae, ok := apperr.As(err)
		if !ok || !strings.HasPrefix(ae.Fields["role"], want) {
			t.Errorf("role %q: got %v", role, err)
		}
	}
	for _, role := range roledef.ApplicableNames() {
		in := ApplyInput{Role: role, Details: map[string]any{"business_name": "Kola Ventures"}}
		d, err := in.Validate()
		if err != nil || d != `{"business_name":"Kola Ventures"}` {
			t.Errorf("%s: %q %v", role, d, err)
		}
		if r, _ := roledef.Get(role); !roledef.IsPortal(r.Portal) {
			t.Errorf("%s has no portal", role)
		}
	}
	in := ApplyInput{Role: "vendor", Details: map[string]any{"motivation": strings.Repeat("x", 8200)}}
	if _, err := in.Validate(); !apperr.Is(err, apperr.CodeValidation) {
		t.Errorf("oversize details accepted: %v", err)
	}
	in = ApplyInput{Role: "writer"}
	if d, err := in.Validate(); err != nil || d != "{}" {
		t.Errorf("missing details: %q %v", d, err)
	}
}

func TestFilterValidate(t *testing.T) {
	if err := (&Filter{Status: "pending", Role: "coach"}).Validate(); err != nil {
		t.Fatal(err)
	}
	err := (&Filter{Status: "open", Role: "admin"}).Validate()
	ae, ok := apperr.As(err)
	if !ok || ae.Fields["status"] == "" || ae.Fields["role"] == "" {
		t.Fatalf("bad filter: %v", err)
	}
}

func TestDecisionMail(t *testing.T) {
	u := accounts.Person{Email: "a@example.com", Username: "ada"}
	m := decisionMail("http://therapy.localhost:8080", u, Application{Role: "therapist", Status: StatusApproved})
	if m.To != u.Email || !strings.Contains(m.Text, "http://therapy.localhost:8080") ||
		m.Subject != "Your therapist application was approved" {
		t.Fatalf("approved mail: %+v", m)
	}
	m = decisionMail("", u, Application{Role: "vendor", Status: StatusRejected, Reason: "Licence unreadable"})
	if !strings.Contains(m.Text, "Licence unreadable") {
		t.Fatalf("rejected mail: %+v", m)
	}
}
