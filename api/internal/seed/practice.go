package seed

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/practice"
)

// demoPractices gives every demo therapist and coach (the demo accounts
// therapist@example.com and coach@example.com, and Practitioners) a practice
// profile with offerings, weekly hours and a few overrides; an admin
// verifies the licences except the Pending ones, and every profile that may
// be is published. A profile that already has offerings is left alone. It
// returns how many practices it set up.
func demoPractices(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	adminID := ids["admin@example.com"]
	made := 0
	set := func(userID string, p Practitioner, person Person) error {
		ok, err := setUpPractice(ctx, a, adminID, userID, p, person)
		if ok {
			made++
		}
		return err
	}
	for _, per := range People {
		var p Practitioner
		switch per.Email {
		case "therapist@example.com":
			p = DemoTherapist
		case "coach@example.com":
			p = DemoCoach
		default:
			continue
		}
		if err := set(ids[per.Email], p, per); err != nil {
			return made, fmt.Errorf("%s: %w", per.Email, err)
		}
	}
	for _, p := range Practitioners {
		id, isNew, err := ensureUser(ctx, a, p.Person)
		if err != nil {
			return made, fmt.Errorf("%s: %w", p.Email, err)
		}
		if isNew {
			if err := fillProfile(ctx, a, id, p.Person); err != nil {
				return made, fmt.Errorf("%s profile: %w", p.Email, err)
			}
		}
		if err := set(id, p, p.Person); err != nil {
			return made, fmt.Errorf("%s practice: %w", p.Email, err)
		}
	}
	return made, nil
}

func setUpPractice(ctx context.Context, a *app.App, adminID, userID string, p Practitioner, per Person) (bool, error) {
	s := a.Practice
	if _, err := s.ProviderOfUser(ctx, userID, p.Kind); err == nil {
		if offs, err := s.MyOfferings(ctx, userID, p.Kind); err != nil || len(offs) > 0 {
			return false, err
		}
	} else if !errors.Is(err, practice.ErrNotFound) {
		return false, err
	}
	in := practice.ProfileInput{Headline: p.Headline, Bio: p.PracticeBio, Specialties: per.Specialties,
		Languages: per.Languages, City: per.City, Country: per.Country, TimeZone: p.TimeZone}
	for _, f := range p.Formats {
		fi := practice.FormatInput{Kind: f}
		if f == practice.FormatInPerson {
			fi.Address = p.Address
		}
		in.Formats = append(in.Formats, fi)
	}
	if p.Kind == practice.KindTherapist {
		in.LicenceNumber, in.IssuingBody = per.Licence, p.IssuingBody
	}
	prof, err := s.SaveProfile(ctx, userID, p.Kind, in)
	if err != nil {
		return false, err
	}
	for _, o := range p.Offerings {
		o := o
		title, desc, format, dur := o.Title, o.Description, o.Format, o.Minutes
		capacity, confirm := max(o.Capacity, 1), o.Confirm
		notice, advance, freeHours, fee := 12*60, 60, 24, 50
		q := []practice.IntakeQuestion{{Label: "What would you like to work on?", Kind: "text", Required: true},
			{Label: "Have you worked with a " + p.Kind + " before?", Kind: "choice", Choices: []string{"Yes", "No"}}}
		if _, err := s.CreateOffering(ctx, userID, p.Kind, practice.OfferingInput{Title: &title, Description: &desc,
			Format: &format, DurationMin: &dur, Price: &practice.Money{Amount: o.Price, Currency: o.Currency},
			Capacity: &capacity, RequiresConfirmation: &confirm, BufferAfterMin: ptr(10), MinNoticeMin: &notice,
			MaxAdvanceDays: &advance, FreeCancelHours: &freeHours, LateCancelFeePct: &fee,
			IntakeQuestions: &q}); err != nil {
			return false, fmt.Errorf("offering %q: %w", o.Title, err)
		}
	}
	weekly := map[string][]practice.Interval{}
	for day, ivs := range weeklyTemplates[p.Hours] {
		for _, iv := range ivs {
			weekly[day] = append(weekly[day], practice.Interval{Start: iv[0], End: iv[1]})
		}
	}
	if _, err := s.SaveSchedule(ctx, userID, p.Kind, practice.ScheduleInput{Weekly: weekly, DailyLimit: 6,
		WeeklyLimit: 24}); err != nil {
		return false, err
	}
	if err := demoOverrides(ctx, a, userID, p); err != nil {
		return false, err
	}
	// Two photos for the demo accounts' media pages; everyone else shows
	// their avatar.
	if per.Email == "therapist@example.com" || per.Email == "coach@example.com" {
		for _, c := range []color.RGBA{{0x0f, 0x76, 0x6e, 0xff}, {0xb4, 0x53, 0x09, 0xff}} {
			if _, err := s.AddPhoto(ctx, userID, p.Kind, Avatar(c)); err != nil {
				return false, err
			}
		}
	}
	// The scans of the licence, before an admin looks at it.
	for _, scan := range licenceScans(per.Email, p, per, a.Deps.Clock.Now().Year()) {
		if _, err := s.AddLicenceDocument(ctx, userID, p.Kind, scan.Render()); err != nil {
			return false, fmt.Errorf("licence document: %w", err)
		}
	}
	if p.Kind == practice.KindTherapist && !p.Pending && adminID != "" {
		if _, err := s.Decide(ctx, adminID, "", prof.ID, practice.DecisionInput{Decision: practice.VerificationVerified,
			Note: "Registration checked against the " + p.IssuingBody + " register."}); err != nil {
			return false, err
		}
	}
	if p.Pending {
		return true, nil
	}
	if _, err := s.Publish(ctx, userID, p.Kind); err != nil {
		return true, err
	}
	if p.Suspended != "" && adminID != "" {
		if _, err := s.Suspend(ctx, adminID, "198.51.100.7", prof.ID, practice.SuspendInput{Reason: p.Suspended}); err != nil {
			return true, fmt.Errorf("suspend: %w", err)
		}
	}
	return true, nil
}

// demoOverrides blocks a day next week and opens a Saturday morning the
// week after (local dates in the provider's time zone).
func demoOverrides(ctx context.Context, a *app.App, userID string, p Practitioner) error {
	loc, err := time.LoadLocation(p.TimeZone)
	if err != nil {
		return err
	}
	today := a.Deps.Clock.Now().In(loc)
	nextFriday := today.AddDate(0, 0, 7+int(time.Friday-today.Weekday()+7)%7)
	saturday := nextFriday.AddDate(0, 0, 8)
	if _, err := a.Practice.AddOverride(ctx, userID, p.Kind, practice.OverrideInput{
		Date: nextFriday.Format(time.DateOnly), Blocked: true}); err != nil {
		return err
	}
	_, err = a.Practice.AddOverride(ctx, userID, p.Kind, practice.OverrideInput{Date: saturday.Format(time.DateOnly),
		Intervals: []practice.Interval{{Start: "09:00", End: "12:00"}}})
	return err
}

func ptr[T any](v T) *T { return &v }
