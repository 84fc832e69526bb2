package app

import (
	"context"
	"errors"
	"time"
)

// Sweep runs the periodic chores once, in order: card payments left
// pending past payments.AbandonAfter are checked with Paystack and settled
// or abandoned (cancelling the gift card they were for); gift cards past
// their expiry expire and queued gift-card mails go out; expired
// Idempotency-Keys (and the sealed answers they kept) are deleted. One
// failing chore does not stop the others.
func (a *App) Sweep(ctx context.Context) error {
	_, perr := a.Payments.AbandonStale(ctx)
	gerr := a.GiftCards.Sweep(ctx)
	_, ierr := a.Idempotency.Purge(ctx)
	return errors.Join(perr, gerr, ierr)
}

// RunSweeper blocks, sweeping every tick until ctx ends (serve starts it).
func (a *App) RunSweeper(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := a.Sweep(ctx); err != nil && ctx.Err() == nil {
				a.Deps.Log.Error("sweep failed", "error", err.Error())
			}
		}
	}
}
