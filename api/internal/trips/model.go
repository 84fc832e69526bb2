package trips

import (
	"time"

	"github.com/uptrace/bun"
)

type tripRow struct {
	bun.BaseModel `bun:"table:trips,alias:t"`
	ID            string    `bun:"id,pk"`
	UserID        string    `bun:"user_id"`
	Name          string    `bun:"name"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

type itemRow struct {
	bun.BaseModel `bun:"table:trip_items,alias:i"`
	TripID        string    `bun:"trip_id"`
	UserID        string    `bun:"user_id"`
	Kind          string    `bun:"kind"`
	RefID         string    `bun:"ref_id"`
	AddedAt       time.Time `bun:"added_at"`
}

func bunIn(v []string) any { return bun.In(v) }
