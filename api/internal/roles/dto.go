package roles

import (
	"encoding/json"
	"time"
)

// Application is the API form of a role application.
type Application struct {
	ID        string          `json:"id"`
	UserID    string          `json:"user_id"`
	Role      string          `json:"role"`
	Details   json.RawMessage `json:"details"`
	Status    string          `json:"status"`
	Reason    string          `json:"reason"`
	CreatedAt time.Time       `json:"created_at"`
	DecidedAt *time.Time      `json:"decided_at"`
	Applicant *Applicant      `json:"applicant,omitempty"`
}

// Applicant is who applied, shown in the admin queue.
type Applicant struct {
	ID       string `json:"id"`
	Email    string `json:"email"`
	Username string `json:"username"`
}

// ApplyInput is the body of POST /api/v1/role-applications.
type ApplyInput struct {
	Role    string         `json:"role"`
	Details map[string]any `json:"details"`
}

// RejectInput is the body of the reject route.
type RejectInput struct {
	Reason string `json:"reason"`
}

// Filter narrows the admin queue.
type Filter struct {
	Status string
	Role   string
	// UserID narrows the queue to one applicant's applications.
	UserID string
}

func toApplication(r *applicationRow) Application {
	a := Application{ID: r.ID, UserID: r.UserID, Role: r.Role, Details: json.RawMessage(r.Details),
		Status: r.Status, Reason: r.Reason, CreatedAt: r.CreatedAt.UTC()}
	if !json.Valid(a.Details) || len(a.Details) == 0 {
		a.Details = json.RawMessage("{}")
	}
	if r.DecidedAt != nil {
		t := r.DecidedAt.UTC()
		a.DecidedAt = &t
	}
	return a
}
