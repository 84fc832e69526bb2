package bookings

import (
	"context"
	"time"
)

// ReviewRef is the booking user's review of one of their bookings, as the
// reviews domain (which owns the reviews) reports it.
type ReviewRef struct {
	ID     string
	Rating int
	Status string // visible | reported | removed
}

// ReviewLookup is what bookings need of reviews (reviews.Lookup): which of
// these bookings their user has reviewed, in one query for the whole page.
// Only reviews written by userID are reported, so a list never tells one
// person about another's review.
type ReviewLookup interface {
	ReviewedBookings(ctx context.Context, userID string, bookingIDs []string) (map[string]ReviewRef, error)
}

// ReviewRefDTO is the user's review of a booking: enough to show "You
// rated 4" and to link the review.
type ReviewRefDTO struct {
	ID     string `json:"id"`
	Rating int    `json:"rating"`
	Status string `json:"status"`
}

// reviewOpen reports whether a completed booking's review window is open
// at now: review_until when set, else completion plus ReviewWindow (the
// rule the reviews domain applies when it writes a review).
func reviewOpen(b *BookingDTO, now time.Time) bool {
	if b.Status != StatusCompleted || b.CompletedAt == nil {
		return false
	}
	until := b.CompletedAt.Add(ReviewWindow)
	if b.ReviewUntil != nil {
		until = *b.ReviewUntil
	}
	return !now.After(until)
}

// userDTOs maps the rows of userID's own bookings (lists, the calendar,
// one booking) and adds what they know of reviewing them: the user's
// review (one lookup for every completed row of the page) and whether one
// can be written now. Provider views (dtos) leave review null and
// can_review false.
func (s *Service) userDTOs(ctx context.Context, userID string, rows []*bookingRow) ([]BookingDTO, error) {
	out, err := s.dtos(ctx, rows)
	if err != nil || s.c.Reviews == nil {
		return out, err
	}
	var done []string
	for _, r := range rows {
		if r.Status == StatusCompleted && r.UserID == userID {
			done = append(done, r.ID)
		}
	}
	if len(done) == 0 {
		return out, nil
	}
	refs, err := s.c.Reviews.ReviewedBookings(ctx, userID, done)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	for i := range out {
		b := &out[i]
		if b.Client == nil || b.Client.ID != userID {
			continue
		}
		if ref, ok := refs[b.ID]; ok {
			b.Review = &ReviewRefDTO{ID: ref.ID, Rating: ref.Rating, Status: ref.Status}
			continue
		}
		b.CanReview = reviewOpen(b, now)
	}
	return out, nil
}

// userDetail is one of userID's own bookings with its history.
func (s *Service) userDetail(ctx context.Context, userID string, r *bookingRow) (BookingDetailDTO, error) {
	d, err := s.userDTOs(ctx, userID, []*bookingRow{r})
	if err != nil {
		return BookingDetailDTO{}, err
	}
	return s.withEvents(ctx, d[0])
}
