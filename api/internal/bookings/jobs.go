package bookings

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/practice"
)

// ExpireHoldJob expires a hold whose time ran out (bookings.expire_hold).
type ExpireHoldJob struct {
	BookingID string `json:"booking_id"`
}

// Kind is the River job kind.
func (ExpireHoldJob) Kind() string { return "bookings.expire_hold" }

// ConfirmTimeoutJob declines an unanswered request (bookings.confirm_timeout).
type ConfirmTimeoutJob struct {
	BookingID string `json:"booking_id"`
}

// Kind is the River job kind.
func (ConfirmTimeoutJob) Kind() string { return "bookings.confirm_timeout" }

// ReminderJob mails a reminder Hours before Start (bookings.reminder).
type ReminderJob struct {
	BookingID string `json:"booking_id"`
	Start     int64  `json:"start"`
	Hours     int    `json:"hours"`
}

// Kind is the River job kind.
func (ReminderJob) Kind() string { return "bookings.reminder" }

// CompleteJob completes a session at its end (bookings.complete).
type CompleteJob struct {
	BookingID string `json:"booking_id"`
	Start     int64  `json:"start"`
}

// Kind is the River job kind.
func (CompleteJob) Kind() string { return "bookings.complete" }

// NextAvailableChore recomputes every listed provider's next free slot
// (bookings.next_available).
type NextAvailableChore struct{}

// Kind is the River job kind.
func (NextAvailableChore) Kind() string { return "bookings.next_available" }

type expireWorker struct {
	river.WorkerDefaults[ExpireHoldJob]
	s *Service
}

func (w *expireWorker) Work(ctx context.Context, j *river.Job[ExpireHoldJob]) error {
	return w.s.ExpireHold(ctx, j.Args.BookingID)
}

type confirmWorker struct {
	river.WorkerDefaults[ConfirmTimeoutJob]
	s *Service
}

func (w *confirmWorker) Work(ctx context.Context, j *river.Job[ConfirmTimeoutJob]) error {
	return w.s.ConfirmTimeout(ctx, j.Args.BookingID)
}

type reminderWorker struct {
	river.WorkerDefaults[ReminderJob]
	s *Service
}

func (w *reminderWorker) Work(ctx context.Context, j *river.Job[ReminderJob]) error {
	return w.s.Remind(ctx, j.Args.BookingID, j.Args.Start, j.Args.Hours)
}

type completeWorker struct {
	river.WorkerDefaults[CompleteJob]
	s *Service
}

func (w *completeWorker) Work(ctx context.Context, j *river.Job[CompleteJob]) error {
	return w.s.Complete(ctx, j.Args.BookingID, j.Args.Start)
}

// Workers are the booking job workers, for tests that run a job by hand.
type Workers struct {
	ExpireHold     river.Worker[ExpireHoldJob]
	ConfirmTimeout river.Worker[ConfirmTimeoutJob]
	Reminder       river.Worker[ReminderJob]
	Complete       river.Worker[CompleteJob]
	MinGroup       river.Worker[MinGroupJob]
}

// Workers returns the module's workers.
func (s *Service) Workers() Workers {
	return Workers{ExpireHold: &expireWorker{s: s}, ConfirmTimeout: &confirmWorker{s: s},
		Reminder: &reminderWorker{s: s}, Complete: &completeWorker{s: s},
		MinGroup: &minGroupWorker{s: s}}
}

// RegisterJobs registers the workers and the next-free-slot chore.
func (s *Service) RegisterJobs(r *jobs.Registry) {
	w := s.Workers()
	jobs.AddWorker(r, w.ExpireHold)
	jobs.AddWorker(r, w.ConfirmTimeout)
	jobs.AddWorker(r, w.Reminder)
	jobs.AddWorker(r, w.Complete)
	jobs.AddWorker(r, w.MinGroup)
	jobs.AddChore[NextAvailableChore](r, 5*time.Minute, s.RefreshNextAvailable)
}

