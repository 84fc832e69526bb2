package practice

import (
	"context"
	"time"

	"sojourn/api/internal/accounts"
)

// Format is a session format of a profile (Address only for in_person).
type Format struct {
	Kind    string `json:"kind"`
	Address string `json:"address,omitempty"`
}

// MediaItem is a profile photo.
type MediaItem struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	URL       string    `json:"url"`
	CreatedAt time.Time `json:"created_at"`
}

// Money is an amount in minor units.
type Money struct {
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
}

// PriceRange is the cheapest and dearest active offering.
type PriceRange struct {
	Min      int64  `json:"min"`
	Max      int64  `json:"max"`
	Currency string `json:"currency"`
}

// Rating is the review aggregate.
type Rating struct {
	Average float64 `json:"average"`
	Count   int     `json:"count"`
}

// Credentials is the licence as its owner and admins see it.
type Credentials struct {
	LicenceNumber    string     `json:"licence_number"`
	IssuingBody      string     `json:"issuing_body"`
	Verification     string     `json:"verification"`
	VerificationNote string     `json:"verification_note"`
	VerifiedAt       *time.Time `json:"verified_at"`
	// Documents are the scans of the licence (served only to the owner and
	// admins).
	Documents []LicenceDocument `json:"documents"`
}

// OwnProfile is the profile as its owner edits it.
type OwnProfile struct {
	ID                     string      `json:"id"`
	Kind                   string      `json:"kind"`
	Status                 string      `json:"status"`
	Listed                 bool        `json:"listed"`
	DisplayName            string      `json:"display_name"`
	BusinessName           string      `json:"business_name"`
	AvatarURL              *string     `json:"avatar_url"`
	Headline               string      `json:"headline"`
	Bio                    string      `json:"bio"`
	Specialties            []string    `json:"specialties"`
	Languages              []string    `json:"languages"`
	City                   string      `json:"city"`
	Country                string      `json:"country"`
	TimeZone               string      `json:"time_zone"`
	Formats                []Format    `json:"formats"`
	IntroVideoURL          string      `json:"intro_video_url"`
	Media                  []MediaItem `json:"media"`
	Credentials            Credentials `json:"credentials"`
	PriceRange             *PriceRange `json:"price_range"`
	Rating                 Rating      `json:"rating"`
	TypicalResponseMinutes *int        `json:"typical_response_minutes"`
	NextAvailableAt        *time.Time  `json:"next_available_at"`
	Completeness           int         `json:"completeness"`
	Missing                []string    `json:"missing"`
	PublishMissing         []string    `json:"publish_missing"`
	PublishedAt            *time.Time  `json:"published_at"`
	SuspendedAt            *time.Time  `json:"suspended_at"`
	SuspensionReason       string      `json:"suspension_reason"`
	CreatedAt              time.Time   `json:"created_at"`
	UpdatedAt              time.Time   `json:"updated_at"`
}

// Card is a provider in the public directory.
type Card struct {
	ID                     string      `json:"id"`
	Kind                   string      `json:"kind"`
	DisplayName            string      `json:"display_name"`
	AvatarURL              *string     `json:"avatar_url"`
	Headline               string      `json:"headline"`
	Specialties            []string    `json:"specialties"`
	Languages              []string    `json:"languages"`
	Formats                []string    `json:"formats"`
	City                   string      `json:"city"`
	Country                string      `json:"country"`
	TimeZone               string      `json:"time_zone"`
	PriceRange             *PriceRange `json:"price_range"`
	Rating                 Rating      `json:"rating"`
	Verified               bool        `json:"verified"`
	NextAvailableAt        *time.Time  `json:"next_available_at"`
	TypicalResponseMinutes *int        `json:"typical_response_minutes"`
}

// PublicProfile is a listed provider's public page: the card, the bio, the
// formats with the in-person address, the media and the licence badge (never
// its number).
type PublicProfile struct {
	Card
	Bio             string      `json:"bio"`
	SessionFormats  []Format    `json:"session_formats"`
	IntroVideoURL   string      `json:"intro_video_url"`
	Media           []MediaItem `json:"media"`
	VerifiedLicence bool        `json:"verified_licence"`
}

func formatsOf(r *providerRow) []Format {
	out := []Format{}
	if r.FormatVideo {
		out = append(out, Format{Kind: FormatVideo})
	}
	if r.FormatInPerson {
		out = append(out, Format{Kind: FormatInPerson, Address: r.InPersonAddress})
	}
	if r.FormatPhone {
		out = append(out, Format{Kind: FormatPhone})
	}
	return out
}

