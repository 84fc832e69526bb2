// Package profiles keeps each user's profile: the fields people see and edit,
// the avatar, and how complete the profile is for the user's roles.
package profiles

import (
	"context"
	"errors"
	"log/slog"
	"slices"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// MaxAvatarBytes is the largest avatar upload accepted.
const MaxAvatarBytes = 5 << 20

// avatarMaxSide is the longest side of a stored avatar, in pixels.
const avatarMaxSide = 1024

// RoleSource is what profiles need from the accounts domain: a user's roles
// (for completeness) and a username change inside the profile's transaction.
type RoleSource interface {
	Roles(ctx context.Context, userID string) ([]string, error)
	ChangeUsername(ctx context.Context, db bun.IDB, userID, username string) error
}

// Service holds the profile rules.
type Service struct {
	deps  *platform.Deps
	st    *store
	roles RoleSource
	log   *slog.Logger
	cache *readCache
}

// NewService makes the service; SetRoles must be called before completeness
// or username changes are used.
func NewService(d *platform.Deps) *Service {
	log := d.Log
	if log == nil {
		log = slog.Default()
	}
	return &Service{deps: d, st: &store{db: d.DB}, log: log, cache: newReadCache(d.Clock)}
}

// SetRoles connects the accounts domain (it depends on profiles, so it is
// wired after both are built).
func (s *Service) SetRoles(r RoleSource) { s.roles = r }

// ProfileFor returns a user's profile; a user who never saved one gets an
// empty profile.
//
// It is read on every GET /api/auth/user, so answers are cached for a couple
// of seconds; this process's own writes drop the entry at once.
func (s *Service) ProfileFor(ctx context.Context, userID string) (Profile, error) {
	if p, ok := s.cache.get(userID); ok {
		return p, nil
	}
	p, err := s.profileFor(ctx, s.deps.DB.DB, userID)
	if err == nil {
		s.cache.put(userID, p)
	}
	return p, err
}

func (s *Service) profileFor(ctx context.Context, idb bun.IDB, userID string) (Profile, error) {
	r, err := s.st.get(ctx, idb, userID, false)
	if errors.Is(err, apperr.ErrNotFound) {
		return emptyProfile(), nil
	}
	if err != nil {
		return Profile{}, err
	}
	return toProfile(r), nil
}

// WithUsername returns the profile together with the user's username.
func (s *Service) WithUsername(ctx context.Context, userID string) (ProfileWithUsername, error) {
	return s.withUsername(ctx, s.deps.DB.DB, userID)
}

func (s *Service) withUsername(ctx context.Context, idb bun.IDB, userID string) (ProfileWithUsername, error) {
	name, err := s.st.username(ctx, idb, userID)
	if errors.Is(err, apperr.ErrNotFound) {
		return ProfileWithUsername{}, errUserNotFound
	}
	if err != nil {
		return ProfileWithUsername{}, err
	}
	p, err := s.profileFor(ctx, idb, userID)
	if err != nil {
		return ProfileWithUsername{}, err
	}
	return ProfileWithUsername{Profile: p, Username: name}, nil
}

// Update validates every field of in, then changes the given fields (and the
// username, through the accounts domain) in one transaction. When any field is
// bad nothing changes.
func (s *Service) Update(ctx context.Context, userID string, in UpdateInput) (Profile, error) {
	out, err := s.UpdateWithUsername(ctx, userID, in)
	return out.Profile, err
}

// UpdateWithUsername is Update answering with the (possibly new) username.
func (s *Service) UpdateWithUsername(ctx context.Context, userID string, in UpdateInput) (ProfileWithUsername, error) {
	now := s.deps.Clock.Now()
	if err := in.Validate(now); err != nil {
		return ProfileWithUsername{}, err
	}
	row, cols := applyInput(userID, in)
	row.UpdatedAt = now
	var out ProfileWithUsername
	err := s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.st.username(ctx, tx, userID); err != nil {
			if errors.Is(err, apperr.ErrNotFound) {
				return errUserNotFound
			}
			return err
		}
		if in.Username != nil {
			if s.roles == nil {
				return errors.New("profiles: no RoleSource set")
			}
			if err := s.roles.ChangeUsername(ctx, tx, userID, *in.Username); err != nil {
				if errors.Is(err, apperr.ErrConflict) {
					return errUsernameTaken
				}
				return err
			}
		}
		if err := s.st.ensure(ctx, tx, &profileRow{UserID: userID, Languages: "[]", Interests: "[]",
			Specialties: "[]", UpdatedAt: now}); err != nil {
			return err
		}
		if err := s.st.update(ctx, tx, row, append(cols, "updated_at")); err != nil {
			return err
		}
		var err error
		out, err = s.withUsername(ctx, tx, userID)
		return err
	})
	s.cache.drop(userID)
	return out, err
}

// applyInput turns a validated input into a row and the columns it sets.
func applyInput(userID string, in UpdateInput) (*profileRow, []string) {
	r := &profileRow{UserID: userID}
	var cols []string
	str := func(p *string, dst *string, col string) {
		if p != nil {
			*dst = *p
			cols = append(cols, col)
		}
	}
	list := func(p *[]string, dst *string, col string) {
		if p != nil {
			*dst = encodeList(*p)
			cols = append(cols, col)
		}
	}
	str(in.DisplayName, &r.DisplayName, "display_name")
	str(in.Bio, &r.Bio, "bio")
	str(in.Phone, &r.Phone, "phone")
	str(in.DateOfBirth, &r.DateOfBirth, "date_of_birth")
	str(in.Gender, &r.Gender, "gender")
	str(in.City, &r.City, "city")
	str(in.Country, &r.Country, "country")
	str(in.BusinessName, &r.BusinessName, "business_name")
	str(in.LicenceNumber, &r.LicenceNumber, "licence_number")
	list(in.Languages, &r.Languages, "languages")
	list(in.Interests, &r.Interests, "interests")
	list(in.Specialties, &r.Specialties, "specialties")
	return r, cols
}

