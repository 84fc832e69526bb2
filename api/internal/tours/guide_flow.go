package tours

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"sojourn/api/internal/onboarding"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/practice"
)

// The tour guide's set-up wizard (onboarding flow "tour_guide"): ten steps
// whose answers onboarding keeps as drafts; Submit applies them through
// practice (the profile, languages, cities, licence so verification goes
// pending, weekly hours), payments (the payout account) and this service
// (the first tour with its departures). Uploads (licence documents,
// photos) go through practice's own routes from the step screens; their
// steps keep the ids, checked to be the guide's.

// GuideFlowName is the flow's name in /onboarding/{flow}.
const GuideFlowName = "tour_guide"

// GuideSteps are the wizard's steps: personal details, languages, areas,
// experience, documents, photo, first tour, departures, payout, review.
var GuideSteps = []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}

var guideStepTitles = map[string]string{"one": "personal details", "two": "languages", "three": "areas",
	"four": "experience", "five": "identity and licence documents", "six": "photo", "seven": "first tour",
	"eight": "departures", "nine": "payout account", "ten": "review"}

// Bounds of the wizard's own fields.
const (
	maxGuideBio        = 2800 // the bio leaves room for the experience text in the profile's 4000
	maxGuideExperience = 1000
	maxGuideYears      = 70
	maxOtherCities     = 4
	maxBankCode        = 20
)

// GuidePractice is what the wizard needs of practice (practice.Service).
type GuidePractice interface {
	MyProfile(ctx context.Context, userID, kind string) (practice.OwnProfile, error)
	SaveProfile(ctx context.Context, userID, kind string, in practice.ProfileInput) (practice.OwnProfile, error)
	MySchedule(ctx context.Context, userID, kind string) (practice.Schedule, error)
	SaveSchedule(ctx context.Context, userID, kind string, in practice.ScheduleInput) (practice.Schedule, error)
}

// PayoutAccounts is what the wizard needs of payments (payments.Service).
type PayoutAccounts interface {
	Banks(ctx context.Context, currency string) ([]paystack.Bank, error)
	AddAccount(ctx context.Context, userID string, in payments.AccountInput) (payments.Account, error)
}

type guidePersonal struct {
	Headline string `json:"headline"`
	Bio      string `json:"bio"`
}

type guideLanguages struct {
	Languages []string `json:"languages"`
}

type guideAreas struct {
	City        string   `json:"city"`
	Country     string   `json:"country"`
	TimeZone    string   `json:"time_zone"`
	OtherCities []string `json:"other_cities"`
}

type guideExperience struct {
	Years       int      `json:"years"`
	Specialties []string `json:"specialties"`
	Experience  string   `json:"experience"`
}

type guideDocuments struct {
	LicenceNumber string   `json:"licence_number"`
	IssuingBody   string   `json:"issuing_body"`
	DocumentIDs   []string `json:"document_ids"`
}

type guidePhoto struct {
	MediaIDs []string `json:"media_ids"`
}

type guideDepartures struct {
	Departures      *practice.Departures `json:"departures"`
	CutoffHours     *int                 `json:"cutoff_hours"`
	MinParticipants *int                 `json:"min_participants"`
}

type guideReview struct {
	Confirm bool `json:"confirm"`
}

// guideAnswers are every step decoded.
type guideAnswers struct {
	personal   guidePersonal
	languages  guideLanguages
	areas      guideAreas
	experience guideExperience
	documents  guideDocuments
	photo      guidePhoto
	tour       TourInput
	departures guideDepartures
	payout     payments.AccountInput
	review     guideReview
}

func (a *guideAnswers) target(step string) any {
	return map[string]any{"one": &a.personal, "two": &a.languages, "three": &a.areas, "four": &a.experience,
		"five": &a.documents, "six": &a.photo, "seven": &a.tour, "eight": &a.departures, "nine": &a.payout,
		"ten": &a.review}[step]
}

// decodeStep reads one step's object strictly: unknown fields and wrong
// types are a 422 naming the field.
func decodeStep(data json.RawMessage, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(dst)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return apperr.Validation(map[string]string{te.Field: "has the wrong type (" + te.Value + ")"})
	}
	if m := strings.TrimPrefix(err.Error(), "json: unknown field "); m != err.Error() {
		return apperr.Validation(map[string]string{strings.Trim(m, `"`): "is not a field of this step"})
	}
	return apperr.Validation(map[string]string{"data": "is not a valid answer to this step"})
}

