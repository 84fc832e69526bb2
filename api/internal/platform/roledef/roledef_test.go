package roledef

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite api/roles.json from the Go registry")

// registryJSON is the registry as api/roles.json holds it.
func registryJSON(t *testing.T) []byte {
	t.Helper()
	b, err := json.MarshalIndent(map[string]any{
		"roles": All, "portals": Portals, "base_profile_fields": BaseProfileFields,
	}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// TestRegistryMatchesSharedFile keeps api/roles.json, which the TypeScript
// registry is tested against, equal to this registry: the two registries
// agree through it. Run with -update after changing the registry.
func TestRegistryMatchesSharedFile(t *testing.T) {
	const path = "../../../roles.json"
	want := registryJSON(t)
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("api/roles.json differs from the Go registry: run go test ./api/internal/platform/roledef -update and update libs/shared/util/src/roles.ts to match")
	}
}

func TestRegistryIsConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range All {
		if seen[r.Name] {
			t.Fatalf("role %q listed twice", r.Name)
		}
		seen[r.Name] = true
		if !IsPortal(r.Portal) {
			t.Errorf("role %q works in unknown portal %q", r.Name, r.Portal)
		}
		if r.Label == "" {
			t.Errorf("role %q has no label", r.Name)
		}
		if (r.Name == Admin || r.Name == User) && (r.Provider || r.Applicable) {
			t.Errorf("%q can be neither a provider role nor applied for", r.Name)
		}
	}
	if Known(Provider) || Known(Anonymous) {
		t.Fatal("the policy groups provider and anonymous are not roles an account holds")
	}
	got := RequiredProfileFields([]string{CarDealer, User})
	want := append(append([]string{}, BaseProfileFields...), "business_name", "licence_number")
	if len(got) != len(want) {
		t.Fatalf("car dealer needs %v, got %v", want, got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("car dealer needs %v, got %v", want, got)
		}
	}
}
