package matchmaking

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"sojourn/api/internal/platform/apperr"
)

// Prefs is every preference step's answer (nil: not answered). Own
// attributes (lifestyle, faith, children, travel, interests) describe the
// person; the others describe whom they look for.
type Prefs struct {
	Intent          *string   `json:"intent,omitempty"`
	AgeMin          *int      `json:"age_min,omitempty"`
	AgeMax          *int      `json:"age_max,omitempty"`
	MaxDistanceKm   *int      `json:"max_distance_km,omitempty"`
	Genders         *[]string `json:"genders,omitempty"`
	Languages       *[]string `json:"languages,omitempty"`
	Smoking         *string   `json:"smoking,omitempty"`
	Drinking        *string   `json:"drinking,omitempty"`
	Diet            *string   `json:"diet,omitempty"`
	Activity        *string   `json:"activity,omitempty"`
	Faith           *string   `json:"faith,omitempty"`
	SameFaith       *bool     `json:"same_faith,omitempty"`
	HasChildren     *bool     `json:"has_children,omitempty"`
	WantsChildren   *string   `json:"wants_children,omitempty"`
	TravelStyle     *string   `json:"travel_style,omitempty"`
	TravelFrequency *string   `json:"travel_frequency,omitempty"`
	Interests       *[]string `json:"interests,omitempty"`
	Dealbreakers    *[]string `json:"dealbreakers,omitempty"`
}

func (p *Prefs) ageMin() int {
	if p.AgeMin == nil {
		return MinAge
	}
	return *p.AgeMin
}

func (p *Prefs) ageMax() int {
	if p.AgeMax == nil {
		return MaxAge
	}
	return *p.AgeMax
}

func (p *Prefs) maxKm() int {
	if p.MaxDistanceKm == nil {
		return Anywhere
	}
	return *p.MaxDistanceKm
}

func (p *Prefs) genders() []string {
	if p.Genders == nil {
		return Genders
	}
	return *p.Genders
}

// Bounds of the preferences.
const (
	MinAge       = 18
	MaxAge       = 99
	MaxLanguages = 10
	MaxInterests = 20
	MaxItemLen   = 40
)

// Genders are the genders a person may seek (and must have to take part).
var Genders = []string{"woman", "man", "non_binary"}

// Steps are the eleven preference steps in order, each with its fields.
var Steps = []struct {
	Name   string
	Fields []string
}{
	{"intent", []string{"intent"}},
	{"age", []string{"age_min", "age_max"}},
	{"distance", []string{"max_distance_km"}},
	{"genders", []string{"genders"}},
	{"languages", []string{"languages"}},
	{"lifestyle", []string{"smoking", "drinking", "diet", "activity"}},
	{"faith", []string{"faith", "same_faith"}},
	{"children", []string{"has_children", "wants_children"}},
	{"travel", []string{"travel_style", "travel_frequency"}},
	{"interests", []string{"interests"}},
	{"dealbreakers", []string{"dealbreakers"}},
}

var enums = map[string][]string{
	"intent":           {"friendship", "travel_companion", "dating", "long_term", "marriage"},
	"smoking":          {"never", "sometimes", "often"},
	"drinking":         {"never", "socially", "often"},
	"diet":             {"anything", "vegetarian", "vegan", "halal", "kosher", "pescatarian"},
	"activity":         activityScale,
	"faith":            {"christian", "muslim", "traditional", "jewish", "hindu", "buddhist", "spiritual", "none", "other"},
	"wants_children":   {"yes", "no", "open"},
	"travel_style":     {"light", "comfort", "luxury", "adventure"},
	"travel_frequency": frequencyScale,
	"dealbreakers":     {"intent", "languages", "smoking", "drinking", "faith", "children", "travel_style"},
	"genders":          Genders,
}

// present is the fields of p that are set, by their JSON names.
func (p *Prefs) present() map[string]bool {
	m := map[string]bool{}
	put := func(name string, ok bool) {
		if ok {
			m[name] = true
		}
	}
	put("intent", p.Intent != nil)
	put("age_min", p.AgeMin != nil)
	put("age_max", p.AgeMax != nil)
	put("max_distance_km", p.MaxDistanceKm != nil)
	put("genders", p.Genders != nil)
	put("languages", p.Languages != nil)
	put("smoking", p.Smoking != nil)
	put("drinking", p.Drinking != nil)
	put("diet", p.Diet != nil)
	put("activity", p.Activity != nil)
	put("faith", p.Faith != nil)
	put("same_faith", p.SameFaith != nil)
	put("has_children", p.HasChildren != nil)
	put("wants_children", p.WantsChildren != nil)
	put("travel_style", p.TravelStyle != nil)
	put("travel_frequency", p.TravelFrequency != nil)
	put("interests", p.Interests != nil)
	put("dealbreakers", p.Dealbreakers != nil)
	return m
}

// stepFields is the fields of the named step (nil for an unknown step).
func stepFields(step string) []string {
	for _, s := range Steps {
		if s.Name == step {
			return s.Fields
		}
	}
	return nil
}

// answered reports whether p holds the step's answer.
func (p *Prefs) answered(step string) bool {
	f := stepFields(step)
	return len(f) > 0 && p.present()[f[0]]
}

