package onboarding

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
)

// MaxStepBytes caps one step's saved data.
const MaxStepBytes = 64 << 10

// Errors.
var (
	ErrFlowNotFound = apperr.NotFound("Onboarding flow")
	ErrStepNotFound = apperr.NotFound("Onboarding step")
	ErrSubmitted    = apperr.Conflict("This onboarding has already been submitted.")
)

// Flow is one wizard, described by the domain that owns what it sets up.
type Flow struct {
	Name  string   // the flow's name in the address: "tour_guide", "car_dealer", ...
	Role  string   // the role that may use it
	Steps []string // ordered step slugs
	// Check validates one step's data before it is saved (an apperr
	// validation error names the fields); nil accepts any object.
	Check func(ctx context.Context, userID, step string, data json.RawMessage) error
	// Submit applies the wizard from every step's saved data, through the
	// owning domains' services; its error is answered as it is.
	Submit func(ctx context.Context, userID string, steps map[string]json.RawMessage) error
}

// Config is what onboarding needs.
type Config struct {
	DB    *db.DB
	Clock clock.Clock
}

// Service keeps the wizards' progress.
type Service struct {
	c     Config
	flows map[string]Flow
}

// New makes the service; flows are registered afterwards by app wiring.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil {
		return nil, errors.New("onboarding: Config needs DB and Clock")
	}
	return &Service{c: c, flows: map[string]Flow{}}, nil
}

// AddFlow adds a flow (app wiring, before serving).
func (s *Service) AddFlow(f Flow) {
	if f.Name == "" || f.Role == "" || len(f.Steps) == 0 || f.Submit == nil {
		panic(fmt.Sprintf("onboarding: flow %q needs a name, a role, steps and Submit", f.Name))
	}
	if _, dup := s.flows[f.Name]; dup {
		panic("onboarding: flow registered twice: " + f.Name)
	}
	s.flows[f.Name] = f
}

