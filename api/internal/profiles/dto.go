package profiles

import (
	"encoding/json"
	"time"
)

// Profile is the API form of a user's profile (embedded in the accounts
// domain's user JSON too). Lists are never null; date_of_birth, avatar_url
// and updated_at are null when unset.
type Profile struct {
	DisplayName   string     `json:"display_name"`
	Bio           string     `json:"bio"`
	Phone         string     `json:"phone"`
	DateOfBirth   *string    `json:"date_of_birth"`
	Gender        string     `json:"gender"`
	City          string     `json:"city"`
	Country       string     `json:"country"`
	Languages     []string   `json:"languages"`
	Interests     []string   `json:"interests"`
	AvatarURL     *string    `json:"avatar_url"`
	BusinessName  string     `json:"business_name"`
	LicenceNumber string     `json:"licence_number"`
	Specialties   []string   `json:"specialties"`
	UpdatedAt     *time.Time `json:"updated_at"`
}

// ProfileWithUsername is the answer of GET and PATCH /api/v1/profile.
type ProfileWithUsername struct {
	Profile
	Username string `json:"username"`
}

// CompletenessDTO is the answer of GET /api/v1/profile/completeness; the
// camelCase key is the one the portals read.
type CompletenessDTO struct {
	Completeness  int      `json:"completeness"`
	MissingFields []string `json:"missingFields"`
}

// emptyProfile is the profile of a user who has never saved one.
func emptyProfile() Profile {
	return Profile{Languages: []string{}, Interests: []string{}, Specialties: []string{}}
}

func toProfile(r *profileRow) Profile {
	p := Profile{
		DisplayName: r.DisplayName, Bio: r.Bio, Phone: r.Phone, Gender: r.Gender, City: r.City,
		Country: r.Country, BusinessName: r.BusinessName, LicenceNumber: r.LicenceNumber,
		Languages: decodeList(r.Languages), Interests: decodeList(r.Interests), Specialties: decodeList(r.Specialties),
	}
	if r.DateOfBirth != "" {
		d := r.DateOfBirth
		p.DateOfBirth = &d
	}
	if r.AvatarURL != "" {
		u := r.AvatarURL
		p.AvatarURL = &u
	}
	if !r.UpdatedAt.IsZero() {
		t := r.UpdatedAt.UTC()
		p.UpdatedAt = &t
	}
	return p
}

func decodeList(s string) []string {
	out := []string{}
	if s != "" {
		_ = json.Unmarshal([]byte(s), &out)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

func encodeList(l []string) string {
	if l == nil {
		l = []string{}
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// UpdateInput is a partial profile update: only non-nil fields change.
type UpdateInput struct {
	DisplayName   *string   `json:"display_name"`
	Username      *string   `json:"username"`
	Bio           *string   `json:"bio"`
	Phone         *string   `json:"phone"`
	DateOfBirth   *string   `json:"date_of_birth"`
	Gender        *string   `json:"gender"`
	City          *string   `json:"city"`
	Country       *string   `json:"country"`
	Languages     *[]string `json:"languages"`
	Interests     *[]string `json:"interests"`
	Specialties   *[]string `json:"specialties"`
	BusinessName  *string   `json:"business_name"`
	LicenceNumber *string   `json:"licence_number"`
}
