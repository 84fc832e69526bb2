package practice

import (
	"math"
	"time"
)

// Profile states, verification states and provider kinds.
const (
	StatusDraft     = "draft"
	StatusPublished = "published"
	StatusSuspended = "suspended"

	VerificationNone     = "none"
	VerificationPending  = "pending"
	VerificationVerified = "verified"
	VerificationRejected = "rejected"

	KindTherapist = "therapist"
	KindCoach     = "coach"
	KindTourGuide = "tour_guide"
	KindCarRental = "car_rental"
	KindCarDealer = "car_dealer"
)

// Kinds are the provider kinds that have practice profiles (the role names).
var Kinds = []string{KindTherapist, KindCoach, KindTourGuide, KindCarRental, KindCarDealer}

// kindMessage is the 422 message of a kind that is not one of Kinds.
const kindMessage = "must be therapist, coach, tour_guide, car_rental or car_dealer"

// NeedsLicence tells whether a kind must have a verified licence (or
// operating licence) before it is published: every kind but coaches.
func NeedsLicence(kind string) bool { return kind != KindCoach }

func validKind(k string) bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

func providerStatus(r *providerRow) string {
	if r.SuspendedAt != nil {
		return StatusSuspended
	}
	return r.Status
}

// Relevance. The directory sorts by score = availability_points +
// rating_points + completenessWeight * completeness, each part stored by the
// write that owns its input (SetNextAvailable, SetRating, profile writes), so
// the sum is computed by the UPDATE from the row itself and concurrent writers
// never overwrite each other's part.
const (
	completenessWeight = 2000 // 100% complete: 200,000
	// availability: a free slot within 7 days earns availBase plus up to
	// 168,000 for how soon (1,000 per hour sooner than a week).
	availBase = 300_000
	// rating: a Bayesian average (5 phantom reviews of 4.0) times 60,000.
	ratingWeight     = 60_000
	ratingPrior      = 4.0
	ratingPriorCount = 5
)

func availabilityPoints(now time.Time, next *time.Time) int64 {
	if next == nil {
		return 0
	}
	d := next.Sub(now)
	if d < 0 {
		d = 0
	}
	if d > 7*24*time.Hour {
		return 0
	}
	return availBase + int64(168-int(d.Hours()))*1000
}

func ratingPoints(avg float64, count int) int64 {
	if count <= 0 {
		avg = 0 // an unrated profile ranks at the prior
	}
	b := (avg*float64(count) + ratingPrior*ratingPriorCount) / float64(count+ratingPriorCount)
	return int64(math.Round(b * ratingWeight))
}
