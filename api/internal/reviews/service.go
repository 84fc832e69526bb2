package reviews

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
)

// Bookings is what reviews need of the bookings domain (bookings.Service).
type Bookings interface {
	Booking(ctx context.Context, id string) (bookings.Booking, error)
}

// Practice is what reviews need of the practice domain (practice.Service):
// the provider a public list names, and the profile's rating.
type Practice interface {
	Provider(ctx context.Context, providerID string) (practice.Provider, error)
	ProviderOfUser(ctx context.Context, userID, kind string) (practice.Provider, error)
	SetRating(ctx context.Context, db bun.IDB, providerID string, avg float64, count int) error
}

// Directory names authors and reporters (accounts.Service).
type Directory interface {
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Config is what the reviews module needs.
type Config struct {
	DB        *db.DB
	Clock     clock.Clock
	Log       *slog.Logger
	Bookings  Bookings
	Practice  Practice
	Directory Directory
	Audit     *audit.Log
	// Events tells the provider of a new review on their practice, grouped
	// while unread (nil: nobody).
	Events events.Emitter
}

// Service holds the review rules.
type Service struct {
	c  Config
	st store
}

// The domain's errors.
var (
	ErrNotFound      = apperr.NotFound("Review")
	errBookingFound  = apperr.NotFound("Booking")
	errNotCompleted  = apperr.Conflict("Only a completed booking can be reviewed.")
	errWindowClosed  = apperr.Conflict("The review window of this booking has closed (14 days after it was completed).")
	errReviewedTwice = apperr.Conflict("This booking has been reviewed already.")
	errReplied       = apperr.Conflict("This review has a reply already.")
	errReported      = apperr.Conflict("You have reported this review already.")
	errNotReported   = apperr.Conflict("Only a reported review awaits a decision.")
)

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Bookings == nil || c.Practice == nil || c.Directory == nil || c.Audit == nil {
		return nil, errors.New("reviews: Config needs DB, Clock, Bookings, Practice, Directory and Audit")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: store{db: c.DB.DB}}, nil
}

// Register mounts the review routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&handler{s: s}).routes(r) }

func checkText(f apperr.Fields, field, s string, max int, required bool) {
	if required {
		f.Check(strings.TrimSpace(s) != "", field, "is required")
	}
	f.Check(utf8.RuneCountInString(s) <= max, field, "is too long")
}

// Subject is one completed booking of any domain, as the domain that owns
// it describes it to reviews: the kernel's bookings (Create) and the
// domains with bookings of their own (a car rental) hand one to CreateFor,
// so reviews never imports them. ID is the booking's id (UUIDv7, unique
// across domains: the reviews' unique booking_id keeps one review each);
// ProviderID the practice profile whose rating the review counts in;
// OfferingID what was booked (an offering, a car).
type Subject struct {
	ID             string
	UserID         string
	ProviderID     string
	ProviderUserID string
	OfferingID     string
	Completed      bool
	CompletedAt    *time.Time
	// ReviewUntil ends the review window; nil: Window after CompletedAt.
	ReviewUntil *time.Time
}

// Create writes the caller's review of one of their completed kernel
// bookings: the booking as a Subject, then CreateFor.
func (s *Service) Create(ctx context.Context, userID, bookingID string, in ReviewInput) (Review, error) {
	b, err := s.c.Bookings.Booking(ctx, bookingID)
	if errors.Is(err, bookings.ErrNotFound) || (err == nil && b.UserID != userID) {
		return Review{}, errBookingFound
	}
	if err != nil {
		return Review{}, err
	}
	return s.CreateFor(ctx, userID, Subject{ID: b.ID, UserID: b.UserID, ProviderID: b.ProviderID,
		ProviderUserID: b.ProviderUserID, OfferingID: b.OfferingID, Completed: b.Status == bookings.StatusCompleted,
		CompletedAt: b.CompletedAt, ReviewUntil: b.ReviewUntil}, in)
}

