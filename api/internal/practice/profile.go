package practice

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// FormatInput is one session format a provider offers; Address is required
// for in_person and empty otherwise.
type FormatInput struct {
	Kind    string `json:"kind"`
	Address string `json:"address"`
}

// ProfileInput is the whole editable profile (PUT replaces it). The
// verification state, rating, response time and completeness are never
// entered.
type ProfileInput struct {
	// BusinessName is the trading name the practice goes by (a dealership,
	// a rental company); "" clears it, and nil (absent) keeps it.
	BusinessName  *string       `json:"business_name,omitempty"`
	Headline      string        `json:"headline"`
	Bio           string        `json:"bio"`
	Specialties   []string      `json:"specialties"`
	Languages     []string      `json:"languages"`
	City          string        `json:"city"`
	Country       string        `json:"country"`
	TimeZone      string        `json:"time_zone"`
	Formats       []FormatInput `json:"formats"`
	IntroVideoURL string        `json:"intro_video_url"`
	LicenceNumber string        `json:"licence_number"`
	IssuingBody   string        `json:"issuing_body"`
}

// Validate trims the input and reports every bad field.
func (in *ProfileInput) Validate() error {
	f := apperr.Fields{}
	in.Headline, in.Bio = strings.TrimSpace(in.Headline), strings.TrimSpace(in.Bio)
	in.City, in.Country = strings.TrimSpace(in.City), strings.ToUpper(strings.TrimSpace(in.Country))
	in.TimeZone, in.IntroVideoURL = strings.TrimSpace(in.TimeZone), strings.TrimSpace(in.IntroVideoURL)
	in.LicenceNumber, in.IssuingBody = strings.TrimSpace(in.LicenceNumber), strings.TrimSpace(in.IssuingBody)
	if in.BusinessName != nil {
		bn := strings.TrimSpace(*in.BusinessName)
		in.BusinessName = &bn
		checkLen(f, "business_name", bn, 0, maxBusinessName)
		singleLine(f, "business_name", bn)
	}
	checkLen(f, "headline", in.Headline, 0, maxHeadline)
	singleLine(f, "headline", in.Headline)
	checkLen(f, "bio", in.Bio, 0, maxBio)
	in.Specialties = checkList(f, "specialties", in.Specialties, maxSpecialties, maxSpecialty)
	in.Languages = checkList(f, "languages", in.Languages, maxLanguages, maxLanguage)
	checkLen(f, "city", in.City, 0, maxCity)
	singleLine(f, "city", in.City)
	f.Check(in.Country == "" || validCountry(in.Country), "country", "must be an ISO 3166-1 alpha-2 country code, e.g. NG")
	f.Check(in.TimeZone == "" || validTimeZone(in.TimeZone), "time_zone", "must be an IANA time zone, e.g. Africa/Lagos")
	f.Check(in.IntroVideoURL == "" || (len(in.IntroVideoURL) <= maxURL && validHTTPSURL(in.IntroVideoURL)),
		"intro_video_url", "must be an https address of at most 500 characters")
	if len(in.Formats) > 3 {
		f.Add("formats", "must have at most 3 items")
	} else {
		seen := map[string]bool{}
		for i := range in.Formats {
			x := &in.Formats[i]
			x.Address = strings.TrimSpace(x.Address)
			name := fmt.Sprintf("formats[%d]", i)
			switch {
			case !validFormat(x.Kind):
				f.Add(name+".kind", "must be video, in_person or phone")
			case seen[x.Kind]:
				f.Add(name+".kind", "is listed twice")
			case x.Kind == FormatInPerson:
				checkLen(f, name+".address", x.Address, 1, maxAddress)
			case x.Address != "":
				f.Add(name+".address", "is only for in_person")
			}
			seen[x.Kind] = true
		}
	}
	checkLen(f, "licence_number", in.LicenceNumber, 0, maxLicence)
	singleLine(f, "licence_number", in.LicenceNumber)
	checkLen(f, "issuing_body", in.IssuingBody, 0, maxLicenceBody)
	singleLine(f, "issuing_body", in.IssuingBody)
	f.Check((in.LicenceNumber == "") == (in.IssuingBody == ""), "issuing_body",
		"licence number and issuing body go together")
	return f.Err()
}

// mine returns the caller's profile of kind, creating an empty draft the
// first time, inside tx and locked. The caller must hold the role.
func (s *Service) mine(ctx context.Context, tx bun.Tx, userID, kind string) (*providerRow, error) {
	return s.st.ensureProvider(ctx, tx, userID, kind, ids.New(), s.c.Clock.Now())
}