func formatKinds(r *providerRow) []string {
	out := []string{}
	for _, f := range formatsOf(r) {
		out = append(out, f.Kind)
	}
	return out
}

func priceRange(r *providerRow) *PriceRange {
	if r.MinPrice == nil || r.MaxPrice == nil {
		return nil
	}
	return &PriceRange{Min: *r.MinPrice, Max: *r.MaxPrice, Currency: r.PriceCurrency}
}

func toMedia(rows []*mediaRow) []MediaItem {
	out := make([]MediaItem, 0, len(rows))
	for _, m := range rows {
		out = append(out, MediaItem{ID: m.ID, Kind: m.Kind, URL: m.URL, CreatedAt: m.CreatedAt})
	}
	return out
}

func strPtr(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// card builds a directory card; name and avatar come from the person.
func card(r *providerRow, name, avatar string) Card {
	return Card{ID: r.ID, Kind: r.Kind, DisplayName: practiceName(r, name), AvatarURL: strPtr(avatar), Headline: r.Headline,
		Specialties: decodeStrings(r.Specialties), Languages: decodeStrings(r.Languages), Formats: formatKinds(r),
		City: r.City, Country: r.Country, TimeZone: r.TimeZone, PriceRange: priceRange(r),
		Rating: Rating{Average: r.RatingAvg, Count: r.RatingCount}, Verified: r.Verification == VerificationVerified,
		NextAvailableAt: r.NextAvailableAt, TypicalResponseMinutes: r.ResponseMinutes}
}

// practiceName is what a practice is called in public: its trading name
// when it has one, else its person's name.
func practiceName(r *providerRow, person string) string {
	if r.BusinessName != "" {
		return r.BusinessName
	}
	return person
}

// names returns the display name (the username when unset) and avatar of
// the people behind rows.
func (s *Service) names(ctx context.Context, rows []*providerRow) (map[string][2]string, error) {
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, r.UserID)
	}
	people, err := s.c.Directory.Lookup(ctx, ids)
	if err != nil {
		return nil, err
	}
	return namesOf(people), nil
}

// namesOf is names' answer from people already looked up.
func namesOf(people map[string]accounts.Person) map[string][2]string {
	out := make(map[string][2]string, len(people))
	for id, p := range people {
		n := p.DisplayName
		if n == "" {
			n = p.Username
		}
		out[id] = [2]string{n, p.AvatarURL}
	}
	return out
}

// ownView reads a profile as its owner sees it.
func (s *Service) ownView(ctx context.Context, id string) (OwnProfile, error) {
	r, err := s.st.provider(ctx, s.c.DB, id, false)
	if err != nil {
		return OwnProfile{}, err
	}
	st, err := s.state(ctx, s.c.DB, r)
	if err != nil {
		return OwnProfile{}, err
	}
	media, err := s.st.media(ctx, s.c.DB, r.ID)
	if err != nil {
		return OwnProfile{}, err
	}
	docs, err := s.st.licenceDocs(ctx, s.c.DB, r.ID)
	if err != nil {
		return OwnProfile{}, err
	}
	nm, err := s.names(ctx, []*providerRow{r})
	if err != nil {
		return OwnProfile{}, err
	}
	pct, missing := completeness(r, st)
	return OwnProfile{ID: r.ID, Kind: r.Kind, Status: providerStatus(r), Listed: r.Listed,
		DisplayName: practiceName(r, nm[r.UserID][0]), BusinessName: r.BusinessName, AvatarURL: strPtr(nm[r.UserID][1]), Headline: r.Headline, Bio: r.Bio,
		Specialties: decodeStrings(r.Specialties), Languages: decodeStrings(r.Languages), City: r.City,
		Country: r.Country, TimeZone: r.TimeZone, Formats: formatsOf(r), IntroVideoURL: r.IntroVideoURL,
		Media: toMedia(media), Credentials: credentials(r, docs), PriceRange: priceRange(r),
		Rating: Rating{Average: r.RatingAvg, Count: r.RatingCount}, TypicalResponseMinutes: r.ResponseMinutes,
		NextAvailableAt: r.NextAvailableAt, Completeness: pct, Missing: missing,
		PublishMissing: publishMissing(r, st), PublishedAt: r.PublishedAt, SuspendedAt: r.SuspendedAt,
		SuspensionReason: r.SuspensionReason, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}, nil
}

func credentials(r *providerRow, docs []*licenceDocRow) Credentials {
	return Credentials{LicenceNumber: r.LicenceNumber, IssuingBody: r.LicenceBody, Verification: r.Verification,
		VerificationNote: r.VerificationNote, VerifiedAt: r.VerifiedAt, Documents: toDocuments(docs)}
}