// only is the part of p that belongs to the step.
func (p *Prefs) only(step string) Prefs {
	var o Prefs
	switch step {
	case "intent":
		o.Intent = p.Intent
	case "age":
		o.AgeMin, o.AgeMax = p.AgeMin, p.AgeMax
	case "distance":
		o.MaxDistanceKm = p.MaxDistanceKm
	case "genders":
		o.Genders = p.Genders
	case "languages":
		o.Languages = p.Languages
	case "lifestyle":
		o.Smoking, o.Drinking, o.Diet, o.Activity = p.Smoking, p.Drinking, p.Diet, p.Activity
	case "faith":
		o.Faith, o.SameFaith = p.Faith, p.SameFaith
	case "children":
		o.HasChildren, o.WantsChildren = p.HasChildren, p.WantsChildren
	case "travel":
		o.TravelStyle, o.TravelFrequency = p.TravelStyle, p.TravelFrequency
	case "interests":
		o.Interests = p.Interests
	case "dealbreakers":
		o.Dealbreakers = p.Dealbreakers
	}
	return o
}

// merge copies the step's part of in into p.
func (p *Prefs) merge(step string, in Prefs) {
	switch step {
	case "intent":
		p.Intent = in.Intent
	case "age":
		p.AgeMin, p.AgeMax = in.AgeMin, in.AgeMax
	case "distance":
		p.MaxDistanceKm = in.MaxDistanceKm
	case "genders":
		p.Genders = in.Genders
	case "languages":
		p.Languages = in.Languages
	case "lifestyle":
		p.Smoking, p.Drinking, p.Diet, p.Activity = in.Smoking, in.Drinking, in.Diet, in.Activity
	case "faith":
		p.Faith, p.SameFaith = in.Faith, in.SameFaith
	case "children":
		p.HasChildren, p.WantsChildren = in.HasChildren, in.WantsChildren
	case "travel":
		p.TravelStyle, p.TravelFrequency = in.TravelStyle, in.TravelFrequency
	case "interests":
		p.Interests = in.Interests
	case "dealbreakers":
		p.Dealbreakers = in.Dealbreakers
	}
}

// cleanList trims, drops duplicates (without case) and checks a free-text list.
func cleanList(f apperr.Fields, name string, in *[]string, max int) {
	if in == nil {
		return
	}
	out := make([]string, 0, len(*in))
	for _, s := range *in {
		s = strings.TrimSpace(s)
		if s == "" || utf8.RuneCountInString(s) > MaxItemLen || strings.ContainsAny(s, "\t\r\n") {
			f.Check(false, name, fmt.Sprintf("each item must be 1 to %d characters on one line", MaxItemLen))
			return
		}
		if !slices.ContainsFunc(out, func(o string) bool { return strings.EqualFold(o, s) }) {
			out = append(out, s)
		}
	}
	f.Check(len(out) <= max, name, fmt.Sprintf("may hold at most %d items", max))
	*in = out
}

func checkEnum(f apperr.Fields, name string, v *string) {
	if v != nil {
		f.Check(slices.Contains(enums[name], *v), name, "must be one of "+strings.Join(enums[name], ", "))
	}
}

func checkEnumList(f apperr.Fields, name string, v *[]string, min int) {
	if v == nil {
		return
	}
	seen := map[string]bool{}
	for _, s := range *v {
		if !slices.Contains(enums[name], s) || seen[s] {
			f.Check(false, name, "must list distinct values of "+strings.Join(enums[name], ", "))
			return
		}
		seen[s] = true
	}
	f.Check(len(*v) >= min, name, fmt.Sprintf("must list at least %d", min))
}

// validateStep checks in holds exactly the step's fields, each valid.
func validateStep(step string, in *Prefs) error {
	fields := stepFields(step)
	if fields == nil {
		return errStepNotFound
	}
	f := apperr.Fields{}
	have := in.present()
	for name := range have {
		f.Check(slices.Contains(fields, name), name, "belongs to another step than "+step)
	}
	for _, name := range fields {
		f.Check(have[name], name, "is required for the step "+step)
	}
	for _, name := range []string{"intent", "smoking", "drinking", "diet", "activity", "faith", "wants_children",
		"travel_style", "travel_frequency"} {
		checkEnum(f, name, map[string]*string{"intent": in.Intent, "smoking": in.Smoking, "drinking": in.Drinking,
			"diet": in.Diet, "activity": in.Activity, "faith": in.Faith, "wants_children": in.WantsChildren,
			"travel_style": in.TravelStyle, "travel_frequency": in.TravelFrequency}[name])
	}
	checkEnumList(f, "genders", in.Genders, 1)
	checkEnumList(f, "dealbreakers", in.Dealbreakers, 0)
	cleanList(f, "languages", in.Languages, MaxLanguages)
	cleanList(f, "interests", in.Interests, MaxInterests)
	if in.AgeMin != nil {
		f.Check(*in.AgeMin >= MinAge && *in.AgeMin <= MaxAge, "age_min", "must be from 18 to 99")
	}
	if in.AgeMax != nil {
		f.Check(*in.AgeMax >= MinAge && *in.AgeMax <= MaxAge, "age_max", "must be from 18 to 99")
	}
	if in.AgeMin != nil && in.AgeMax != nil && *in.AgeMax < *in.AgeMin {
		f.Check(false, "age_max", "must not be below age_min")
	}
	if in.MaxDistanceKm != nil {
		f.Check(*in.MaxDistanceKm >= 1 && *in.MaxDistanceKm <= Anywhere, "max_distance_km", "must be from 1 to 20000 (anywhere)")
	}
	return f.Err()
}
