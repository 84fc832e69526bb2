package app

import (
	"context"
)

// Sweep runs every periodic chore once, now, in order, without River (the
// chores River runs on their schedule in serve: stale card payments, gift-card
// expiry and mails, old Idempotency-Keys, matured earnings). One failing
// chore does not stop the others.
func (a *App) Sweep(ctx context.Context) error { return a.Jobs.RunChores(ctx) }