// Flows lists the registered flows' names.
func (s *Service) Flows() []string {
	out := make([]string, 0, len(s.flows))
	for n := range s.flows {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

type stepRow struct {
	bun.BaseModel `bun:"table:onboarding_steps"`
	UserID        string    `bun:"user_id,pk"`
	Flow          string    `bun:"flow,pk"`
	Step          string    `bun:"step,pk"`
	Data          string    `bun:"data"`
	SavedAt       time.Time `bun:"saved_at"`
}

type submissionRow struct {
	bun.BaseModel `bun:"table:onboarding_submissions"`
	UserID        string    `bun:"user_id,pk"`
	Flow          string    `bun:"flow,pk"`
	SubmittedAt   time.Time `bun:"submitted_at"`
}

// Step is one step of a user's progress.
type Step struct {
	Step    string          `json:"step"`
	Saved   bool            `json:"saved"`
	Data    json.RawMessage `json:"data"`
	SavedAt *time.Time      `json:"saved_at"`
}

// Progress is a user's progress through a flow.
type Progress struct {
	Flow        string     `json:"flow"`
	Steps       []Step     `json:"steps"`
	NextStep    *string    `json:"next_step"`
	SubmittedAt *time.Time `json:"submitted_at"`
}

func (s *Service) flow(name string, roles []string) (Flow, error) {
	f, ok := s.flows[name]
	if !ok {
		return Flow{}, ErrFlowNotFound
	}
	if !slices.Contains(roles, f.Role) {
		return Flow{}, apperr.Forbidden("This set-up is for the " + f.Role + " role.")
	}
	return f, nil
}

// Progress reads a user's progress through a flow.
func (s *Service) Progress(ctx context.Context, userID string, roles []string, name string) (Progress, error) {
	f, err := s.flow(name, roles)
	if err != nil {
		return Progress{}, err
	}
	return s.progress(ctx, s.c.DB.DB, userID, f)
}

func (s *Service) progress(ctx context.Context, idb bun.IDB, userID string, f Flow) (Progress, error) {
	var rows []stepRow
	if err := idb.NewSelect().Model(&rows).Where("user_id = ?", userID).Where("flow = ?", f.Name).Scan(ctx); err != nil {
		return Progress{}, err
	}
	saved := map[string]stepRow{}
	for _, r := range rows {
		saved[r.Step] = r
	}
	p := Progress{Flow: f.Name, Steps: make([]Step, 0, len(f.Steps))}
	for _, name := range f.Steps {
		st := Step{Step: name, Data: json.RawMessage("null")}
		if r, ok := saved[name]; ok {
			at := r.SavedAt
			st.Saved, st.Data, st.SavedAt = true, json.RawMessage(r.Data), &at
		} else if p.NextStep == nil {
			n := name
			p.NextStep = &n
		}
		p.Steps = append(p.Steps, st)
	}
	sub := new(submissionRow)
	err := idb.NewSelect().Model(sub).Where("user_id = ?", userID).Where("flow = ?", f.Name).Scan(ctx)
	if err == nil {
		at := sub.SubmittedAt
		p.SubmittedAt = &at
	} else if !errors.Is(err, sql.ErrNoRows) {
		return Progress{}, err
	}
	return p, nil
}

// SaveStep saves one step's data (a JSON object) after the flow's Check.
func (s *Service) SaveStep(ctx context.Context, userID string, roles []string, name, step string, data json.RawMessage) (Step, error) {
	f, err := s.flow(name, roles)
	if err != nil {
		return Step{}, err
	}
	if !slices.Contains(f.Steps, step) {
		return Step{}, ErrStepNotFound
	}
	if len(data) > MaxStepBytes {
		return Step{}, apperr.Validation(map[string]string{"data": "must be at most 64 KB"})
	}
	if len(data) == 0 || data[0] != '{' {
		return Step{}, apperr.Validation(map[string]string{"data": "must be an object"})
	}
	if f.Check != nil {
		if err := f.Check(ctx, userID, step, data); err != nil {
			return Step{}, err
		}
	}
	now := s.c.Clock.Now()
	r := &stepRow{UserID: userID, Flow: f.Name, Step: step, Data: string(data), SavedAt: now}
	if _, err := s.c.DB.NewInsert().Model(r).On("CONFLICT (user_id, flow, step) DO UPDATE").
		Set("data = EXCLUDED.data").Set("saved_at = EXCLUDED.saved_at").Exec(ctx); err != nil {
		return Step{}, err
	}
	return Step{Step: step, Saved: true, Data: data, SavedAt: &now}, nil
}

// Submit applies a flow whose every step is saved, once: it claims the
// submission with a conditional insert (a second submit, even a parallel
// one, gets ErrSubmitted), then runs the flow's Submit, which writes through
// the owning domains' own transactions; when that fails the claim is given
// back, so the provider can correct a step and submit again.
func (s *Service) Submit(ctx context.Context, userID string, roles []string, name string) (Progress, error) {
	f, err := s.flow(name, roles)
	if err != nil {
		return Progress{}, err
	}
	p, err := s.progress(ctx, s.c.DB.DB, userID, f)
	if err != nil {
		return Progress{}, err
	}
	if p.SubmittedAt != nil {
		return Progress{}, ErrSubmitted
	}
	if p.NextStep != nil {
		return Progress{}, apperr.Validation(map[string]string{"step": "step " + *p.NextStep + " is not saved yet"})
	}
	sub := &submissionRow{UserID: userID, Flow: f.Name, SubmittedAt: s.c.Clock.Now()}
	res, err := s.c.DB.NewInsert().Model(sub).On("CONFLICT (user_id, flow) DO NOTHING").Exec(ctx)
	if err != nil {
		return Progress{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return Progress{}, ErrSubmitted
	}
	steps := make(map[string]json.RawMessage, len(p.Steps))
	for _, st := range p.Steps {
		steps[st.Step] = st.Data
	}
	if err := f.Submit(ctx, userID, steps); err != nil {
		if rerr := s.Reopen(context.WithoutCancel(ctx), userID, f.Name); rerr != nil {
			return Progress{}, errors.Join(err, rerr)
		}
		return Progress{}, err
	}
	at := sub.SubmittedAt
	p.SubmittedAt = &at
	return p, nil
}

// Reopen lets a submitted flow be submitted again (an owning domain calls it
// when verification was refused and the provider must correct something).
func (s *Service) Reopen(ctx context.Context, userID, name string) error {
	_, err := s.c.DB.NewDelete().Model((*submissionRow)(nil)).Where("user_id = ?", userID).Where("flow = ?", name).Exec(ctx)
	return err
}

// MarkSubmitted records a flow as submitted without running it, for a
// provider set up outside the wizard (the demo seed); nothing happens when
// it is already submitted.
func (s *Service) MarkSubmitted(ctx context.Context, userID, name string) error {
	if _, ok := s.flows[name]; !ok {
		return ErrFlowNotFound
	}
	_, err := s.c.DB.NewInsert().Model(&submissionRow{UserID: userID, Flow: name, SubmittedAt: s.c.Clock.Now()}).
		On("CONFLICT (user_id, flow) DO NOTHING").Exec(ctx)
	return err
}