func singleLineText(f apperr.Fields, field, s string) {
	if strings.ContainsAny(s, "\n\r\t") {
		f.Add(field, "must be one line")
	}
}

// GuideFlow is the tour guide's wizard for onboarding.AddFlow.
func (s *Service) GuideFlow(p GuidePractice, pay PayoutAccounts) onboarding.Flow {
	g := &guideFlow{s: s, p: p, pay: pay}
	return onboarding.Flow{Name: GuideFlowName, Role: Kind, Steps: GuideSteps, Check: g.check, Submit: g.submit}
}

type guideFlow struct {
	s   *Service
	p   GuidePractice
	pay PayoutAccounts
}

func (g *guideFlow) check(ctx context.Context, userID, step string, data json.RawMessage) error {
	var a guideAnswers
	dst := a.target(step)
	if dst == nil {
		return onboarding.ErrStepNotFound
	}
	if err := decodeStep(data, dst); err != nil {
		return err
	}
	return g.checkStep(ctx, userID, step, &a)
}

// checkStep validates one decoded step (and normalises it in place).
func (g *guideFlow) checkStep(ctx context.Context, userID, step string, a *guideAnswers) error {
	f := apperr.Fields{}
	switch step {
	case "one":
		x := &a.personal
		x.Headline = textLen(f, "headline", x.Headline, 1, 120)
		singleLineText(f, "headline", x.Headline)
		x.Bio = textLen(f, "bio", x.Bio, 20, maxGuideBio)
	case "two":
		a.languages.Languages = list(f, "languages", a.languages.Languages, maxLanguages, maxLanguageLen)
		f.Check(len(a.languages.Languages) > 0 || f["languages"] != "", "languages", "name at least one language you guide in")
	case "three":
		x := &a.areas
		x.City = textLen(f, "city", x.City, 1, maxCity)
		singleLineText(f, "city", x.City)
		x.Country, x.TimeZone = strings.ToUpper(strings.TrimSpace(x.Country)), strings.TrimSpace(x.TimeZone)
		f.Check(x.TimeZone != "", "time_zone", "is required")
		if err := (&practice.ProfileInput{Country: x.Country, TimeZone: x.TimeZone}).Validate(); err != nil {
			mergeFields(f, err)
		}
		f.Check(x.Country != "", "country", "is required")
		x.OtherCities = list(f, "other_cities", x.OtherCities, maxOtherCities, maxCity)
		f.Check(len(guideAddress(x)) <= maxAddress, "other_cities", "are too long together: name fewer or shorter cities")
	case "four":
		x := &a.experience
		f.Check(x.Years >= 0 && x.Years <= maxGuideYears, "years", fmt.Sprintf("must be from 0 to %d", maxGuideYears))
		x.Specialties = list(f, "specialties", x.Specialties, 20, 60)
		f.Check(len(x.Specialties) > 0 || f["specialties"] != "", "specialties", "name at least one thing your tours are about")
		x.Experience = textLen(f, "experience", x.Experience, 0, maxGuideExperience)
	case "five":
		x := &a.documents
		x.LicenceNumber = textLen(f, "licence_number", x.LicenceNumber, 1, 40)
		singleLineText(f, "licence_number", x.LicenceNumber)
		x.IssuingBody = textLen(f, "issuing_body", x.IssuingBody, 1, 120)
		singleLineText(f, "issuing_body", x.IssuingBody)
		if len(x.DocumentIDs) < 1 || len(x.DocumentIDs) > practice.MaxLicenceDocuments {
			f.Add("document_ids", fmt.Sprintf("upload from 1 to %d documents (your ID and your guide licence)", practice.MaxLicenceDocuments))
		} else if len(f) == 0 {
			prof, err := g.p.MyProfile(ctx, userID, Kind)
			if err != nil {
				return err
			}
			have := map[string]bool{}
			for _, d := range prof.Credentials.Documents {
				have[d.ID] = true
			}
			for _, id := range x.DocumentIDs {
				if !have[id] {
					f.Add("document_ids", "a document is no longer there: upload it again")
					break
				}
			}
		}
	case "six":
		x := &a.photo
		if len(x.MediaIDs) < 1 || len(x.MediaIDs) > maxPhotos {
			f.Add("media_ids", fmt.Sprintf("add from 1 to %d photos of yourself", maxPhotos))
		} else {
			prof, err := g.p.MyProfile(ctx, userID, Kind)
			if err != nil {
				return err
			}
			for _, id := range x.MediaIDs {
				if !slices.ContainsFunc(prof.Media, func(m practice.MediaItem) bool { return m.ID == id }) {
					f.Add("media_ids", "a photo is no longer there: add it again")
					break
				}
			}
		}
	case "seven":
		x := &a.tour
		if x.Departures != nil || x.CutoffHours != nil || x.MinParticipants != nil {
			f.Add("departures", "are set in the next step")
			return f.Err()
		}
		if err := CheckTour(*x); err != nil {
			return err
		}
	case "eight":
		x := &a.departures
		if x.Departures == nil || !x.Departures.Fixed() {
			f.Add("departures", "add at least one departure: a time on a weekday or on a date")
			return f.Err()
		}
		title, format, dur, capacity := "check", practice.FormatInPerson, 60, 50
		price := practice.Money{Amount: 0, Currency: "NGN"}
		return practice.CheckOffering(practice.OfferingInput{Title: &title, Format: &format, DurationMin: &dur,
			Price: &price, Capacity: &capacity, Departures: x.Departures, CutoffHours: x.CutoffHours,
			MinParticipants: x.MinParticipants})
	case "nine":
		x := &a.payout
		x.BankCode, x.AccountNumber = strings.TrimSpace(x.BankCode), strings.TrimSpace(x.AccountNumber)
		x.AccountName = strings.Join(strings.Fields(x.AccountName), " ")
		x.Currency = strings.ToUpper(strings.TrimSpace(x.Currency))
		f.Check(x.BankCode != "" && len(x.BankCode) <= maxBankCode, "bank_code", "choose your bank")
		f.Check(slices.Contains([]string{"GHS", "KES", "NGN", "ZAR"}, x.Currency), "currency", "must be one of GHS, KES, NGN, ZAR")
		if x.Currency == "NGN" {
			f.Check(paystack.AccountNumberValid(x.Currency, x.AccountNumber), "account_number", "must be 10 digits")
		} else {
			f.Check(paystack.AccountNumberValid(x.Currency, x.AccountNumber), "account_number", "must be 6-20 digits")
		}
		x.AccountName = textLen(f, "account_name", x.AccountName, 2, 100)
		if len(f) == 0 {
			banks, err := g.pay.Banks(ctx, x.Currency)
			if err != nil {
				return err
			}
			f.Check(slices.ContainsFunc(banks, func(b paystack.Bank) bool { return b.Code == x.BankCode }), "bank_code",
				"is not a bank that accepts transfers in "+x.Currency)
		}
	case "ten":
		f.Check(a.review.Confirm, "confirm", "confirm that your answers are true")
	default:
		return onboarding.ErrStepNotFound
	}
	return f.Err()
}

