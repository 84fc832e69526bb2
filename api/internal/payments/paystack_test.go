package payments

import "testing"

func TestSelfOrigin(t *testing.T) {
	for addr, want := range map[string]string{
		":8080":          "http://127.0.0.1:8080",
		"0.0.0.0:9000":   "http://127.0.0.1:9000",
		"[::]:9000":      "http://127.0.0.1:9000",
		"localhost:8081": "http://localhost:8081",
		"10.0.0.5:8082":  "http://10.0.0.5:8082",
		"[::1]:8083":     "http://[::1]:8083",
		"bad":            "http://127.0.0.1:80",
	} {
		if got := SelfOrigin(addr); got != want {
			t.Errorf("SelfOrigin(%q) = %q, want %q", addr, got, want)
		}
	}
}

func TestReferencesSuitPaystack(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		r := newReference("sj-po-")
		if len(r) != len("sj-po-")+20 || seen[r] {
			t.Fatalf("reference %q", r)
		}
		seen[r] = true
		for _, c := range r {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				t.Fatalf("reference %q has %q", r, c)
			}
		}
	}
}
