package dealers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/onboarding"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// FlowName is the car dealer's set-up wizard (api/internal/onboarding).
const FlowName = "car_dealer"

// OnboardingSteps are the wizard's step slugs, in order: dealership, licence,
// showroom and branches, licence documents, logo and photos, opening hours,
// payout account, first car, reservation policy, review.
var OnboardingSteps = []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

// Bounds of the wizard's own fields (the rest are practice's and the listing's).
const (
	maxWizardBio   = 4000 // practice's own limit of a bio
	maxDocsPerStep = 10
	maxPhotoIDs    = 10
	maxIDLen       = 64
)

// OnboardingPractice is what the wizard applies through practice: the
// dealership's profile (the licence sends it to pending verification), its
// weekly hours, and its documents and photos to check ids against.
type OnboardingPractice interface {
	MyProfile(ctx context.Context, userID, kind string) (practice.OwnProfile, error)
	SaveProfile(ctx context.Context, userID, kind string, in practice.ProfileInput) (practice.OwnProfile, error)
	MySchedule(ctx context.Context, userID, kind string) (practice.Schedule, error)
	SaveSchedule(ctx context.Context, userID, kind string, in practice.ScheduleInput) (practice.Schedule, error)
}

// PayoutAccounts is what the wizard checks of payments: the account the
// step screen set through POST /payout-accounts is the caller's.
type PayoutAccounts interface {
	Accounts(ctx context.Context, userID string) ([]payments.Account, error)
}

// OnboardingDeps are the other domains the wizard goes through.
type OnboardingDeps struct {
	Practice OnboardingPractice
	Payouts  PayoutAccounts
}

// The steps' saved data.
type (
	stepDealership struct {
		BusinessName string   `json:"business_name"`
		Headline     string   `json:"headline"`
		Bio          string   `json:"bio"`
		City         string   `json:"city"`
		Country      string   `json:"country"`
		TimeZone     string   `json:"time_zone"`
		Languages    []string `json:"languages"`
	}
	stepLicence struct {
		LicenceNumber string `json:"licence_number"`
		IssuingBody   string `json:"issuing_body"`
	}
	stepShowroom struct {
		ShowroomAddress string   `json:"showroom_address"`
		Branches        []Branch `json:"branches"`
	}
	stepDocuments struct {
		DocumentIDs []string `json:"document_ids"`
	}
	stepPhotos struct {
		PhotoIDs  []string `json:"photo_ids"`
		PhotoURLs []string `json:"photo_urls"` // for the screen; the ids are what counts
	}
	stepHours struct {
		Weekly map[string][]practice.Interval `json:"weekly"`
	}
	stepPayout struct {
		PayoutAccountID string `json:"payout_account_id"`
		BankName        string `json:"bank_name"`
		AccountLast4    string `json:"account_last4"`
	}
	stepReservation struct {
		ReservationDays *int   `json:"reservation_days"`
		DepositAmount   *int64 `json:"deposit_amount"`
	}
	stepReview struct {
		Confirmed bool `json:"confirmed"`
	}
)

// decodeStep reads one step's data strictly: an unknown or mistyped field is
// a 422 naming it.
func decodeStep(data json.RawMessage, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te) && te.Field != "":
			return apperr.Validation(map[string]string{te.Field: "has the wrong type (" + te.Value + ")"})
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return apperr.Validation(map[string]string{name: "is not a field of this step"})
		}
		return apperr.Validation(map[string]string{"data": "is not a valid object for this step"})
	}
	return nil
}