func mergeFields(f apperr.Fields, err error) {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		for k, v := range ae.Fields {
			f.Add(k, v)
		}
	}
}

// guideAddress is the profile's in-person line: where the guide meets
// travellers.
func guideAddress(x *guideAreas) string {
	s := "Tours start in " + strings.TrimSpace(x.City)
	if len(x.OtherCities) > 0 {
		s += "; also guiding in " + strings.Join(x.OtherCities, ", ")
	}
	return s
}

// guideBio is the profile's bio: the guide's own words, then their
// experience.
func guideBio(a *guideAnswers) string {
	parts := []string{a.personal.Bio}
	if e := a.experience.Experience; e != "" {
		parts = append(parts, e)
	}
	switch y := a.experience.Years; {
	case y == 1:
		parts = append(parts, "I have been guiding for a year.")
	case y > 1:
		parts = append(parts, fmt.Sprintf("I have been guiding for %d years.", y))
	}
	return strings.Join(parts, "\n\n")
}

// guideHours are weekly hours covering each weekday's departures (from
// the first start to the last one's end, at most midnight), so the
// profile shows when the guide works.
func guideHours(d *practice.Departures, durationMin int) map[string][]practice.Interval {
	out := map[string][]practice.Interval{}
	for day, ts := range d.Weekly {
		if len(ts) == 0 {
			continue
		}
		first, last := ts[0], ts[0]
		for _, t := range ts {
			first, last = min(first, t), max(last, t)
		}
		end := clockMinutes(last) + durationMin
		if end > 24*60 {
			end = 24 * 60
		}
		out[day] = []practice.Interval{{Start: first, End: fmt.Sprintf("%02d:%02d", end/60, end%60)}}
	}
	return out
}

