package matchmaking

import (
	"context"
	"slices"
	"strings"

	json "github.com/goccy/go-json"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/profiles"
)

// Step is one preference step and its saved answer.
type Step struct {
	Step     string `json:"step"`
	Answered bool   `json:"answered"`
	Answer   *Prefs `json:"answer"`
}

// Me is the caller's matchmaking state (GET /matchmaking/me).
type Me struct {
	OptedIn           bool    `json:"opted_in"`
	Paused            bool    `json:"paused"`
	Removed           bool    `json:"removed"`
	Age               *int    `json:"age"`
	Home              *string `json:"home"`
	Steps             []Step  `json:"steps"`
	NextStep          *string `json:"next_step"`
	Preferences       Prefs   `json:"preferences"`
	QuestionsAnswered int     `json:"questions_answered"`
	Complete          bool    `json:"complete"`
}

// Pause is the body of PUT /matchmaking/pause.
type Pause struct {
	Paused *bool `json:"paused"`
}

// snapshot copies what the prefilter needs of the profile into the row.
func (s *Service) snapshot(ctx context.Context, r *memberRow, p profiles.Profile) {
	if p.DateOfBirth != nil {
		r.BirthDate = *p.DateOfBirth
	} else {
		r.BirthDate = ""
	}
	r.Gender = p.Gender
	r.City, r.Country = strings.TrimSpace(p.City), strings.ToUpper(strings.TrimSpace(p.Country))
	if pt, ok := locate(ctx, s.c.Places, r.City, r.Country); ok {
		r.Lat, r.Lng = &pt.lat, &pt.lng
	} else {
		r.Lat, r.Lng = nil, nil
	}
	spoken := p.Languages
	if spoken == nil {
		spoken = []string{}
	}
	r.Spoken = mustJSON(spoken)
}

func (s *Service) view(r *memberRow) Me {
	p := r.prefs()
	out := Me{OptedIn: r.OptedIn, Paused: r.Paused, Removed: r.Removed, Preferences: p, Steps: make([]Step, 0, len(Steps))}
	if a := Age(r.BirthDate, s.c.Clock.Now()); a >= 0 {
		out.Age = &a
	}
	if h := place(r.City, r.Country); h != "" {
		out.Home = &h
	}
	for _, st := range Steps {
		x := Step{Step: st.Name, Answered: p.answered(st.Name)}
		if x.Answered {
			o := p.only(st.Name)
			x.Answer = &o
		} else if out.NextStep == nil {
			name := st.Name
			out.NextStep = &name
		}
		out.Steps = append(out.Steps, x)
	}
	out.QuestionsAnswered = len(r.answers())
	out.Complete = out.NextStep == nil && out.QuestionsAnswered == len(Questions)
	return out
}

// Me answers the caller's state, refreshing the profile snapshot of someone
// taking part when it changed.
func (s *Service) Me(ctx context.Context, userID string) (Me, error) {
	r, err := s.st.member(ctx, s.c.DB, userID)
	if err != nil {
		return Me{}, err
	}
	if r == nil {
		r = newMember(userID, s.c.Clock.Now())
		p, err := s.c.Profiles.ProfileFor(ctx, userID)
		if err != nil {
			return Me{}, err
		}
		s.snapshot(ctx, r, p)
		return s.view(r), nil
	}
	if r.OptedIn {
		if r, err = s.refresh(ctx, userID, r); err != nil {
			return Me{}, err
		}
	}
	return s.view(r), nil
}

// refresh rewrites the profile snapshot when the profile changed.
func (s *Service) refresh(ctx context.Context, userID string, r *memberRow) (*memberRow, error) {
	p, err := s.c.Profiles.ProfileFor(ctx, userID)
	if err != nil {
		return nil, err
	}
	fresh := *r
	s.snapshot(ctx, &fresh, p)
	if fresh.BirthDate == r.BirthDate && fresh.Gender == r.Gender && fresh.City == r.City &&
		fresh.Country == r.Country && fresh.Spoken == r.Spoken {
		return r, nil
	}
	return s.mutate(ctx, userID, func(row *memberRow) error { s.snapshot(ctx, row, p); return nil })
}