// SetAvatar checks the upload by its bytes, re-encodes it (dropping every
// metadata block), stores it and points the profile at it; the previous
// avatar file is deleted.
func (s *Service) SetAvatar(ctx context.Context, userID string, data []byte) (Profile, error) {
	if len(data) > MaxAvatarBytes {
		return Profile{}, errAvatarTooLarge
	}
	img, err := images.Reencode(data, avatarMaxSide)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Profile{}, errAvatarNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Profile{}, errAvatarPixels
	case err != nil:
		return Profile{}, err
	}
	key := "avatars/" + userID + "/" + ids.New() + "." + img.Ext
	url, err := s.deps.Storage.Put(ctx, key, img.Data)
	if err != nil {
		return Profile{}, err
	}
	old, p, err := s.replaceAvatar(ctx, userID, url)
	if err != nil {
		s.deleteFile(ctx, url)
		return Profile{}, err
	}
	s.deleteFile(ctx, old)
	return p, nil
}

// RemoveAvatar clears the avatar and deletes its file.
func (s *Service) RemoveAvatar(ctx context.Context, userID string) (Profile, error) {
	old, p, err := s.replaceAvatar(ctx, userID, "")
	if err != nil {
		return Profile{}, err
	}
	s.deleteFile(ctx, old)
	return p, nil
}

// replaceAvatar sets avatar_url under a row lock and returns the old URL.
func (s *Service) replaceAvatar(ctx context.Context, userID, url string) (string, Profile, error) {
	var old string
	var out Profile
	now := s.deps.Clock.Now()
	err := s.deps.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.st.username(ctx, tx, userID); err != nil {
			if errors.Is(err, apperr.ErrNotFound) {
				return errUserNotFound
			}
			return err
		}
		if err := s.st.ensure(ctx, tx, &profileRow{UserID: userID, Languages: "[]", Interests: "[]",
			Specialties: "[]", UpdatedAt: now}); err != nil {
			return err
		}
		r, err := s.st.get(ctx, tx, userID, true)
		if err != nil {
			return err
		}
		old = r.AvatarURL
		r.AvatarURL, r.UpdatedAt = url, now
		if err := s.st.update(ctx, tx, r, []string{"avatar_url", "updated_at"}); err != nil {
			return err
		}
		out = toProfile(r)
		return nil
	})
	s.cache.drop(userID)
	return old, out, err
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if url == "" {
		return
	}
	key, ok := s.deps.Storage.KeyFromURL(url)
	if !ok {
		return
	}
	if err := s.deps.Storage.Delete(ctx, key); err != nil {
		s.log.Warn("delete avatar file", "key", key, "error", err.Error())
	}
}

// Completeness says how complete a user's profile is for their roles, and
// which required fields are still empty.
func (s *Service) Completeness(ctx context.Context, userID string) (int, []string, error) {
	p, err := s.ProfileFor(ctx, userID)
	if err != nil {
		return 0, nil, err
	}
	var roles []string
	if s.roles != nil {
		if roles, err = s.roles.Roles(ctx, userID); err != nil {
			return 0, nil, err
		}
	}
	pct, missing := Compute(p, roles)
	return pct, missing, nil
}

// BaseRequired are the fields every profile needs to be complete.
var BaseRequired = []string{"display_name", "avatar_url", "bio", "phone", "date_of_birth", "city", "country", "languages"}

// RoleRequired are the extra fields each provider role needs.
var RoleRequired = map[string][]string{
	"therapist":  {"licence_number", "specialties"},
	"coach":      {"specialties"},
	"vendor":     {"business_name"},
	"tour_guide": {"specialties"},
	"car_rental": {"business_name"},
	"car_dealer": {"business_name", "licence_number"},
}

// RequiredFields is the set of fields a user with these roles must fill.
func RequiredFields(roles []string) []string {
	req := slices.Clone(BaseRequired)
	for _, role := range []string{"therapist", "coach", "vendor", "tour_guide", "car_rental", "car_dealer"} {
		if !slices.Contains(roles, role) {
			continue
		}
		for _, f := range RoleRequired[role] {
			if !slices.Contains(req, f) {
				req = append(req, f)
			}
		}
	}
	return req
}

// Compute is floor(100 * filled / required) and the empty required fields, so
// only a fully filled profile is exactly 100.
func Compute(p Profile, roles []string) (int, []string) {
	req := RequiredFields(roles)
	missing := []string{}
	for _, f := range req {
		if !filled(p, f) {
			missing = append(missing, f)
		}
	}
	done := len(req) - len(missing)
	return 100 * done / len(req), missing
}

func filled(p Profile, field string) bool {
	switch field {
	case "display_name":
		return p.DisplayName != ""
	case "avatar_url":
		return p.AvatarURL != nil && *p.AvatarURL != ""
	case "bio":
		return p.Bio != ""
	case "phone":
		return p.Phone != ""
	case "date_of_birth":
		return p.DateOfBirth != nil && *p.DateOfBirth != ""
	case "city":
		return p.City != ""
	case "country":
		return p.Country != ""
	case "languages":
		return len(p.Languages) > 0
	case "interests":
		return len(p.Interests) > 0
	case "business_name":
		return p.BusinessName != ""
	case "licence_number":
		return p.LicenceNumber != ""
	case "specialties":
		return len(p.Specialties) > 0
	}
	return false
}