// CreateFor writes the caller's review of subject, one of their completed
// bookings, within its review window (Window after its completion, or its
// ReviewUntil); the provider's rating is recomputed in the same
// transaction. Someone else's subject is 404 (the owning domain answers
// its own not-found first); a subject not completed or past its window
// 409; a second review 409 (the unique booking_id decides a race).
func (s *Service) CreateFor(ctx context.Context, userID string, b Subject, in ReviewInput) (Review, error) {
	if b.UserID != userID {
		return Review{}, errBookingFound
	}
	f := apperr.Fields{}
	f.Check(in.Rating >= 1 && in.Rating <= 5, "rating", "must be 1 to 5")
	checkText(f, "text", in.Text, MaxBody, false)
	if err := f.Err(); err != nil {
		return Review{}, err
	}
	now := s.c.Clock.Now()
	if !b.Completed || b.CompletedAt == nil {
		return Review{}, errNotCompleted
	}
	until := b.CompletedAt.Add(Window)
	if b.ReviewUntil != nil {
		until = *b.ReviewUntil
	}
	if now.After(until) {
		return Review{}, errWindowClosed
	}
	r := &reviewRow{ID: ids.New(), BookingID: b.ID, ProviderID: b.ProviderID, ProviderUserID: b.ProviderUserID,
		OfferingID: b.OfferingID, AuthorID: userID, Rating: in.Rating, Body: strings.TrimSpace(in.Text),
		Status: StatusVisible, CreatedAt: now, UpdatedAt: now}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ok, err := s.st.insert(ctx, tx, r)
		if err != nil {
			return err
		}
		if !ok {
			return errReviewedTwice
		}
		if err := s.count(ctx, tx, r.ProviderID, 1, r.Rating); err != nil {
			return err
		}
		return s.notifyReview(ctx, tx, r)
	})
	if err != nil {
		return Review{}, err
	}
	return s.one(ctx, r, true)
}

// count adds a review (+1) or takes one away (-1) from the provider's
// aggregate of visible reviews and pushes the result to the profile, in tx.
// The aggregate row's upsert serialises concurrent changes per provider, so
// the pushed rating is the committed order's.
func (s *Service) count(ctx context.Context, tx bun.Tx, providerID string, delta, rating int) error {
	n, sum, err := s.st.bump(ctx, tx, providerID, delta, delta*rating, s.c.Clock.Now())
	if err != nil {
		return err
	}
	avg := 0.0
	if n > 0 {
		avg = math.Round(float64(sum)/float64(n)*100) / 100
	}
	return s.c.Practice.SetRating(ctx, tx, providerID, avg, n)
}

// one maps a row to its API form, naming the author.
func (s *Service) one(ctx context.Context, r *reviewRow, private bool) (Review, error) {
	out, err := s.many(ctx, []reviewRow{*r}, private)
	if err != nil {
		return Review{}, err
	}
	return out[0], nil
}

// many maps rows, naming the authors (display name, else username).
// private adds the booking and author ids (the author's and the provider's
// views).
func (s *Service) many(ctx context.Context, rows []reviewRow, private bool) ([]Review, error) {
	idl := make([]string, 0, len(rows))
	for _, r := range rows {
		idl = append(idl, r.AuthorID)
	}
	people, err := s.c.Directory.Lookup(ctx, idl)
	if err != nil {
		return nil, err
	}
	out := make([]Review, 0, len(rows))
	for _, r := range rows {
		v := Review{ID: r.ID, ProviderID: r.ProviderID, OfferingID: r.OfferingID, AuthorName: name(people[r.AuthorID]),
			Rating: r.Rating, Text: r.Body, Status: r.Status, Reply: r.Reply, CreatedAt: r.CreatedAt.UTC()}
		if r.RepliedAt != nil {
			t := r.RepliedAt.UTC()
			v.RepliedAt = &t
		}
		if private {
			v.BookingID, v.AuthorID = r.BookingID, r.AuthorID
		}
		out = append(out, v)
	}
	return out, nil
}

func name(p accounts.Person) string {
	if p.DisplayName != "" {
		return p.DisplayName
	}
	if p.Username != "" {
		return p.Username
	}
	return "A Sojourn member"
}

// reviewScreens is where each kind of provider reads their reviews.
var reviewScreens = map[string][2]string{
	"therapist": {"therapy", "/therapy-app/dashboard"}, "coach": {"coach", "/coach-app"},
	"tour_guide": {"tour", "/tour-app"}, "car_rental": {"car-rental", "/car-rentals/reviews"},
	"car_dealer": {"car-dealer", "/car-dealer"},
}

// notifyReview tells the provider a review was posted on their practice,
// in the review's transaction; unread ones group per practice.
func (s *Service) notifyReview(ctx context.Context, tx bun.Tx, r *reviewRow) error {
	if s.c.Events == nil {
		return nil
	}
	portal, link := "user", ""
	if p, err := s.c.Practice.Provider(ctx, r.ProviderID); err == nil {
		if sc, ok := reviewScreens[p.Kind]; ok {
			portal, link = sc[0], sc[1]
		}
	}
	body := r.Body
	if len([]rune(body)) > 140 {
		body = string([]rune(body)[:139]) + "…"
	}
	return s.c.Events.Emit(ctx, tx, events.Event{Type: "review.posted", Category: events.CategoryBookings,
		Recipients: []string{r.ProviderUserID}, Actor: r.AuthorID,
		Title: fmt.Sprintf("New %d-star review of your practice", r.Rating), Body: body, Portal: portal, Link: link,
		Subject: events.Ref{Type: "review", ID: r.ID}, GroupKey: "review.posted:" + r.ProviderID})
}
