package ticketing

import (
	"strings"
	"testing"
)

func TestSignedCodes(t *testing.T) {
	s := &Service{key: []byte("k1")}
	other := &Service{key: []byte("k2")}
	code := s.sign("tk-1", 3)
	if id, v, ok := s.parse(code); !ok || id != "tk-1" || v != 3 {
		t.Fatalf("parse %q: %s %d %v", code, id, v, ok)
	}
	for _, bad := range []string{
		other.sign("tk-1", 3),                    // another server's key
		strings.Replace(code, ".3.", ".4.", 1),   // another version
		strings.Replace(code, "tk-1", "tk-2", 1), // another ticket
		"", "tk-1.3", "tk-1.x." + s.mac("tk-1", 3), "tk-1.0." + s.mac("tk-1", 0), strings.Repeat("a", 201),
	} {
		if _, _, ok := s.parse(bad); ok {
			t.Fatalf("accepted %q", bad)
		}
	}
	if img := qrImage(code); !strings.HasPrefix(img, "data:image/svg+xml;base64,") || len(img) < 500 {
		t.Fatalf("qr image %q", img)
	}
}

func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{"Ada": "Ada", "=SUM(A1)": "'=SUM(A1)", "+1": "'+1", "@x": "'@x", "": ""} {
		if got := csvSafe(in); got != want {
			t.Fatalf("%q: %q", in, got)
		}
	}
}