// MyProfile returns the caller's profile of kind (an empty draft the first
// time).
func (s *Service) MyProfile(ctx context.Context, userID, kind string) (OwnProfile, error) {
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.mine(ctx, tx, userID, kind)
		if r != nil {
			id = r.ID
		}
		return err
	})
	if err != nil {
		return OwnProfile{}, err
	}
	return s.ownView(ctx, id)
}

// SaveProfile validates and stores the caller's profile of kind. A changed
// licence goes (back) to pending verification; a removed one to none.
func (s *Service) SaveProfile(ctx context.Context, userID, kind string, in ProfileInput) (OwnProfile, error) {
	if err := in.Validate(); err != nil {
		return OwnProfile{}, err
	}
	now := s.c.Clock.Now()
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.mine(ctx, tx, userID, kind)
		if err != nil {
			return err
		}
		id = r.ID
		r.Headline, r.Bio, r.City, r.Country, r.TimeZone = in.Headline, in.Bio, in.City, in.Country, in.TimeZone
		r.Specialties, r.Languages = encodeStrings(in.Specialties), encodeStrings(in.Languages)
		r.FormatVideo, r.FormatInPerson, r.FormatPhone, r.InPersonAddress = false, false, false, ""
		for _, x := range in.Formats {
			switch x.Kind {
			case FormatVideo:
				r.FormatVideo = true
			case FormatInPerson:
				r.FormatInPerson, r.InPersonAddress = true, x.Address
			case FormatPhone:
				r.FormatPhone = true
			}
		}
		r.IntroVideoURL = in.IntroVideoURL
		if in.BusinessName != nil {
			r.BusinessName = *in.BusinessName
		}
		if in.LicenceNumber != r.LicenceNumber || in.IssuingBody != r.LicenceBody {
			r.LicenceNumber, r.LicenceBody = in.LicenceNumber, in.IssuingBody
			r.Verification, r.VerificationNote, r.VerifiedAt, r.VerifiedBy = VerificationPending, "", nil, nil
			if in.LicenceNumber == "" {
				r.Verification = VerificationNone
			}
		}
		r.UpdatedAt = now
		if err := s.st.updateProvider(ctx, tx, r, "headline", "bio", "city", "country", "time_zone", "specialties",
			"languages", "format_video", "format_in_person", "format_phone", "in_person_address", "intro_video_url", "business_name",
			"licence_number", "licence_body", "verification", "verification_note", "verified_at", "verified_by",
			"updated_at"); err != nil {
			return err
		}
		if err := s.st.replaceTags(ctx, tx, r.ID, in.Specialties, in.Languages); err != nil {
			return err
		}
		return s.recompute(ctx, tx, r.ID)
	})
	if err != nil {
		return OwnProfile{}, err
	}
	return s.ownView(ctx, id)
}

// Publish lists the caller's profile in the directory when it is complete
// enough (publishRequirements); 422 naming what is missing otherwise.
func (s *Service) Publish(ctx context.Context, userID, kind string) (OwnProfile, error) {
	return s.setPublished(ctx, userID, kind, true)
}

// Unpublish takes the caller's profile out of the directory.
func (s *Service) Unpublish(ctx context.Context, userID, kind string) (OwnProfile, error) {
	return s.setPublished(ctx, userID, kind, false)
}

func (s *Service) setPublished(ctx context.Context, userID, kind string, publish bool) (OwnProfile, error) {
	now := s.c.Clock.Now()
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.mine(ctx, tx, userID, kind)
		if err != nil {
			return err
		}
		id = r.ID
		if r.SuspendedAt != nil {
			return errSuspended
		}
		if publish {
			st, err := s.state(ctx, tx, r)
			if err != nil {
				return err
			}
			if miss := publishMissing(r, st); len(miss) > 0 {
				return &apperr.Error{Code: apperr.CodeValidation,
					Message: "The profile cannot be published yet: " + strings.Join(miss, ", ") + ".",
					Fields:  map[string]string{"profile": "missing " + strings.Join(miss, ", ")}}
			}
			r.Status = StatusPublished
			if r.PublishedAt == nil {
				r.PublishedAt = &now
			}
		} else {
			r.Status = StatusDraft
		}
		r.UpdatedAt = now
		if err := s.st.updateProvider(ctx, tx, r, "status", "published_at", "updated_at"); err != nil {
			return err
		}
		return s.recompute(ctx, tx, r.ID)
	})
	if err != nil {
		return OwnProfile{}, err
	}
	return s.ownView(ctx, id)
}