// OptIn lets the caller take part: their profile must show a date of birth
// of 18 or more years and a gender matchmaking knows.
func (s *Service) OptIn(ctx context.Context, userID string) (Me, error) {
	p, err := s.c.Profiles.ProfileFor(ctx, userID)
	if err != nil {
		return Me{}, err
	}
	f := apperr.Fields{}
	switch {
	case p.DateOfBirth == nil || *p.DateOfBirth == "":
		f.Add("date_of_birth", "Add your date of birth to your profile: matchmaking is only for people 18 or older.")
	case Age(*p.DateOfBirth, s.c.Clock.Now()) < MinAge:
		f.Add("date_of_birth", "Matchmaking is only for people 18 or older.")
	}
	f.Check(slices.Contains(Genders, p.Gender), "gender",
		"Set your gender in your profile (woman, man or non-binary) so matchmaking can show you to the right people.")
	if err := f.Err(); err != nil {
		return Me{}, err
	}
	r, err := s.mutate(ctx, userID, func(r *memberRow) error {
		if r.Removed {
			return errRemoved
		}
		s.snapshot(ctx, r, p)
		if !r.OptedIn {
			now := s.c.Clock.Now()
			r.OptedIn, r.OptedInAt = true, &now
		}
		return nil
	})
	if err != nil {
		return Me{}, err
	}
	return s.view(r), nil
}

// OptOut stops the caller taking part; their answers stay.
func (s *Service) OptOut(ctx context.Context, userID string) (Me, error) {
	r, err := s.mutate(ctx, userID, func(r *memberRow) error { r.OptedIn = false; return nil })
	if err != nil {
		return Me{}, err
	}
	return s.view(r), nil
}

// SetPaused pauses or resumes the caller's matchmaking.
func (s *Service) SetPaused(ctx context.Context, userID string, in Pause) (Me, error) {
	if in.Paused == nil {
		return Me{}, apperr.Validation(map[string]string{"paused": "is required"})
	}
	r, err := s.mutate(ctx, userID, func(r *memberRow) error { r.Paused = *in.Paused; return nil })
	if err != nil {
		return Me{}, err
	}
	return s.view(r), nil
}

// SavePreference saves one step's answer (only its fields, all of them).
func (s *Service) SavePreference(ctx context.Context, userID, step string, in Prefs) (Me, error) {
	if err := validateStep(step, &in); err != nil {
		return Me{}, err
	}
	r, err := s.mutate(ctx, userID, func(r *memberRow) error {
		p := r.prefs()
		p.merge(step, in)
		r.setPrefs(p)
		return nil
	})
	if err != nil {
		return Me{}, err
	}
	return s.view(r), nil
}

// QuestionView is a question with the caller's answer (nil when unanswered).
type QuestionView struct {
	ID      string   `json:"id"`
	Text    string   `json:"text"`
	Options []Option `json:"options"`
	Answer  *Answer  `json:"answer"`
}

func questionView(q Question, answers map[string]Answer) QuestionView {
	v := QuestionView{ID: q.ID, Text: q.Text, Options: q.Options}
	if a, ok := answers[q.ID]; ok {
		v.Answer = &a
	}
	return v
}

// Questions answers the eight questions with the caller's answers.
func (s *Service) Questions(ctx context.Context, userID string) ([]QuestionView, error) {
	r, err := s.st.member(ctx, s.c.DB, userID)
	if err != nil {
		return nil, err
	}
	answers := map[string]Answer{}
	if r != nil {
		answers = r.answers()
	}
	out := make([]QuestionView, 0, len(Questions))
	for _, q := range Questions {
		out = append(out, questionView(q, answers))
	}
	return out, nil
}

// AnswerQuestion saves the caller's answer to a question.
func (s *Service) AnswerQuestion(ctx context.Context, userID, id string, in Answer) (QuestionView, error) {
	q, ok := question(id)
	if !ok {
		return QuestionView{}, errQuestionNotFound
	}
	if err := validateAnswer(q, &in); err != nil {
		return QuestionView{}, err
	}
	r, err := s.mutate(ctx, userID, func(r *memberRow) error {
		a := r.answers()
		a[id] = in
		b, err := json.Marshal(a)
		r.Answers = string(b)
		return err
	})
	if err != nil {
		return QuestionView{}, err
	}
	return questionView(q, r.answers()), nil
}

// Weights answers the caller's learnt weights in plain language.
func (s *Service) Weights(ctx context.Context, userID string) (WeightsView, error) {
	r, err := s.st.member(ctx, s.c.DB, userID)
	if err != nil || r == nil {
		return Explain(Weights{}, 0), err
	}
	return Explain(r.weights(), r.Learnt), nil
}

// ResetWeights forgets what was learnt.
func (s *Service) ResetWeights(ctx context.Context, userID string) (WeightsView, error) {
	_, err := s.mutate(ctx, userID, func(r *memberRow) error { r.Weights, r.Learnt = "{}", 0; return nil })
	if err != nil {
		return WeightsView{}, err
	}
	return Explain(Weights{}, 0), nil
}
