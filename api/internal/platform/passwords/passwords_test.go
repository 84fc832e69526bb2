package passwords

import (
	"context"
	"strings"
	"testing"
)

func TestDefaultCostMeetsTheFloor(t *testing.T) {
	if Default.MemoryKiB < 19*1024 || Default.Time < 2 {
		t.Fatalf("argon2id below m=19MiB,t=2: %+v", Default)
	}
}

func TestHashAndVerify(t *testing.T) {
	h := NewHasher(Params{MemoryKiB: 1024, Time: 1, Threads: 1}, 2)
	ctx := context.Background()
	enc, err := h.Hash(ctx, "Vivid-Harbour-2041")
	if err != nil || !strings.HasPrefix(enc, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash: %q %v", enc, err)
	}
	if ok, err := h.Verify(ctx, "Vivid-Harbour-2041", enc); !ok || err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if ok, _ := h.Verify(ctx, "vivid-harbour-2041", enc); ok {
		t.Fatal("wrong password accepted")
	}
	if ok, _ := h.Verify(ctx, "anything", ""); ok {
		t.Fatal("unknown account (empty hash) accepted")
	}
	other, _ := h.Hash(ctx, "Vivid-Harbour-2041")
	if other == enc {
		t.Fatal("salts must differ")
	}
}

func TestVerifyHonoursCancellation(t *testing.T) {
	h := NewHasher(Params{MemoryKiB: 1024, Time: 1, Threads: 1}, 1)
	h.slots <- struct{}{} // the one slot is busy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := h.Hash(ctx, "x"); err == nil {
		t.Fatal("a cancelled request must not wait for a hashing slot")
	}
}

func TestProblem(t *testing.T) {
	cases := []struct {
		pw, email, user string
		bad             bool
	}{
		{"short1!", "a@b.io", "amy", true},
		{"password123", "a@b.io", "amy", true},
		{"QWERTYUIOP", "a@b.io", "amy", true},
		{"jane.doe@mail.com-x", "jane.doe@mail.com", "jd", true},
		{"xx-janedoe-2041", "janedoe@mail.com", "jd", true},
		{"my-amaranth-garden-9", "a@b.io", "amaranth", true},
		{"Vivid-Harbour-2041", "jane@mail.com", "jane", false},
		// Issue 8, finding 8: common passwords with the usual decorations,
		// and one character repeated.
		{"Password1!", "a@b.io", "amy", true},
		{"Qwerty123!", "a@b.io", "amy", true},
		{"Welcome2024", "a@b.io", "amy", true},
		{"0000000000", "a@b.io", "amy", true},
		{"          ", "a@b.io", "amy", true},
		{"ééééééééééé", "a@b.io", "amy", true},
		{"P@ssw0rd2024", "a@b.io", "amy", true},
		{"2024!Sunshine", "a@b.io", "amy", true},
		{"Butterfly123", "a@b.io", "amy", true},
		// The demo accounts' password (development only) stays usable.
		{"Passw0rd!demo", "traveller@sojourn.test", "traveller", false},
		{"Quiet-Meadow-7788", "a@b.io", "amy", false},
		{"correct horse battery", "a@b.io", "amy", false},
	}
	for _, c := range cases {
		if got := Problem(c.pw, c.email, c.user) != ""; got != c.bad {
			t.Errorf("%q: problem=%v want %v (%s)", c.pw, got, c.bad, Problem(c.pw, c.email, c.user))
		}
	}
}

func TestCommonListIsReal(t *testing.T) {
	if len(common) < 10000 {
		t.Fatalf("the common-password list holds %d entries, want at least 10,000", len(common))
	}
	for _, pw := range []string{"123456", "password", "iloveyou", "trustno1", "sojourn1234"} {
		if !common[pw] {
			t.Errorf("%q missing from the list", pw)
		}
	}
}

func TestVerificationsAreCountedBeforeTheSlot(t *testing.T) {
	h := NewHasher(Params{MemoryKiB: 1024, Time: 1, Threads: 1}, 1)
	seen := 0
	h.OnVerify(func() { seen++ })
	h.slots <- struct{}{} // the one slot is busy
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _ = h.Verify(ctx, "x", "")
	<-h.slots
	_, _ = h.Verify(context.Background(), "x", "")
	h.OnVerify(nil)
	_, _ = h.Verify(context.Background(), "x", "")
	if h.Verifications() != 3 || seen != 2 {
		t.Fatalf("verifications %d, hook runs %d", h.Verifications(), seen)
	}
}
