package matchmaking

import (
	"fmt"
	"math"
	"slices"

	"sojourn/api/internal/platform/apperr"
)

// Option is one possible answer to a question.
type Option struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Question is one of the eight fixed questions.
type Question struct {
	ID      string
	Text    string
	Options []Option
}

// Questions are the eight questions of the OkCupid kind, in order. Their ids
// are stored with the answers: change a text freely, never an id.
var Questions = []Question{
	{"tidiness", "How tidy are you at home and on the road?", []Option{
		{"very_tidy", "Everything has its place"}, {"tidy_enough", "Tidy enough"}, {"relaxed", "A little messy, and fine with it"}}},
	{"planning", "On a trip, do you plan each day or see what happens?", []Option{
		{"plan_all", "I plan every day"}, {"rough_plan", "A rough plan, room to wander"}, {"spontaneous", "I see what happens"}}},
	{"rhythm", "Are you a morning person or a night owl?", []Option{
		{"early", "Early bird"}, {"late", "Night owl"}, {"depends", "Depends on the day"}}},
	{"costs", "How do you like to share costs on a date or a trip?", []Option{
		{"split", "Split evenly"}, {"inviter", "Whoever invites pays"}, {"turns", "Take turns"}}},
	{"pets", "How do you feel about pets?", []Option{
		{"have", "I have one and love them"}, {"like", "I like them"}, {"rather_not", "I would rather not live with one"}}},
	{"weekend", "Your perfect weekend is…", []Option{
		{"crowd", "Out with a big group"}, {"few", "A few close friends"}, {"quiet", "Quiet time at home"}, {"away", "Somewhere new"}}},
	{"disagree", "When you disagree with someone close, you…", []Option{
		{"talk_now", "Talk it out at once"}, {"need_time", "Need time first"}, {"let_go", "Usually let it go"}}},
	{"family", "How involved should family be in your relationship?", []Option{
		{"very", "Very: family comes first"}, {"some", "Close, with our own space"}, {"little", "We decide for ourselves"}}},
}

// Answer is a person's answer to one question: their own, the ones they
// accept from a match, and how much it matters.
type Answer struct {
	Answer     string   `json:"answer"`
	Accepted   []string `json:"accepted"`
	Importance string   `json:"importance"`
}

// AnswerInput is the body of PUT /matchmaking/questions/{id}.
type AnswerInput = Answer

func question(id string) (Question, bool) {
	for _, q := range Questions {
		if q.ID == id {
			return q, true
		}
	}
	return Question{}, false
}

func hasOption(q Question, id string) bool {
	return slices.ContainsFunc(q.Options, func(o Option) bool { return o.ID == id })
}

// validateAnswer checks an answer against its question.
func validateAnswer(q Question, in *Answer) error {
	f := apperr.Fields{}
	f.Check(hasOption(q, in.Answer), "answer", "must be one of the question's options")
	seen := map[string]bool{}
	for _, a := range in.Accepted {
		if !hasOption(q, a) || seen[a] {
			f.Check(false, "accepted", "must list distinct options of the question")
			break
		}
		seen[a] = true
	}
	f.Check(len(in.Accepted) >= 1, "accepted", "must list at least one option")
	_, ok := importanceWeight[in.Importance]
	f.Check(ok, "importance", "must be one of irrelevant, a_little, somewhat, very, mandatory")
	return f.Err()
}

// The soft dimensions of the score, whose weights learning adjusts.
const (
	DimIntent    = "intent"
	DimLanguages = "languages"
	DimLifestyle = "lifestyle"
	DimFaith     = "faith"
	DimChildren  = "children"
	DimTravel    = "travel"
	DimInterests = "interests"
	DimQuestions = "questions"
)

// Dimensions are the soft dimensions in order, with the words that name them.
var Dimensions = []struct{ Name, Label, Phrase string }{
	{DimIntent, "What you are looking for", "reason for being here"},
	{DimLanguages, "Languages", "languages"},
	{DimLifestyle, "Lifestyle", "lifestyle"},
	{DimFaith, "Faith", "faith"},
	{DimChildren, "Children", "plans for children"},
	{DimTravel, "Travel", "travel style"},
	{DimInterests, "Interests", "interests"},
	{DimQuestions, "Questions", "answers to the questions"},
}

// Bounds of what learning may do to a weight.
const (
	MinMultiplier = 0.5
	MaxMultiplier = 2.0
	// learnRate: one decision moves a multiplier by at most about 5 %.
	learnRate = 0.1
)

// Weights are a person's learnt multipliers per dimension (absent: 1).
type Weights map[string]float64

func (w Weights) of(dim string) float64 {
	if m, ok := w[dim]; ok && m > 0 {
		return m
	}
	return 1
}

// Learn moves a's multipliers after a liked (or passed on) b: a dimension b
// satisfies gains weight with a like and loses it with a pass; one b fails
// the other way round. Each step is at most about 5 %, within 0.5 to 2.
func Learn(a, b *Member, liked bool) Weights {
	num, den := map[string]float64{}, map[string]float64{}
	visit(a, b, func(dim string, w, sat float64) {
		num[dim] += w * sat
		den[dim] += w
	})
	out := Weights{}
	for k, v := range a.Weights {
		out[k] = v
	}
	sign := 1.0
	if !liked {
		sign = -1
	}
	for dim, d := range den {
		if d == 0 {
			continue
		}
		sat := num[dim] / d
		m := out.of(dim) * math.Exp(sign*learnRate*(sat-0.5))
		out[dim] = math.Round(math.Min(MaxMultiplier, math.Max(MinMultiplier, m))*1000) / 1000
	}
	return out
}

// Weight is one dimension's multiplier as the API shows it.
type Weight struct {
	Dimension   string  `json:"dimension"`
	Label       string  `json:"label"`
	Multiplier  float64 `json:"multiplier"`
	Explanation *string `json:"explanation"`
}

// WeightsView is the answer of GET /matchmaking/weights.
type WeightsView struct {
	Weights   []Weight `json:"weights"`
	Decisions int      `json:"decisions"`
}

// Explain describes each dimension's multiplier in plain language (none
// while it stays within 5 % of 1).
func Explain(w Weights, decisions int) WeightsView {
	out := WeightsView{Weights: make([]Weight, 0, len(Dimensions)), Decisions: decisions}
	for _, d := range Dimensions {
		m := w.of(d.Name)
		x := Weight{Dimension: d.Name, Label: d.Label, Multiplier: m}
		switch {
		case m >= 1.05:
			s := fmt.Sprintf("You like people who share your %s more often, so it counts more in your matches (×%.2f).", d.Phrase, m)
			x.Explanation = &s
		case m <= 0.95:
			s := fmt.Sprintf("You often pass on people who share your %s, so it counts less in your matches (×%.2f).", d.Phrase, m)
			x.Explanation = &s
		}
		out.Weights = append(out.Weights, x)
	}
	return out
}
