// Package roledef is the one registry of Sojourn's roles: their names, which
// of them are provider roles, the portal each works in, the label people read
// and the profile fields each requires. Every other package asks it instead of
// keeping a list of its own; libs/shared/util/src/roles.ts is its TypeScript
// twin, and both are checked against api/roles.json (see roledef_test.go and
// libs/shared/util/src/roles.test.ts).
package roledef

import "slices"

// Role names used in code.
const (
	User      = "user"
	Admin     = "admin"
	Vendor    = "vendor"
	Therapist = "therapist"
	Coach     = "coach"
	TourGuide = "tour_guide"
	CarRental = "car_rental"
	CarDealer = "car_dealer"
	Affiliate = "affiliate"
	Writer    = "writer"
	Recruiter = "recruiter"
	Provider  = "provider" // the policy group every provider role belongs to; never held by an account
	Anonymous = "anonymous"
)

// Role describes one role.
type Role struct {
	// Name is the stored and token role name.
	Name string `json:"name"`
	// Label is how people read the role, sentence case ("Life coach").
	Label string `json:"label"`
	// Portal is the portal the role works in ("user" is the apex).
	Portal string `json:"portal"`
	// Provider roles earn money through Sojourn and may withdraw it; the
	// policy groups them as "provider".
	Provider bool `json:"provider"`
	// Applicable roles are applied for by a user and granted by an admin
	// (never admin or user).
	Applicable bool `json:"applicable"`
	// ProfileFields are the profile fields the role needs beyond BaseProfileFields.
	ProfileFields []string `json:"profile_fields"`
}

// All is every role, in display order: provider roles, then the others.
var All = []Role{
	{Name: Vendor, Label: "Vendor", Portal: "vendor", Provider: true, Applicable: true, ProfileFields: []string{"business_name"}},
	{Name: Therapist, Label: "Therapist", Portal: "therapy", Provider: true, Applicable: true, ProfileFields: []string{"licence_number", "specialties"}},
	{Name: Coach, Label: "Life coach", Portal: "coach", Provider: true, Applicable: true, ProfileFields: []string{"specialties"}},
	{Name: TourGuide, Label: "Tour guide", Portal: "tour", Provider: true, Applicable: true, ProfileFields: []string{"specialties"}},
	{Name: CarRental, Label: "Car rental company", Portal: "car-rental", Provider: true, Applicable: true, ProfileFields: []string{"business_name"}},
	{Name: CarDealer, Label: "Car dealer", Portal: "car-dealer", Provider: true, Applicable: true, ProfileFields: []string{"business_name", "licence_number"}},
	{Name: Affiliate, Label: "Affiliate", Portal: "affiliate", Provider: true, Applicable: true, ProfileFields: []string{}},
	{Name: Writer, Label: "Writer", Portal: "writer", Provider: true, Applicable: true, ProfileFields: []string{}},
	{Name: Recruiter, Label: "Recruiter", Portal: "user", Provider: true, Applicable: true, ProfileFields: []string{}},
	{Name: Admin, Label: "Administrator", Portal: "admin", ProfileFields: []string{}},
	{Name: User, Label: "Member", Portal: "user", ProfileFields: []string{}},
}

// Portals are the portal ids, the user portal (the apex) first.
var Portals = []string{"user", "vendor", "therapy", "coach", "tour", "car-rental", "car-dealer", "affiliate", "writer", "admin"}

// BaseProfileFields are the fields every profile needs to be complete.
var BaseProfileFields = []string{"display_name", "avatar_url", "bio", "phone", "date_of_birth", "city", "country", "languages"}

var byName = func() map[string]Role {
	m := make(map[string]Role, len(All))
	for _, r := range All {
		m[r.Name] = r
	}
	return m
}()

// Get returns the named role and whether it exists.
func Get(name string) (Role, bool) { r, ok := byName[name]; return r, ok }

// Known reports whether name is a role an account may hold.
func Known(name string) bool { _, ok := byName[name]; return ok }

// Label is the role's label, or the name itself when unknown.
func Label(name string) string {
	if r, ok := byName[name]; ok {
		return r.Label
	}
	return name
}

// Names are the names of every role.
func Names() []string { return names(func(Role) bool { return true }) }

// ProviderNames are the provider roles' names.
func ProviderNames() []string { return names(func(r Role) bool { return r.Provider }) }

// ApplicableNames are the names of the roles a user may apply for.
func ApplicableNames() []string { return names(func(r Role) bool { return r.Applicable }) }

// IsPortal reports whether p names a portal.
func IsPortal(p string) bool { return slices.Contains(Portals, p) }

// RequiredProfileFields is the set of profile fields someone holding roles
// must fill: the base fields, then each role's in registry order.
func RequiredProfileFields(roles []string) []string {
	req := slices.Clone(BaseProfileFields)
	for _, r := range All {
		if !slices.Contains(roles, r.Name) {
			continue
		}
		for _, f := range r.ProfileFields {
			if !slices.Contains(req, f) {
				req = append(req, f)
			}
		}
	}
	return req
}

func names(keep func(Role) bool) []string {
	out := make([]string, 0, len(All))
	for _, r := range All {
		if keep(r) {
			out = append(out, r.Name)
		}
	}
	return out
}
