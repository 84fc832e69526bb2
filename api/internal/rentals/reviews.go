package rentals

import (
	"context"

	"sojourn/api/internal/reviews"
)

// Review writes the renter's review of one of their completed rentals
// through the reviews domain (the rental as a reviews.Subject: the company
// is the provider, the car the offering), within reviews.Window of its
// completion. Someone else's rental is 404; one not completed, past its
// window or reviewed already 409.
func (s *Service) Review(ctx context.Context, userID, id string, in reviews.ReviewInput) (reviews.Review, error) {
	b, err := s.load(ctx, s.c.DB, id)
	if err != nil {
		return reviews.Review{}, err
	}
	if b.UserID != userID {
		return reviews.Review{}, errNotFound
	}
	r, err := s.c.Reviews.CreateFor(ctx, userID, reviews.Subject{ID: b.ID, UserID: b.UserID, ProviderID: b.ProviderID,
		ProviderUserID: b.ProviderUserID, OfferingID: b.CarID, Completed: b.Status == StatusCompleted,
		CompletedAt: b.CompletedAt}, in)
	if err == nil { // the company's new rating shows at once here (other processes within the 5-second cache)
		s.companies.mu.Lock()
		delete(s.companies.m, b.ProviderID)
		s.companies.mu.Unlock()
	}
	return r, err
}

// withReviews fills the renter's review of each rental and whether one may
// still be written (completed, within reviews.Window), with one lookup for
// the whole page.
func (s *Service) withReviews(ctx context.Context, userID string, out []Booking) error {
	ids := make([]string, 0, len(out))
	for _, b := range out {
		if b.Status == StatusCompleted {
			ids = append(ids, b.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	refs, err := s.c.ReviewLookup.ReviewedBookings(ctx, userID, ids)
	if err != nil {
		return err
	}
	now := s.now()
	for i := range out {
		b := &out[i]
		if b.Status != StatusCompleted {
			continue
		}
		if r, ok := refs[b.ID]; ok {
			b.Review = &ReviewRef{ID: r.ID, Rating: r.Rating, Status: r.Status}
			continue
		}
		b.CanReview = b.CompletedAt != nil && !now.After(b.CompletedAt.Add(reviews.Window))
	}
	return nil
}
