package useronboarding

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"sojourn/api/internal/notifications"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/profiles"
	"sojourn/api/internal/social"
)

// maxChoices bounds the travel styles and wellness goals one picks.
const maxChoices = 8

// The steps' saved data.
type (
	stepIntent struct {
		Intents []string `json:"intents"`
	}
	stepName struct {
		DisplayName string  `json:"display_name"`
		AvatarURL   *string `json:"avatar_url"`
	}
	stepBirthday struct {
		DateOfBirth string `json:"date_of_birth"`
	}
	stepGender struct {
		Gender string `json:"gender"`
	}
	stepHome struct {
		City     string `json:"city"`
		Country  string `json:"country"`
		TimeZone string `json:"time_zone"`
	}
	stepLanguages struct {
		Languages []string `json:"languages"`
	}
	stepInterests struct {
		Interests []string `json:"interests"`
	}
	stepTravel struct {
		TravelStyles []string `json:"travel_styles"`
	}
	stepWellness struct {
		WellnessGoals []string `json:"wellness_goals"`
	}
	stepNotify struct {
		Email []string `json:"email"`
	}
	stepPrivacy struct {
		WhoCanMessage string `json:"who_can_message"`
		WhoCanRequest string `json:"who_can_request"`
		PostsAudience string `json:"posts_audience"`
	}
	stepReview struct {
		Confirmed bool `json:"confirmed"`
	}
)

