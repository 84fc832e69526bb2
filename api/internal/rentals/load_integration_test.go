package rentals_test

import (
	"context"
	"errors"
	"testing"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/testkit"
)

// TestIntegrationRentalLoadErrors: a rental that does not exist is 404, a
// database error reading one is passed through (not a 404).
func TestIntegrationRentalLoadErrors(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		ada := e.Register("ada@example.com", "ada")
		_, err := e.App.Rentals.Mine(context.Background(), ada.UserID, "no-such-rental")
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != apperr.CodeNotFound {
			t.Fatalf("missing rental: %v", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := e.App.Rentals.Mine(ctx, ada.UserID, "no-such-rental"); !errors.Is(err, context.Canceled) {
			t.Fatalf("database error: %v", err)
		}
		if err := e.App.Rentals.ExpireHold(ctx, "no-such-rental"); err == nil {
			t.Fatal("the hold expiry job swallowed a database error")
		}
		if err := e.App.Rentals.ExpireHold(context.Background(), "no-such-rental"); err != nil {
			t.Fatalf("the hold expiry job of a missing rental: %v", err)
		}
	})
}