var hhmm = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$`)

var weekdays = []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// checkIDs checks a list of ids: count within 1..max, each short and among have.
func checkIDs(f apperr.Fields, field string, list []string, max int, have map[string]bool, what string) {
	switch {
	case len(list) == 0:
		f.Add(field, "add at least one "+what)
	case len(list) > max:
		f.Add(field, fmt.Sprintf("must have at most %d items", max))
	default:
		for i, id := range list {
			if len(id) > maxIDLen || !have[id] {
				f.Add(fmt.Sprintf("%s[%d]", field, i), "is not one of your uploaded "+what+"s")
			}
		}
	}
}

// OnboardingFlow is the car dealer's ten-step set-up wizard: each step is
// checked when saved (bounded fields, 422 naming them), and Submit applies
// everything through practice (profile and licence, which goes to pending
// verification; weekly hours for test drives) and this domain (reservation
// terms, the first car). The licence scans, photos and payout account are
// uploaded or set by the step screens through their own routes; the steps
// keep their ids, checked to be the caller's.
func (s *Service) OnboardingFlow(d OnboardingDeps) onboarding.Flow {
	w := &wizard{s: s, d: d}
	return onboarding.Flow{Name: FlowName, Role: "car_dealer", Steps: OnboardingSteps, Check: w.check, Submit: w.submit}
}

type wizard struct {
	s *Service
	d OnboardingDeps
}

func (w *wizard) check(ctx context.Context, userID, step string, data json.RawMessage) error {
	_, err := w.parse(ctx, userID, step, data)
	return err
}

// parse decodes and checks one step, answering the decoded value.
func (w *wizard) parse(ctx context.Context, userID, step string, data json.RawMessage) (any, error) {
	f := apperr.Fields{}
	switch step {
	case "one":
		var v stepDealership
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		in := practice.ProfileInput{BusinessName: &v.BusinessName, Headline: v.Headline, Bio: v.Bio, City: v.City,
			Country: v.Country, TimeZone: v.TimeZone, Languages: v.Languages}
		if err := in.Validate(); err != nil {
			var ae *apperr.Error
			if !errors.As(err, &ae) {
				return nil, err
			}
			for k, m := range ae.Fields {
				f.Add(k, m)
			}
		}
		v.BusinessName, v.Headline, v.Bio, v.City, v.Country, v.TimeZone, v.Languages = *in.BusinessName, in.Headline, in.Bio,
			in.City, in.Country, in.TimeZone, in.Languages
		f.Check(v.BusinessName != "", "business_name", "is required")
		f.Check(v.Headline != "", "headline", "is required")
		f.Check(v.Bio != "", "bio", "is required")
		f.Check(len([]rune(v.Bio)) <= maxWizardBio, "bio", fmt.Sprintf("must be at most %d characters", maxWizardBio))
		f.Check(v.City != "", "city", "is required")
		f.Check(v.Country != "", "country", "is required")
		f.Check(v.TimeZone != "", "time_zone", "is required")
		return v, f.Err()
	case "two":
		var v stepLicence
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		v.LicenceNumber, v.IssuingBody = strings.TrimSpace(v.LicenceNumber), strings.TrimSpace(v.IssuingBody)
		f.Check(v.LicenceNumber != "", "licence_number", "is required")
		f.Check(v.IssuingBody != "", "issuing_body", "is required")
		if err := f.Err(); err != nil {
			return nil, err
		}
		in := practice.ProfileInput{LicenceNumber: v.LicenceNumber, IssuingBody: v.IssuingBody}
		return v, in.Validate()
	case "three":
		var v stepShowroom
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		text(f, "showroom_address", &v.ShowroomAddress, 1, maxAddressLen, true)
		checkBranches(f, v.Branches)
		if v.Branches == nil {
			v.Branches = []Branch{}
		}
		return v, f.Err()
	case "four", "five":
		var prof practice.OwnProfile
		var err error
		if prof, err = w.d.Practice.MyProfile(ctx, userID, Kind); err != nil {
			return nil, err
		}
		have := map[string]bool{}
		if step == "four" {
			var v stepDocuments
			if err := decodeStep(data, &v); err != nil {
				return nil, err
			}
			for _, d := range prof.Credentials.Documents {
				have[d.ID] = true
			}
			checkIDs(f, "document_ids", v.DocumentIDs, maxDocsPerStep, have, "licence document")
			return v, f.Err()
		}
		var v stepPhotos
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		for _, m := range prof.Media {
			have[m.ID] = true
		}
		checkIDs(f, "photo_ids", v.PhotoIDs, maxPhotoIDs, have, "photo")
		f.Check(len(v.PhotoURLs) <= len(v.PhotoIDs), "photo_urls", "has more items than photo_ids")
		for i := range v.PhotoURLs {
			text(f, fmt.Sprintf("photo_urls[%d]", i), &v.PhotoURLs[i], 1, 500, true)
		}
		return v, f.Err()
	case "six":
		var v stepHours
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		open := 0
		for day, ivs := range v.Weekly {
			if !slices.Contains(weekdays, day) {
				f.Add("weekly", "days must be sunday to saturday in lower case")
				continue
			}
			if len(ivs) > 4 {
				f.Add("weekly."+day, "must have at most 4 intervals")
				continue
			}
			for i, iv := range ivs {
				name := fmt.Sprintf("weekly.%s[%d]", day, i)
				switch {
				case !hhmm.MatchString(iv.Start) || iv.Start == "24:00":
					f.Add(name+".start", "must be a time HH:MM from 00:00 to 23:59")
				case !hhmm.MatchString(iv.End):
					f.Add(name+".end", "must be a time HH:MM up to 24:00")
				case iv.End <= iv.Start:
					f.Add(name+".end", "must be after the start")
				default:
					open++
				}
			}
		}
		if len(f) == 0 && open == 0 {
			f.Add("weekly", "open at least one day: buyers book test drives in these hours")
		}
		return v, f.Err()
	case "seven":
		var v stepPayout
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		text(f, "bank_name", &v.BankName, 0, 100, true)
		text(f, "account_last4", &v.AccountLast4, 0, 4, true)
		if v.PayoutAccountID == "" || len(v.PayoutAccountID) > maxIDLen {
			f.Add("payout_account_id", "set a payout account first")
			return nil, f.Err()
		}
		accts, err := w.d.Payouts.Accounts(ctx, userID)
		if err != nil {
			return nil, err
		}
		f.Check(slices.ContainsFunc(accts, func(a payments.Account) bool { return a.ID == v.PayoutAccountID }),
			"payout_account_id", "is not one of your payout accounts")
		return v, f.Err()
	case "eight":
		var v ListingInput
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		if err := v.validate(true, w.s.maxYear()); err != nil {
			return nil, err
		}
		return v, nil
	case "nine":
		var v stepReservation
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		f.Check(v.ReservationDays != nil && *v.ReservationDays >= 1 && *v.ReservationDays <= 14, "reservation_days",
			"must be from 1 to 14")
		f.Check(v.DepositAmount != nil && *v.DepositAmount >= 1 && *v.DepositAmount <= deposits.MaxAmount,
			"deposit_amount", fmt.Sprintf("must be from 1 to %d (minor units)", deposits.MaxAmount))
		return v, f.Err()
	case "ten":
		var v stepReview
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		f.Check(v.Confirmed, "confirmed", "confirm that the details are true")
		return v, f.Err()
	}
	return nil, onboarding.ErrStepNotFound
}

// stepError names the step a saved answer failed in (a profile changed
// since, a document deleted).
func stepError(step string, err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code == apperr.CodeValidation {
		fields := map[string]string{"step": "step " + step + " needs correcting"}
		for k, v := range ae.Fields {
			fields[step+"."+k] = v
		}
		return &apperr.Error{Code: apperr.CodeValidation, Message: "Step " + step + " needs correcting: " + ae.Message,
			Fields: fields}
	}
	return err
}

// submit applies the wizard: every step is checked again, then the profile
// (licence to pending verification), the hours, the reservation terms and
// the first car. Each write is the owning service's own transaction; a
// second submit after a failure finds the car already listed and goes on.
func (w *wizard) submit(ctx context.Context, userID string, steps map[string]json.RawMessage) error {
	got := map[string]any{}
	for _, st := range OnboardingSteps {
		v, err := w.parse(ctx, userID, st, steps[st])
		if err != nil {
			return stepError(st, err)
		}
		got[st] = v
	}
	one, two, three := got["one"].(stepDealership), got["two"].(stepLicence), got["three"].(stepShowroom)
	cur, err := w.d.Practice.MyProfile(ctx, userID, Kind)
	if err != nil {
		return err
	}
	in := practice.ProfileInput{BusinessName: &one.BusinessName, Headline: one.Headline, Bio: one.Bio, Specialties: cur.Specialties, Languages: one.Languages,
		City: one.City, Country: one.Country, TimeZone: one.TimeZone, IntroVideoURL: cur.IntroVideoURL,
		LicenceNumber: two.LicenceNumber, IssuingBody: two.IssuingBody,
		Formats: []practice.FormatInput{{Kind: practice.FormatInPerson, Address: three.ShowroomAddress}}}
	for _, fm := range cur.Formats {
		if fm.Kind != practice.FormatInPerson {
			in.Formats = append(in.Formats, practice.FormatInput{Kind: fm.Kind})
		}
	}
	if _, err := w.d.Practice.SaveProfile(ctx, userID, Kind, in); err != nil {
		return stepError("one", err)
	}
	sched, err := w.d.Practice.MySchedule(ctx, userID, Kind)
	if err != nil {
		return err
	}
	if _, err := w.d.Practice.SaveSchedule(ctx, userID, Kind, practice.ScheduleInput{Weekly: got["six"].(stepHours).Weekly,
		DailyLimit: sched.DailyLimit, WeeklyLimit: sched.WeeklyLimit}); err != nil {
		return stepError("six", err)
	}
	nine := got["nine"].(stepReservation)
	if _, err := w.s.SaveSettings(ctx, userID, SettingsInput{ReservationDays: nine.ReservationDays,
		DepositAmount: nine.DepositAmount, Branches: &three.Branches}); err != nil {
		return stepError("nine", err)
	}
	car := got["eight"].(ListingInput)
	p, err := w.s.dealership(ctx, userID)
	if err != nil {
		return err
	}
	if _, err := w.s.st.liveListingByVIN(ctx, p.ID, *car.VIN); err == nil {
		return nil // listed by an earlier submit that failed later, or by hand
	}
	if _, err := w.s.CreateListing(ctx, userID, car); err != nil {
		return stepError("eight", err)
	}
	return nil
}
