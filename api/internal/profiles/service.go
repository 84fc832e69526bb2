package profiles

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/roledef"
	"sojourn/api/internal/platform/storage"
)

// MaxAvatarBytes is the largest avatar upload accepted.
const MaxAvatarBytes = 5 << 20

// avatarLimits: an avatar is at most 16 megapixels (every phone camera's
// usual photo), read from its header before it is decoded, and is stored
// with its longest side at most 1024 pixels.
var avatarLimits = images.Limits{MaxPixels: 16_000_000, MaxSide: 1024}

// Accounts is what profiles need from the accounts domain (accounts.Service):
// a user's username (apperr.ErrNotFound for an unknown user) and roles (for
// completeness), and a username change inside the profile's transaction.
type Accounts interface {
	Username(ctx context.Context, userID string) (string, error)
	Roles(ctx context.Context, userID string) ([]string, error)
	ChangeUsername(ctx context.Context, db bun.IDB, userID, username string) error
}

// Config is what the profiles module needs.
type Config struct {
	DB      *db.DB
	Clock   clock.Clock
	Log     *slog.Logger // nil: slog.Default()
	Storage storage.Storage
	// Reader is the profiles' read side, made first with NewReader (the
	// accounts module reads profiles through it too); the module's writes
	// drop its cached entries.
	Reader   *Reader
	Accounts Accounts
	// Images decodes avatars within the server's decode memory budget.
	Images *images.Processor
}

// Service holds the profile rules.
type Service struct {
	c   Config
	st  *store
	acc Accounts
	log *slog.Logger
	r   *Reader
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Storage == nil || c.Reader == nil || c.Accounts == nil || c.Images == nil {
		return nil, errors.New("profiles: Config needs DB, Clock, Storage, Reader, Accounts and Images")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: c.Reader.st, acc: c.Accounts, log: c.Log, r: c.Reader}, nil
}

// Register mounts the profile routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&Handler{s: s}).routes(r) }

// ProfileFor returns a user's profile (see Reader.ProfileFor).
func (s *Service) ProfileFor(ctx context.Context, userID string) (Profile, error) {
	return s.r.ProfileFor(ctx, userID)
}

// username is the user's username; an unknown user is errUserNotFound.
func (s *Service) username(ctx context.Context, userID string) (string, error) {
	name, err := s.acc.Username(ctx, userID)
	if errors.Is(err, apperr.ErrNotFound) {
		return "", errUserNotFound
	}
	return name, err
}

// WithUsername returns the profile together with the user's username.
func (s *Service) WithUsername(ctx context.Context, userID string) (ProfileWithUsername, error) {
	name, err := s.username(ctx, userID)
	if err != nil {
		return ProfileWithUsername{}, err
	}
	p, err := s.r.read(ctx, s.c.DB.DB, userID)
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
	now := s.c.Clock.Now()
	if err := in.Validate(now); err != nil {
		return ProfileWithUsername{}, err
	}
	row, cols := applyInput(userID, in)
	row.UpdatedAt = now
	name, err := s.username(ctx, userID)
	if err != nil {
		return ProfileWithUsername{}, err
	}
	var out ProfileWithUsername
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if in.Username != nil {
			if err := s.acc.ChangeUsername(ctx, tx, userID, *in.Username); err != nil {
				if errors.Is(err, apperr.ErrConflict) {
					return errUsernameTaken
				}
				return err
			}
			name = strings.TrimSpace(*in.Username)
		}
		if err := s.st.ensure(ctx, tx, &profileRow{UserID: userID, Languages: "[]", Interests: "[]",
			Specialties: "[]", UpdatedAt: now}); err != nil {
			return err
		}
		if err := s.st.update(ctx, tx, row, append(cols, "updated_at")); err != nil {
			return err
		}
		p, err := s.r.read(ctx, tx, userID)
		out = ProfileWithUsername{Profile: p, Username: name}
		return err
	})
	s.r.drop(userID)
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
	img, err := s.c.Images.Reencode(ctx, data, avatarLimits)
	switch {
	case errors.Is(err, images.ErrNotImage):
		return Profile{}, errAvatarNotImage
	case errors.Is(err, images.ErrTooLarge):
		return Profile{}, errAvatarPixels
	case err != nil:
		return Profile{}, err
	}
	key := "avatars/" + userID + "/" + ids.New() + "." + img.Ext
	url, err := s.c.Storage.Put(ctx, key, img.Data)
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
	now := s.c.Clock.Now()
	if _, err := s.username(ctx, userID); err != nil {
		return "", Profile{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
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
	s.r.drop(userID)
	return old, out, err
}

func (s *Service) deleteFile(ctx context.Context, url string) {
	if url == "" {
		return
	}
	key, ok := s.c.Storage.KeyFromURL(url)
	if !ok {
		return
	}
	if err := s.c.Storage.Delete(ctx, key); err != nil {
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
	roles, err := s.acc.Roles(ctx, userID)
	if err != nil {
		return 0, nil, err
	}
	pct, missing := Compute(p, roles)
	return pct, missing, nil
}

// Compute is floor(100 * filled / required) and the empty required fields, so
// only a fully filled profile is exactly 100.
func Compute(p Profile, roles []string) (int, []string) {
	req := roledef.RequiredProfileFields(roles)
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
