package profiles

import (
	"time"

	"github.com/uptrace/bun"
)

// profileRow is a row of profiles. The list fields hold JSON arrays as text;
// date_of_birth is "YYYY-MM-DD" or ""; avatar_url is "" when there is none.
type profileRow struct {
	bun.BaseModel `bun:"table:profiles"`
	UserID        string    `bun:"user_id,pk"`
	DisplayName   string    `bun:"display_name"`
	Bio           string    `bun:"bio"`
	Phone         string    `bun:"phone"`
	DateOfBirth   string    `bun:"date_of_birth"`
	Gender        string    `bun:"gender"`
	City          string    `bun:"city"`
	Country       string    `bun:"country"`
	Languages     string    `bun:"languages"`
	Interests     string    `bun:"interests"`
	AvatarURL     string    `bun:"avatar_url"`
	BusinessName  string    `bun:"business_name"`
	LicenceNumber string    `bun:"licence_number"`
	Specialties   string    `bun:"specialties"`
	UpdatedAt     time.Time `bun:"updated_at"`
}