// decode reads one step's data strictly: an unknown or mistyped field is a
// 422 naming it.
func decode(data json.RawMessage, v any) error {
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

// choices checks a list of picks from allowed: no duplicates, between min and max.
func choices(f apperr.Fields, field string, picked, allowed []string, min, max int) {
	seen := map[string]bool{}
	for i, v := range picked {
		if !slices.Contains(allowed, v) {
			f.Add(fmt.Sprintf("%s[%d]", field, i), "must be one of "+strings.Join(allowed, ", "))
			return
		}
		if seen[v] {
			f.Add(field, "must not repeat a choice")
			return
		}
		seen[v] = true
	}
	switch {
	case len(picked) < min:
		f.Add(field, fmt.Sprintf("choose at least %d", min))
	case len(picked) > max:
		f.Add(field, fmt.Sprintf("choose at most %d", max))
	}
}

// profileRules validates fields with the profiles domain's own rules.
func (s *Service) profileRules(in profiles.UpdateInput) error {
	return in.Validate(s.c.Clock.Now())
}

func validZone(tz string) bool {
	if tz == "" || len(tz) > 64 || tz == "Local" {
		return false
	}
	_, err := time.LoadLocation(tz)
	return err == nil
}

var (
	messageValues  = []string{social.MessageEveryone, social.MessageFriends, social.MessageNobodyNew}
	requestValues  = []string{social.RequestEveryone, social.RequestFriendsOfFriends, social.RequestNobody}
	audienceValues = []string{social.AudiencePublic, social.AudienceFriends, social.AudienceOnlyMe}
)

// check validates one step's data before it is saved.
func (s *Service) check(ctx context.Context, userID, step string, data json.RawMessage) error {
	f := apperr.Fields{}
	switch step {
	case "intent":
		var d stepIntent
		if err := decode(data, &d); err != nil {
			return err
		}
		choices(f, "intents", d.Intents, Intents, 1, len(Intents))
	case "one":
		var d stepName
		if err := decode(data, &d); err != nil {
			return err
		}
		name := strings.TrimSpace(d.DisplayName)
		f.Check(name != "", "display_name", "is required")
		if err := s.profileRules(profiles.UpdateInput{DisplayName: &name}); err != nil {
			return err
		}
		if d.AvatarURL != nil && *d.AvatarURL != "" {
			p, err := s.c.Profiles.ProfileFor(ctx, userID)
			if err != nil {
				return err
			}
			f.Check(p.AvatarURL != nil && *p.AvatarURL == *d.AvatarURL, "avatar_url", "is not your uploaded photo")
		}
	case "two":
		var d stepBirthday
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(strings.TrimSpace(d.DateOfBirth) != "", "date_of_birth", "is required")
		if err := f.Err(); err != nil {
			return err
		}
		return s.profileRules(profiles.UpdateInput{DateOfBirth: &d.DateOfBirth})
	case "three":
		var d stepGender
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(slices.Contains(profiles.Genders, d.Gender), "gender", "must be one of "+strings.Join(profiles.Genders, ", "))
	case "four":
		var d stepHome
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(strings.TrimSpace(d.City) != "", "city", "is required")
		f.Check(strings.TrimSpace(d.Country) != "", "country", "is required")
		f.Check(validZone(d.TimeZone), "time_zone", "is not a time zone (an IANA name such as Africa/Lagos)")
		if err := s.profileRules(profiles.UpdateInput{City: &d.City, Country: &d.Country}); err != nil {
			if e, ok := apperr.As(err); ok {
				for k, v := range e.Fields {
					f.Add(k, v)
				}
			} else {
				return err
			}
		}
	case "five":
		var d stepLanguages
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(len(d.Languages) > 0, "languages", "choose at least one")
		if err := f.Err(); err != nil {
			return err
		}
		return s.profileRules(profiles.UpdateInput{Languages: &d.Languages})
	case "six":
		var d stepInterests
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(len(d.Interests) > 0, "interests", "choose at least one")
		if err := f.Err(); err != nil {
			return err
		}
		return s.profileRules(profiles.UpdateInput{Interests: &d.Interests})
	case "seven":
		var d stepTravel
		if err := decode(data, &d); err != nil {
			return err
		}
		choices(f, "travel_styles", d.TravelStyles, TravelStyles, 0, maxChoices)
	case "eight":
		var d stepWellness
		if err := decode(data, &d); err != nil {
			return err
		}
		choices(f, "wellness_goals", d.WellnessGoals, WellnessGoals, 0, maxChoices)
	case "nine":
		var d stepNotify
		if err := decode(data, &d); err != nil {
			return err
		}
		choices(f, "email", d.Email, notifications.Categories, 0, len(notifications.Categories))
	case "ten":
		var d stepPrivacy
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(slices.Contains(messageValues, d.WhoCanMessage), "who_can_message", "must be everyone, friends or nobody")
		f.Check(slices.Contains(requestValues, d.WhoCanRequest), "who_can_request", "must be everyone, friends_of_friends or nobody")
		f.Check(slices.Contains(audienceValues, d.PostsAudience), "posts_audience", "must be public, friends or only_me")
	case "eleven":
		var d stepReview
		if err := decode(data, &d); err != nil {
			return err
		}
		f.Check(d.Confirmed, "confirmed", "confirm your answers to finish")
	}
	return f.Err()
}

// submit applies the journey through the owning services; every write is an
// upsert, so applying again after a failure is clean.
func (s *Service) submit(ctx context.Context, userID string, steps map[string]json.RawMessage) error {
	var (
		intent   stepIntent
		name     stepName
		birthday stepBirthday
		gender   stepGender
		home     stepHome
		langs    stepLanguages
		ints     stepInterests
		travel   stepTravel
		wellness stepWellness
		notify   stepNotify
		privacy  stepPrivacy
	)
	for slug, v := range map[string]any{"intent": &intent, "one": &name, "two": &birthday, "three": &gender,
		"four": &home, "five": &langs, "six": &ints, "seven": &travel, "eight": &wellness, "nine": &notify,
		"ten": &privacy} {
		if err := decode(steps[slug], v); err != nil {
			return err
		}
	}
	display := strings.TrimSpace(name.DisplayName)
	if _, err := s.c.Profiles.Update(ctx, userID, profiles.UpdateInput{DisplayName: &display,
		DateOfBirth: &birthday.DateOfBirth, Gender: &gender.Gender, City: &home.City, Country: &home.Country,
		Languages: &langs.Languages, Interests: &ints.Interests}); err != nil {
		return err
	}
	prefs, err := s.c.Notifications.Preferences(ctx, userID)
	if err != nil {
		return err
	}
	cats := map[string]notifications.Channel{}
	for _, c := range notifications.Categories {
		cats[c] = notifications.Channel{InApp: true, Email: slices.Contains(notify.Email, c)}
	}
	if _, err := s.c.Notifications.SetPreferences(ctx, userID, notifications.Preferences{Categories: cats,
		QuietHours: prefs.QuietHours, TimeZone: home.TimeZone}); err != nil {
		return err
	}
	if _, err := s.c.Privacy.SetPrivacy(ctx, userID, social.Privacy{WhoCanMessage: privacy.WhoCanMessage,
		WhoCanRequest: privacy.WhoCanRequest, PostsAudience: privacy.PostsAudience}); err != nil {
		return err
	}
	return s.savePersonalisation(ctx, userID, intent.Intents, travel.TravelStyles, wellness.WellnessGoals)
}
