package seed

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/app"
	"sojourn/api/internal/useronboarding"
)

// NewcomerEmail is the demo account part-way through the user onboarding:
// what it is here for and its first three steps are saved, so signing in
// resumes the journey at step four (home city and time zone).
const NewcomerEmail = "newcomer@example.com"

// newcomerSteps are the newcomer's saved steps, in order.
var newcomerSteps = []struct {
	step string
	data map[string]any
}{
	{"intent", map[string]any{"intents": []string{"travel", "meeting_people"}}},
	{"one", map[string]any{"display_name": "Ngozi Adeyemi"}},
	{"two", map[string]any{"date_of_birth": "1998-03-21"}},
	{"three", map[string]any{"gender": "woman"}},
}

// demoNewcomer creates the newcomer (once) with its saved steps; it is
// never marked as having finished the onboarding.
func demoNewcomer(ctx context.Context, a *app.App) (string, error) {
	existing, _, err := a.Accounts.ListUsers(ctx, accounts.UserFilter{Q: NewcomerEmail}, 5, 0)
	if err != nil {
		return "", err
	}
	for _, u := range existing {
		if strings.EqualFold(u.Email, NewcomerEmail) {
			return "demo newcomer: already there\n", nil
		}
	}
	u, err := a.Accounts.CreateUser(ctx, accounts.CreateUserInput{Email: NewcomerEmail, Username: "ngozi.new",
		Password: DemoPassword, Verified: true, Roles: []string{"user"}})
	if err != nil {
		return "", err
	}
	for _, st := range newcomerSteps {
		raw, err := json.Marshal(st.data)
		if err != nil {
			return "", err
		}
		if _, err := a.Onboarding.SaveStep(ctx, u.ID, []string{"user"}, useronboarding.FlowName, st.step, raw); err != nil {
			return "", fmt.Errorf("step %s: %w", st.step, err)
		}
	}
	return fmt.Sprintf("demo newcomer: %s part-way through the user onboarding (resumes at step four)\n", NewcomerEmail), nil
}