func clockMinutes(t string) int {
	var h, m int
	_, _ = fmt.Sscanf(t, "%d:%d", &h, &m)
	return h*60 + m
}

func (g *guideFlow) submit(ctx context.Context, userID string, steps map[string]json.RawMessage) error {
	var a guideAnswers
	for _, step := range GuideSteps {
		err := decodeStep(steps[step], a.target(step))
		if err == nil {
			err = g.checkStep(ctx, userID, step, &a)
		}
		if err != nil {
			return stepError(step, err)
		}
	}
	// The tour as created: the first tour's step with the departures'.
	tour := a.tour
	tour.Departures, tour.CutoffHours, tour.MinParticipants = a.departures.Departures, a.departures.CutoffHours,
		a.departures.MinParticipants
	if tour.Country == nil {
		tour.Country = &a.areas.Country
	}
	if err := CheckTour(tour); err != nil {
		return stepError("eight", err)
	}
	prof, err := g.p.MyProfile(ctx, userID, Kind)
	if err != nil {
		return err
	}
	in := practice.ProfileInput{Headline: a.personal.Headline, Bio: guideBio(&a), Specialties: a.experience.Specialties,
		Languages: a.languages.Languages, City: a.areas.City, Country: a.areas.Country, TimeZone: a.areas.TimeZone,
		Formats:       []practice.FormatInput{{Kind: practice.FormatInPerson, Address: guideAddress(&a.areas)}},
		IntroVideoURL: prof.IntroVideoURL, LicenceNumber: a.documents.LicenceNumber, IssuingBody: a.documents.IssuingBody}
	if _, err := g.p.SaveProfile(ctx, userID, Kind, in); err != nil {
		return stepError("one", err)
	}
	sched, err := g.p.MySchedule(ctx, userID, Kind)
	if err != nil {
		return err
	}
	if hours := guideHours(tour.Departures, *tour.DurationMin); len(hours) > 0 {
		if _, err := g.p.SaveSchedule(ctx, userID, Kind, practice.ScheduleInput{Weekly: hours,
			DailyLimit: sched.DailyLimit, WeeklyLimit: sched.WeeklyLimit}); err != nil {
			return stepError("eight", err)
		}
	}
	if _, err := g.pay.AddAccount(ctx, userID, a.payout); err != nil {
		return stepError("nine", err)
	}
	// Last: the one write that is not a replacement, so a failed submit
	// that is corrected and sent again never makes two tours.
	if _, err := g.s.CreateTour(ctx, userID, tour); err != nil {
		return stepError("seven", err)
	}
	return nil
}

// stepError names the step a validation error belongs to, so the wizard can
// send the guide back to it.
func stepError(step string, err error) error {
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.CodeValidation {
		return err
	}
	fields := map[string]string{"step": step}
	for k, v := range ae.Fields {
		fields[k] = v
	}
	return &apperr.Error{Code: apperr.CodeValidation, Fields: fields,
		Message: "Step " + step + " (" + guideStepTitles[step] + ") needs a correction: " + firstField(ae.Fields) + "."}
}

func firstField(f map[string]string) string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) == 0 {
		return "see the form"
	}
	return keys[0] + " " + f[keys[0]]
}

// CheckTour validates a new tour's input without storing it: the tour's
// own fields and the practice offering's, with the field names of
// POST /tour-guide/tours.
func CheckTour(in TourInput) error {
	f := apperr.Fields{}
	t := &tourRow{}
	in.apply(f, t, true)
	if err := practice.CheckOffering(in.offeringInput(true)); err != nil {
		mergeFields(f, err)
	}
	return f.Err()
}
