package profiles

import (
	"context"

	"github.com/uptrace/bun"
)

// Prefill fills the empty fields of a user's profile from what a role
// application collected (its details object), inside the caller's
// transaction (the approval). What an application calls a field maps to the
// profile: business_name, licence_number, specialties and languages by name,
// base_city to city, about to bio. A field the user already filled is left as
// it is, and a value the profile's own validation refuses is skipped, so
// approval never fails on an odd application. The caller drops the cached
// profile after committing (DropCached).
func (s *Service) Prefill(ctx context.Context, idb bun.IDB, userID string, details map[string]any) error {
	now := s.c.Clock.Now()
	if err := s.st.ensure(ctx, idb, &profileRow{UserID: userID, Languages: "[]", Interests: "[]",
		Specialties: "[]", UpdatedAt: now}); err != nil {
		return err
	}
	cur, err := s.st.get(ctx, idb, userID, true)
	if err != nil {
		return err
	}
	var in UpdateInput
	// Each candidate is validated on its own: one bad value skips that field only.
	try := func(current string, set func(*UpdateInput)) {
		if current != "" && current != "[]" {
			return
		}
		var one UpdateInput
		set(&one)
		if one.Validate(now) != nil || one.empty() {
			return
		}
		set(&in)
		_ = in.Validate(now) // normalises exactly as for the single field
	}
	if v, ok := str(details["business_name"]); ok {
		try(cur.BusinessName, func(u *UpdateInput) { u.BusinessName = &v })
	}
	if v, ok := str(details["licence_number"]); ok {
		try(cur.LicenceNumber, func(u *UpdateInput) { u.LicenceNumber = &v })
	}
	if v, ok := str(details["base_city"]); ok {
		try(cur.City, func(u *UpdateInput) { u.City = &v })
	}
	if v, ok := str(details["about"]); ok {
		try(cur.Bio, func(u *UpdateInput) { u.Bio = &v })
	}
	if v, ok := strList(details["specialties"]); ok {
		try(cur.Specialties, func(u *UpdateInput) { u.Specialties = &v })
	}
	if v, ok := strList(details["languages"]); ok {
		try(cur.Languages, func(u *UpdateInput) { u.Languages = &v })
	}
	row, cols := applyInput(userID, in)
	if len(cols) == 0 {
		return nil
	}
	row.UpdatedAt = now
	if err := s.st.update(ctx, idb, row, append(cols, "updated_at")); err != nil {
		return err
	}
	s.r.drop(userID)
	return nil
}

// DropCached forgets the cached profile of a user (after a transaction that
// changed it through Prefill commits).
func (s *Service) DropCached(userID string) { s.r.drop(userID) }

// empty says whether no field of a single-field input carries a value.
func (in UpdateInput) empty() bool {
	for _, p := range []*string{in.BusinessName, in.LicenceNumber, in.City, in.Bio} {
		if p != nil && *p != "" {
			return false
		}
	}
	for _, l := range []*[]string{in.Specialties, in.Languages} {
		if l != nil && len(*l) > 0 {
			return false
		}
	}
	return true
}

func str(v any) (string, bool) {
	s, ok := v.(string)
	return s, ok
}

// strList reads a JSON array of strings (a lone string is a list of one).
func strList(v any) ([]string, bool) {
	switch t := v.(type) {
	case string:
		return []string{t}, true
	case []any:
		out := make([]string, 0, len(t))
		for _, e := range t {
			s, ok := e.(string)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	}
	return nil, false
}
