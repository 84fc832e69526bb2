package accounts

import (
	"time"

	"sojourn/api/internal/profiles"
)

// User is the API form of an account.
type User struct {
	ID            string           `json:"id"`
	Email         string           `json:"email"`
	Username      string           `json:"username"`
	Roles         []string         `json:"roles"`
	Status        string           `json:"status"`
	EmailVerified bool             `json:"email_verified"`
	CreatedAt     time.Time        `json:"created_at"`
	Profile       profiles.Profile `json:"profile"`
}

// AdminUser is what an admin sees of one account.
type AdminUser struct {
	User
	StatusReason   string    `json:"status_reason"`
	ActiveSessions int       `json:"active_sessions"`
	UpdatedAt      time.Time `json:"updated_at"`
	// Sessions are the live sessions, most recently used first (at most
	// maxAdminSessions).
	Sessions []SessionDTO `json:"sessions"`
}

// SessionDTO is one live session as an admin sees it.
type SessionDTO struct {
	ID         string    `json:"id"`
	CreatedAt  time.Time `json:"created_at"`
	LastUsedAt time.Time `json:"last_used_at"`
	ExpiresAt  time.Time `json:"expires_at"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"user_agent"`
}

// LoginResponse is the answer of register, login and refresh.
type LoginResponse struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	Email        string `json:"email"`
	User         User   `json:"user"`
}

// UserBody is {"user": {...}}.
type UserBody struct {
	User User `json:"user"`
}

// RegisterInput is the body of POST /api/auth/register.
type RegisterInput struct {
	Email    string `json:"email"`
	Username string `json:"username"`
	Password string `json:"password"`
	Portal   string `json:"portal"`
}

// LoginInput is the body of POST /api/auth/login.
type LoginInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// RefreshInput is the body of refresh and logout.
type RefreshInput struct {
	RefreshToken string `json:"refresh_token"`
}

// TokenInput is the body of POST /api/auth/verify-email.
type TokenInput struct {
	Token string `json:"token"`
}

// PortalInput is the optional body of POST /api/auth/verify-email/resend.
type PortalInput struct {
	Portal string `json:"portal"`
}

// ForgotInput is the body of POST /api/auth/forgot-password.
type ForgotInput struct {
	Email  string `json:"email"`
	Portal string `json:"portal"`
}

// ResetInput is the body of POST /api/auth/reset-password.
type ResetInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

// ChangePasswordInput is the body of POST /api/auth/change-password.
type ChangePasswordInput struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

// CreateUserInput is what the demo seeder passes to CreateUser.
type CreateUserInput struct {
	Email    string
	Username string
	Password string
	Verified bool
	Roles    []string
}

// UpdateUserInput is the body of PATCH /api/v1/admin/users/{id}. Roles, when
// present, is the full set the account should hold ("user" is always kept).
type UpdateUserInput struct {
	Status *string   `json:"status"`
	Roles  *[]string `json:"roles"`
	Reason string    `json:"reason"`
}

// UserFilter narrows the admin list.
type UserFilter struct {
	Q      string
	Role   string
	Status string
}

// toUser converts a row, its stored roles and its profile.
func toUser(u *userRow, stored []string, p profiles.Profile) User {
	return User{
		ID: u.ID, Email: u.Email, Username: u.Username, Roles: withUser(stored), Status: u.Status,
		EmailVerified: u.EmailVerifiedAt != nil, CreatedAt: u.CreatedAt.UTC(), Profile: p,
	}
}

func toAdminUser(u *userRow, stored []string, p profiles.Profile, activeSessions int) AdminUser {
	return AdminUser{User: toUser(u, stored, p), StatusReason: u.StatusReason, ActiveSessions: activeSessions,
		UpdatedAt: u.UpdatedAt.UTC(), Sessions: []SessionDTO{}}
}

// emptyProfile is shown for an account whose profile is not stored yet.
func emptyProfile() profiles.Profile {
	return profiles.Profile{Languages: []string{}, Interests: []string{}, Specialties: []string{}}
}