// RefreshNextAvailable recomputes every listed provider's next free slot.
func (s *Service) RefreshNextAvailable(ctx context.Context) error {
	after := ""
	for {
		ids, err := s.c.Practice.BookableProviders(ctx, after, 200)
		if err != nil || len(ids) == 0 {
			return err
		}
		for _, id := range ids {
			if err := s.updateNext(ctx, id, ""); err != nil {
				return err
			}
		}
		if len(ids) < 200 {
			return nil
		}
		after = ids[len(ids)-1]
	}
}

// refreshNext updates the next free slot of a provider and of the other
// published practices of the same person (personID: a booking of one
// practice takes the person's time in all of them); a failure is logged
// (the chore repairs it within minutes).
func (s *Service) refreshNext(ctx context.Context, providerID, personID string) {
	if err := s.updateNext(ctx, providerID, personID); err != nil {
		s.log.Warn("bookings: next free slot", "provider", providerID, "err", err)
	}
	others, err := s.c.Practice.ProvidersOfUser(ctx, personID)
	if err != nil {
		s.log.Warn("bookings: next free slot", "person", personID, "err", err)
		return
	}
	for _, p := range others {
		if p.ID == providerID || p.Status != practice.StatusPublished {
			continue
		}
		if err := s.updateNext(ctx, p.ID, personID); err != nil {
			s.log.Warn("bookings: next free slot", "provider", p.ID, "err", err)
		}
	}
}

// updateNext stores a practice's next free slot; personID "" is looked up.
func (s *Service) updateNext(ctx context.Context, providerID, personID string) error {
	at, err := s.nextFree(ctx, providerID, personID)
	if err != nil {
		return err
	}
	return s.c.Practice.SetNextAvailable(ctx, s.db.DB, providerID, at)
}

// NextFree is a provider's earliest free slot in the next 30 days over
// their active offerings (when practice lists them), else over a one-hour
// session with no buffers (the provider's first free hour); the sessions
// of the person's other practices take their time too.
func (s *Service) NextFree(ctx context.Context, providerID string) (*time.Time, error) {
	return s.nextFree(ctx, providerID, "")
}

func (s *Service) nextFree(ctx context.Context, providerID, personID string) (*time.Time, error) {
	if personID == "" {
		p, err := s.c.Practice.Provider(ctx, providerID)
		if err != nil {
			return nil, err
		}
		personID = p.UserID
	}
	now := s.clock.Now().UTC()
	end := now.AddDate(0, 0, nextHorizon)
	av, err := s.c.Practice.Availability(ctx, providerID, now.AddDate(0, 0, -1).Format("2006-01-02"),
		end.AddDate(0, 0, 1).Format("2006-01-02"))
	if err != nil {
		return nil, err
	}
	offs := []practice.Offering{{ID: "probe", ProviderID: providerID, DurationMin: 60, Capacity: 1}}
	if l, ok := s.c.Practice.(offeringLister); ok {
		if views, err := l.PublicOfferings(ctx, providerID); err == nil && len(views) > 0 {
			offs = offs[:0]
			for _, v := range views {
				if off, err := s.c.Practice.Offering(ctx, v.ID); err == nil && off.Active {
					offs = append(offs, off)
				}
			}
		}
	}
	if len(offs) == 0 { // every listed offering went away meanwhile
		return nil, nil
	}
	r0, _ := rulesFor(offs[0], av)
	occ, err := s.occupancyFor(ctx, s.db.DB, personID, providerID, r0.Loc, now, end)
	if err != nil {
		return nil, err
	}
	var best *time.Time
	for _, off := range offs {
		r, _ := rulesFor(off, av)
		if ss := Slots(r, occ, now, end, now); len(ss) > 0 && (best == nil || ss[0].Start.Before(*best)) {
			t := ss[0].Start
			best = &t
		}
	}
	return best, nil
}