// profileState is what completeness needs beyond the row.
type profileState struct {
	activeOfferings int
	// allFixed: every active offering sells its own fixed departures, so
	// weekly hours decide nothing that is booked.
	allFixed  bool
	photos    int
	hasAvatar bool
	minPrice  *int64
	maxPrice  *int64
	currency  string
}

func (s *Service) state(ctx context.Context, q bun.IDB, r *providerRow) (profileState, error) {
	var st profileState
	offs, err := s.st.offeringsOf(ctx, q, r.ID, true)
	if err != nil {
		return st, err
	}
	st.activeOfferings = len(offs)
	st.allFixed = len(offs) > 0
	for _, o := range offs {
		if !decodeDepartures(o.Departures).Fixed() {
			st.allFixed = false
		}
		if st.minPrice == nil || o.Price < *st.minPrice {
			p := o.Price
			st.minPrice, st.currency = &p, o.Currency
		}
		if st.maxPrice == nil || o.Price > *st.maxPrice {
			p := o.Price
			st.maxPrice = &p
		}
	}
	media, err := s.st.media(ctx, q, r.ID)
	if err != nil {
		return st, err
	}
	st.photos = len(media)
	people, err := s.c.Directory.Lookup(ctx, []string{r.UserID})
	if err != nil {
		return st, err
	}
	st.hasAvatar = people[r.UserID].AvatarURL != ""
	return st, nil
}

// checklist is every item of a complete profile, in the order the
// onboarding screen shows them, with whether it is done.
func checklist(r *providerRow, st profileState) []struct {
	name string
	done bool
} {
	items := []struct {
		name string
		done bool
	}{
		{"headline", r.Headline != ""},
		{"bio", r.Bio != ""},
		{"photo", st.photos > 0 || st.hasAvatar},
		{"specialties", len(decodeStrings(r.Specialties)) > 0},
		{"languages", len(decodeStrings(r.Languages)) > 0},
		{"location", r.City != "" && r.Country != ""},
		{"time_zone", r.TimeZone != ""},
		{"formats", r.FormatVideo || r.FormatInPerson || r.FormatPhone},
		{"offering", st.activeOfferings > 0},
		{"weekly_hours", decodeSchedule(r.Schedule).hasHours() || st.allFixed},
	}
	if NeedsLicence(r.Kind) {
		items = append(items, struct {
			name string
			done bool
		}{"verified_licence", r.Verification == VerificationVerified})
	}
	return items
}

// completeness is floor(100 * done / items) and the missing items.
func completeness(r *providerRow, st profileState) (int, []string) {
	items := checklist(r, st)
	missing := []string{}
	for _, it := range items {
		if !it.done {
			missing = append(missing, it.name)
		}
	}
	return 100 * (len(items) - len(missing)) / len(items), missing
}

// publishMissing is what publishing still needs: headline, bio, time zone,
// an active offering and weekly hours (unless every active offering has
// fixed departures); every kind but coaches also a verified
// licence (NeedsLicence).
func publishMissing(r *providerRow, st profileState) []string {
	need := map[string]bool{"headline": true, "bio": true, "time_zone": true, "offering": true,
		"weekly_hours": true, "verified_licence": true}
	_, missing := completeness(r, st)
	out := []string{}
	for _, m := range missing {
		if need[m] {
			out = append(out, m)
		}
	}
	return out
}

// recompute refreshes the derived columns of a profile inside tx:
// completeness, the status (back to draft when no longer publishable),
// whether it is listed (published and not suspended), the price range and
// the score.
func (s *Service) recompute(ctx context.Context, tx bun.IDB, providerID string) error {
	r, err := s.st.provider(ctx, tx, providerID, true)
	if err != nil {
		return err
	}
	st, err := s.state(ctx, tx, r)
	if err != nil {
		return err
	}
	pct, _ := completeness(r, st)
	status := r.Status
	if status == StatusPublished && len(publishMissing(r, st)) > 0 {
		// A published profile that stops meeting the publishing rules (its
		// last offering archived, its licence changed) goes back to draft,
		// so "published" always means bookable unless suspended.
		status = StatusDraft
	}
	listed := status == StatusPublished && r.SuspendedAt == nil
	return s.st.setDerived(ctx, tx, r.ID, status, pct, listed, st.minPrice, st.maxPrice, st.currency)
}

func encodeStrings(v []string) string {
	if v == nil {
		v = []string{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func decodeStrings(s string) []string {
	out := []string{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}
