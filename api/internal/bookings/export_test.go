package bookings

import (
	"context"

	"sojourn/api/internal/platform/page"
)

// SetPrecheck turns the read before a hold's write on or off, so tests can
// show the conditional upserts alone refuse double bookings.
func (s *Service) SetPrecheck(on bool) { s.skipPrecheck.Store(!on) }

// UserList is a page of the user's bookings of a group mapped as the API
// maps them for the user (review and can_review).
func (s *Service) UserList(ctx context.Context, userID, group string) ([]BookingDTO, error) {
	rows, _, err := s.List(ctx, userID, ListFilter{Group: group}, page.Cursor{Limit: page.MaxLimit})
	if err != nil {
		return nil, err
	}
	return s.userDTOs(ctx, userID, rows)
}
