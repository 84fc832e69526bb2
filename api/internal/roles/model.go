package roles

import (
	"time"

	"github.com/uptrace/bun"
)

// applicationRow is a row of role_applications; details is a JSON object as text.
type applicationRow struct {
	bun.BaseModel `bun:"table:role_applications"`
	ID            string     `bun:"id,pk"`
	UserID        string     `bun:"user_id"`
	Role          string     `bun:"role"`
	Details       string     `bun:"details"`
	Status        string     `bun:"status"`
	Reason        string     `bun:"reason"`
	CreatedAt     time.Time  `bun:"created_at"`
	DecidedAt     *time.Time `bun:"decided_at"`
	DecidedBy     *string    `bun:"decided_by"`
}
