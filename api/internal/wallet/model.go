package wallet

import "github.com/uptrace/bun"

// userRow is the read-only view this package takes of the accounts domain's
// users table: to find a transfer's recipient by email or username and to
// name counterparties (the same pragmatic exception roles makes; it never
// writes there).
type userRow struct {
	bun.BaseModel `bun:"table:users"`
	ID            string `bun:"id,pk"`
	Username      string `bun:"username"`
	Status        string `bun:"status"`
}
