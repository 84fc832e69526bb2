package accounts

import (
	"database/sql"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

// userRow is a row of users.
type userRow struct {
	bun.BaseModel   `bun:"table:users,alias:u"`
	ID              string     `bun:"id,pk"`
	Email           string     `bun:"email"`
	EmailLower      string     `bun:"email_lower"`
	Username        string     `bun:"username"`
	UsernameLower   string     `bun:"username_lower"`
	PasswordHash    string     `bun:"password_hash"`
	Status          string     `bun:"status"`
	StatusReason    string     `bun:"status_reason"`
	EmailVerifiedAt *time.Time `bun:"email_verified_at"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       time.Time  `bun:"updated_at"`
}

// roleRow is a row of user_roles. The role "user" is never stored: every
// account holds it.
type roleRow struct {
	bun.BaseModel `bun:"table:user_roles"`
	UserID        string    `bun:"user_id,pk"`
	Role          string    `bun:"role,pk"`
	GrantedAt     time.Time `bun:"granted_at"`
	GrantedBy     *string   `bun:"granted_by"`
}

// sessionRow is one sign-in: the family of its rotating refresh tokens.
type sessionRow struct {
	bun.BaseModel `bun:"table:sessions"`
	ID            string     `bun:"id,pk"`
	UserID        string     `bun:"user_id"`
	CreatedAt     time.Time  `bun:"created_at"`
	LastUsedAt    time.Time  `bun:"last_used_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	RevokedAt     *time.Time `bun:"revoked_at"`
	RevokeReason  string     `bun:"revoke_reason"`
	UserAgent     string     `bun:"user_agent"`
	IP            string     `bun:"ip"`
}

// refreshRow is one refresh token of a session, stored only as its hash. It
// is live until it is spent (UsedAt, and SuccessorID names the token issued
// for it) or superseded (SupersededAt: its parent was presented again within
// the reuse grace and a new successor replaced it; see Service.Refresh).
type refreshRow struct {
	bun.BaseModel `bun:"table:refresh_tokens"`
	ID            string     `bun:"id,pk"`
	SessionID     string     `bun:"session_id"`
	TokenHash     string     `bun:"token_hash"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	UsedAt        *time.Time `bun:"used_at"`
	SuccessorID   *string    `bun:"successor_id"`
	SupersededAt  *time.Time `bun:"superseded_at"`
}

// failureRow is one counted sign-in attempt for an email address: written
// before its password is checked, kept when the password was wrong (see
// Service.Login).
type failureRow struct {
	bun.BaseModel `bun:"table:login_failures"`
	ID            string    `bun:"id,pk"`
	EmailLower    string    `bun:"email_lower"`
	IP            string    `bun:"ip"`
	CreatedAt     time.Time `bun:"created_at"`
}

// Purposes of email tokens.
const (
	purposeVerify = "verify_email"
	purposeReset  = "reset_password"
)

// emailTokenRow is a single-use token sent by email, stored only as its hash.
type emailTokenRow struct {
	bun.BaseModel `bun:"table:email_tokens"`
	ID            string     `bun:"id,pk"`
	UserID        string     `bun:"user_id"`
	Purpose       string     `bun:"purpose"`
	TokenHash     string     `bun:"token_hash"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	UsedAt        *time.Time `bun:"used_at"`
}

// Account statuses.
const (
	statusActive    = "active"
	statusSuspended = "suspended"
)

// personRow is what a Person needs of users, with the stored roles joined by ','.
type personRow struct {
	ID       string         `bun:"id"`
	Username string         `bun:"username"`
	Email    string         `bun:"email"`
	Status   string         `bun:"status"`
	Roles    sql.NullString `bun:"roles"`
	// EmailVerifiedAt is when the person proved the email address is theirs.
	EmailVerifiedAt *time.Time `bun:"email_verified_at"`
}

// roles splits the aggregated roles.
func (r personRow) roles() []string {
	if !r.Roles.Valid || r.Roles.String == "" {
		return nil
	}
	return strings.Split(r.Roles.String, ",")
}
