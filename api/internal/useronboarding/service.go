package useronboarding

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/notifications"
	"sojourn/api/internal/onboarding"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/profiles"
	"sojourn/api/internal/social"
)

// FlowName is the user onboarding's flow (api/internal/onboarding).
const FlowName = "user"

// Steps are the flow's step slugs, in order (doc.go lists each one's data).
var Steps = []string{"intent", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"}

// The choices of the steps this domain owns.
var (
	Intents       = []string{"travel", "wellness", "shopping", "meeting_people"}
	TravelStyles  = []string{"adventure", "relaxation", "culture", "food", "nature", "city_breaks", "luxury", "budget"}
	WellnessGoals = []string{"sleep", "stress", "fitness", "nutrition", "mindfulness", "relationships", "career", "confidence"}
)

// Progress is what the service reads of the onboarding wizards.
type Progress interface {
	Progress(ctx context.Context, userID string, roles []string, flow string) (onboarding.Progress, error)
}

// Profiles is what the journey reads and writes of a profile.
type Profiles interface {
	ProfileFor(ctx context.Context, userID string) (profiles.Profile, error)
	Update(ctx context.Context, userID string, in profiles.UpdateInput) (profiles.Profile, error)
}

// Notifications is what the journey sets of the notification preferences.
type Notifications interface {
	Preferences(ctx context.Context, userID string) (notifications.Preferences, error)
	SetPreferences(ctx context.Context, userID string, in notifications.Preferences) (notifications.Preferences, error)
}

// Privacy is what the journey sets of the social privacy settings.
type Privacy interface {
	SetPrivacy(ctx context.Context, userID string, in social.Privacy) (social.Privacy, error)
}

// Config is what the domain needs.
type Config struct {
	DB            *db.DB
	Clock         clock.Clock
	Onboarding    Progress
	Profiles      Profiles
	Notifications Notifications
	Privacy       Privacy
}

// Service holds the journey's rules and the personalisation.
type Service struct{ c Config }

// New makes the service.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Onboarding == nil || c.Profiles == nil || c.Notifications == nil || c.Privacy == nil {
		return nil, errors.New("useronboarding: Config needs DB, Clock, Onboarding, Profiles, Notifications and Privacy")
	}
	return &Service{c: c}, nil
}

// Flow is the user onboarding, registered with the onboarding service.
func (s *Service) Flow() onboarding.Flow {
	return onboarding.Flow{Name: FlowName, Role: "user", Steps: Steps, Check: s.check, Submit: s.submit}
}

type personalisationRow struct {
	bun.BaseModel `bun:"table:user_personalisation"`
	UserID        string    `bun:"user_id,pk"`
	Intents       string    `bun:"intents"`
	TravelStyles  string    `bun:"travel_styles"`
	WellnessGoals string    `bun:"wellness_goals"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

// Personalisation is the answer of GET /personalisation.
type Personalisation struct {
	Intents            []string `json:"intents"`
	TravelStyles       []string `json:"travel_styles"`
	WellnessGoals      []string `json:"wellness_goals"`
	OnboardingRequired bool     `json:"onboarding_required"`
	OnboardingStep     *string  `json:"onboarding_step"`
}

func list(s string) []string {
	out := []string{}
	if s != "" {
		_ = json.Unmarshal([]byte(s), &out)
	}
	if out == nil {
		out = []string{}
	}
	return out
}

func encode(l []string) string {
	if l == nil {
		l = []string{}
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// Personalisation reads what the caller told the journey and whether they
// must still finish it (only accounts holding no role but user).
func (s *Service) Personalisation(ctx context.Context, userID string, roles []string) (Personalisation, error) {
	out := Personalisation{Intents: []string{}, TravelStyles: []string{}, WellnessGoals: []string{}}
	row := new(personalisationRow)
	err := s.c.DB.NewSelect().Model(row).Where("user_id = ?", userID).Scan(ctx)
	switch {
	case err == nil:
		out.Intents, out.TravelStyles, out.WellnessGoals = list(row.Intents), list(row.TravelStyles), list(row.WellnessGoals)
	case !errors.Is(err, sql.ErrNoRows):
		return Personalisation{}, err
	}
	if !memberOnly(roles) {
		return out, nil
	}
	p, err := s.c.Onboarding.Progress(ctx, userID, roles, FlowName)
	if err != nil {
		return Personalisation{}, err
	}
	if p.SubmittedAt == nil {
		out.OnboardingRequired = true
		step := Steps[len(Steps)-1]
		if p.NextStep != nil {
			step = *p.NextStep
		}
		out.OnboardingStep = &step
	}
	return out, nil
}

// memberOnly: the account holds the user role and no other.
func memberOnly(roles []string) bool {
	return slices.Contains(roles, "user") && !slices.ContainsFunc(roles, func(r string) bool { return r != "user" })
}

func (s *Service) savePersonalisation(ctx context.Context, userID string, intents, styles, goals []string) error {
	r := &personalisationRow{UserID: userID, Intents: encode(intents), TravelStyles: encode(styles),
		WellnessGoals: encode(goals), UpdatedAt: s.c.Clock.Now()}
	_, err := s.c.DB.NewInsert().Model(r).On("CONFLICT (user_id) DO UPDATE").
		Set("intents = EXCLUDED.intents").Set("travel_styles = EXCLUDED.travel_styles").
		Set("wellness_goals = EXCLUDED.wellness_goals").Set("updated_at = EXCLUDED.updated_at").Exec(ctx)
	return err
}

// Register mounts GET /personalisation.
func (s *Service) Register(r httpx.Router) {
	r.Get("/personalisation", func(c fiber.Ctx) error {
		p, err := authn.Must(c)
		if err != nil {
			return err
		}
		out, err := s.Personalisation(c.Context(), p.UserID, p.Roles)
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"data": out})
	})
}
