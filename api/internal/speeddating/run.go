package speeddating

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/speeddating/rotation"
	"sojourn/api/internal/video"
)

// control runs one host control or timed transition on an event in one
// transaction (its row locked), then pushes the new state to the holders.
func (s *Service) control(ctx context.Context, id string, fn func(ctx context.Context, tx bun.Tx, ev *eventRow) error) error {
	var changed bool
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		ev, err := s.event(ctx, tx, id, "UPDATE")
		if err != nil {
			return err
		}
		seq := ev.Seq
		if err := fn(ctx, tx, ev); err != nil {
			return err
		}
		changed = ev.Seq != seq
		return nil
	})
	if err == nil && changed {
		s.publish(ctx, id)
	}
	return err
}

// save writes the event's run state with a conditional update on the seq
// it was read with, and bumps the seq (every stale job then sees another).
func (s *Service) save(ctx context.Context, tx bun.Tx, ev *eventRow) error {
	seq := ev.Seq
	ev.Seq++
	ev.UpdatedAt = s.now()
	res, err := tx.NewUpdate().Model(ev).
		Column("status", "current_round", "phase", "phase_ends_at", "remaining_ms", "seq", "voting_closes_at",
			"cancel_reason", "started_at", "ended_at", "updated_at").
		WherePK().Where("seq = ?", seq).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return orErr(err, errNotRunning)
	}
	return nil
}

// publish pushes speed.state to the event's ticket holders (after commit;
// a failure is logged: the page also refetches).
func (s *Service) publish(ctx context.Context, eventID string) {
	ev, err := s.event(ctx, s.c.DB, eventID, "")
	if err != nil {
		return
	}
	ts, err := s.tickets(ctx, s.c.DB, eventID, TicketConfirmed, TicketRefunded)
	if err != nil || len(ts) == 0 {
		return
	}
	to := make([]string, 0, len(ts))
	for _, t := range ts {
		to = append(to, t.UserID)
	}
	if err := s.c.Live.Publish(ctx, to, "speed.state", map[string]any{"event_id": ev.ID, "status": ev.Status,
		"round": ev.CurrentRound}); err != nil {
		s.c.Log.Warn("speeddating: publish state", "event", eventID, "error", err.Error())
	}
}

// Cancel is the admins' cancellation of an event that has not started:
// every ticket is refunded (one waiting for its card payment lapses).
func (s *Service) Cancel(ctx context.Context, actorID, ip, id, reason string) (AdminEvent, error) {
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if err := s.cancel(ctx, tx, ev, reason); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "speed_event.cancel",
			TargetType: "speed_event", TargetID: ev.ID, IP: ip, Details: map[string]any{"reason": reason}})
	})
	if err != nil {
		return AdminEvent{}, err
	}
	return s.AdminEvent(ctx, id)
}

// cancel moves a scheduled event to cancelled and refunds every ticket, in
// tx (the event's row locked: a purchase under way waits and is refunded
// too, or sees the event cancelled).
func (s *Service) cancel(ctx context.Context, tx bun.Tx, ev *eventRow, reason string) error {
	if !canMove(ev.Status, StatusCancelled) {
		return errNotScheduled
	}
	ev.Status, ev.CancelReason, ev.Phase, ev.PhaseEndsAt = StatusCancelled, &reason, PhaseNone, nil
	now := s.now()
	ev.EndedAt = &now
	if err := s.save(ctx, tx, ev); err != nil {
		return err
	}
	ts, err := s.tickets(ctx, tx, ev.ID, TicketPending, TicketConfirmed)
	if err != nil {
		return err
	}
	if len(ts) > 0 {
		to := make([]string, len(ts))
		for i, t := range ts {
			to[i] = t.UserID
		}
		body := reason
		if ev.Price > 0 {
			body += " Your ticket was refunded to your Sojourn wallet."
		}
		if err := s.c.Events.Emit(ctx, tx, events.Event{Type: "speed_event.cancelled", Category: events.CategoryBookings,
			Recipients: to, Title: ev.Title + " was cancelled", Body: body, Link: "/speed-dating/" + ev.ID,
			Subject: events.Ref{Type: "speed_event", ID: ev.ID}, Email: true}); err != nil {
			return err
		}
	}
	for i := range ts {
		t := &ts[i]
		if t.Status == TicketPending {
			err = s.lapse(ctx, tx, t)
		} else {
			err = s.refund(ctx, tx, t, "Refund: "+ev.Title+" was cancelled")
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// CheckMinimum is the minimum job: a scheduled event with fewer confirmed
// tickets than its minimum is cancelled and refunded at minimumAt. It
// answers how early it ran when it did (the job snoozes).
func (s *Service) CheckMinimum(ctx context.Context, id string) (time.Duration, error) {
	var early time.Duration
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusScheduled {
			return nil
		}
		if early = ev.minimumAt().Sub(s.now()); early > 0 {
			return nil
		}
		n, err := tx.NewSelect().Model((*ticketRow)(nil)).Where("event_id = ? AND status = ?", id, TicketConfirmed).
			Count(ctx)
		if err != nil || n >= int64(ev.MinParticipants) {
			return err
		}
		return s.cancel(ctx, tx, ev, "Not enough people booked: the event needed "+itoa(ev.MinParticipants)+".")
	})
	if err == ErrNotFound {
		return 0, nil
	}
	return early, err
}

// CheckNoShow is the no-show job: an event still scheduled 30 minutes
// after its start (the host never started it) is cancelled and refunded.
func (s *Service) CheckNoShow(ctx context.Context, id string) (time.Duration, error) {
	var early time.Duration
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusScheduled {
			return nil
		}
		if early = ev.StartsAt.Add(NoShowAfter).Sub(s.now()); early > 0 {
			return nil
		}
		return s.cancel(ctx, tx, ev, "The event did not start.")
	})
	if err == ErrNotFound {
		return 0, nil
	}
	return early, err
}

// present are the event's people in the room: confirmed, checked in, not
// gone.
func (s *Service) present(ctx context.Context, db bun.IDB, eventID string) ([]ticketRow, error) {
	ts, err := s.tickets(ctx, db, eventID, TicketConfirmed)
	if err != nil {
		return nil, err
	}
	out := ts[:0]
	for _, t := range ts {
		if t.present() {
			out = append(out, t)
		}
	}
	return out, nil
}

// compatible is who may meet whom among people: matchmaking's answer
// (genders, ages, blocks, hides, dealbreakers) within the audience
// (women_men: a woman and a man only). People who no longer take part in
// matchmaking (opted out, paused, removed) are left out.
func (s *Service) compatible(ctx context.Context, ev *eventRow, ts []ticketRow, check bool) ([]string, func(a, b string) bool, error) {
	group := map[string]string{}
	people := []string{}
	for _, t := range ts {
		if check {
			if _, err := s.c.Matchmaking.EventParticipant(ctx, t.UserID); err != nil {
				continue
			}
		}
		group[t.UserID] = t.Group
		people = append(people, t.UserID)
	}
	if len(people) == 0 {
		return people, func(string, string) bool { return false }, nil
	}
	mm, err := s.c.Matchmaking.Compatibility(ctx, people)
	if err != nil {
		return nil, nil, err
	}
	return people, func(a, b string) bool {
		ga, okA := group[a]
		gb, okB := group[b]
		if !okA || !okB || a == b {
			return false
		}
		if ev.Audience == AudienceWomenMen && ga == gb {
			return false
		}
		return mm(a, b)
	}, nil
}

// Start starts the first round: from 15 minutes before the start, with the
// minimum of confirmed tickets and two people checked in. The schedule is
// planned for the people present and stored; round 1's rooms open and its
// bell is set.
func (s *Service) Start(ctx context.Context, actorID, ip, id string) (AdminEvent, error) {
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusScheduled {
			return errNotScheduled
		}
		now := s.now()
		if now.Before(ev.StartsAt.Add(-CheckInLead)) {
			return errTooEarly
		}
		n, err := tx.NewSelect().Model((*ticketRow)(nil)).Where("event_id = ? AND status = ?", id, TicketConfirmed).
			Count(ctx)
		if err != nil {
			return err
		}
		if n < int64(ev.MinParticipants) {
			return errMinimum
		}
		ts, err := s.present(ctx, tx, id)
		if err != nil {
			return err
		}
		if len(ts) < 2 {
			return errTwoPresent
		}
		people, compat, err := s.compatible(ctx, ev, ts, true)
		if err != nil {
			return err
		}
		plan, err := rotation.Plan(rotation.Input{People: people, Rounds: ev.Rounds, Compatible: compat, Seed: seed(ev.ID)})
		if err != nil {
			return err
		}
		if len(plan) == 0 || len(plan[0].Pairs) == 0 {
			return errNobodyMeets
		}
		if err := s.storeRounds(ctx, tx, ev.ID, plan, 1); err != nil {
			return err
		}
		ev.StartedAt = &now
		if err := s.startRound(ctx, tx, ev, 1); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "speed_event.start",
			TargetType: "speed_event", TargetID: ev.ID, IP: ip})
	})
	if err != nil {
		return AdminEvent{}, err
	}
	return s.AdminEvent(ctx, id)
}

// startRound begins round r: its rooms open for the round's window, the
// event goes live in the date phase and the bell is set for its end.
func (s *Service) startRound(ctx context.Context, tx bun.Tx, ev *eventRow, r int) error {
	now := s.now()
	end := now.Add(time.Duration(ev.RoundSeconds) * time.Second)
	var pairs []pairRow
	if err := tx.NewSelect().Model(&pairs).Where("p.event_id = ? AND p.round = ?", ev.ID, r).Scan(ctx); err != nil {
		return err
	}
	for _, p := range pairs {
		room := ids.New()
		if err := s.c.Video.OpenPairRoom(ctx, tx, video.PairRoom{ID: room, HostID: p.AID, GuestID: p.BID,
			Title: ev.Title + ": round " + itoa(r), OpensAt: now, ClosesAt: end.Add(RoomGrace)}); err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Model((*pairRow)(nil)).Set("room_id = ?", room).
			Where("event_id = ? AND round = ? AND a_id = ?", ev.ID, r, p.AID).Exec(ctx); err != nil {
			return err
		}
	}
	ev.Status, ev.CurrentRound, ev.Phase, ev.PhaseEndsAt, ev.RemainingMS = StatusLive, r, PhaseDate, &end, nil
	return s.saveAndRing(ctx, tx, ev)
}

// saveAndRing saves the run state and sets the bell at the phase's end,
// named by the new seq.
func (s *Service) saveAndRing(ctx context.Context, tx bun.Tx, ev *eventRow) error {
	if err := s.save(ctx, tx, ev); err != nil {
		return err
	}
	_, err := s.c.Jobs.InsertTx(ctx, tx, BellJob{EventID: ev.ID, Round: ev.CurrentRound, Seq: ev.Seq},
		&river.InsertOpts{ScheduledAt: *ev.PhaseEndsAt})
	return err
}

// closeRooms ends the rooms of round r.
func (s *Service) closeRooms(ctx context.Context, tx bun.Tx, ev *eventRow, r int) error {
	var rooms []string
	if err := tx.NewSelect().Model((*pairRow)(nil)).Column("room_id").
		Where("event_id = ? AND round = ? AND room_id IS NOT NULL", ev.ID, r).Scan(ctx, &rooms); err != nil {
		return err
	}
	if len(rooms) == 0 {
		return nil
	}
	return s.c.Video.ClosePairRooms(ctx, tx, rooms, s.now())
}

// advance rings the bell: a date ends (its rooms close) and the changeover
// begins (or, skip, the next round at once; after the last round, voting);
// a changeover ends and the next round begins.
func (s *Service) advance(ctx context.Context, tx bun.Tx, ev *eventRow, skip bool) error {
	if ev.Phase == PhaseDate {
		if err := s.closeRooms(ctx, tx, ev, ev.CurrentRound); err != nil {
			return err
		}
		if ev.CurrentRound >= ev.Rounds {
			return s.toVoting(ctx, tx, ev)
		}
		// Everyone met everyone they can: the rounds end here rather than
		// sitting everyone out (a late joiner's repair would have added dates).
		more, err := tx.NewSelect().Model((*pairRow)(nil)).Where("event_id = ? AND round > ?", ev.ID, ev.CurrentRound).
			Exists(ctx)
		if err != nil {
			return err
		}
		if !more {
			return s.toVoting(ctx, tx, ev)
		}
		if !skip {
			end := s.now().Add(time.Duration(ev.ChangeoverSeconds) * time.Second)
			ev.Status, ev.Phase, ev.PhaseEndsAt, ev.RemainingMS = StatusLive, PhaseChangeover, &end, nil
			return s.saveAndRing(ctx, tx, ev)
		}
	}
	return s.startRound(ctx, tx, ev, ev.CurrentRound+1)
}

// toVoting ends the rounds: voting is open for VotingWindow, closed by the
// job (or early, once everyone present has voted on everyone they met).
func (s *Service) toVoting(ctx context.Context, tx bun.Tx, ev *eventRow) error {
	closes := s.now().Add(VotingWindow)
	ev.Status, ev.Phase, ev.PhaseEndsAt, ev.RemainingMS, ev.VotingClosesAt = StatusVoting, PhaseNone, nil, nil, &closes
	if err := s.save(ctx, tx, ev); err != nil {
		return err
	}
	_, err := s.c.Jobs.InsertTx(ctx, tx, CloseVotingJob{EventID: ev.ID, Seq: ev.Seq},
		&river.InsertOpts{ScheduledAt: closes})
	return err
}

// Bell is the bell job: the phase named by seq ends; a job of another seq
// (the event was paused, resumed, rung early or ended since) changes
// nothing. It answers how early it ran when it did.
func (s *Service) Bell(ctx context.Context, id string, seq int) (time.Duration, error) {
	var early time.Duration
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Seq != seq || ev.Status != StatusLive || ev.PhaseEndsAt == nil {
			return nil
		}
		if early = ev.PhaseEndsAt.Sub(s.now()); early > 0 {
			return nil
		}
		return s.advance(ctx, tx, ev, false)
	})
	if err == ErrNotFound {
		return 0, nil
	}
	return early, err
}

func (s *Service) host(ctx context.Context, actorID, ip, id, action string,
	fn func(ctx context.Context, tx bun.Tx, ev *eventRow) error) (AdminEvent, error) {
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if err := fn(ctx, tx, ev); err != nil {
			return err
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: "speed_event." + action,
			TargetType: "speed_event", TargetID: ev.ID, IP: ip, Details: map[string]any{"round": ev.CurrentRound}})
	})
	if err != nil {
		return AdminEvent{}, err
	}
	return s.AdminEvent(ctx, id)
}

// Pause pauses the running phase, keeping what is left of it.
func (s *Service) Pause(ctx context.Context, actorID, ip, id string) (AdminEvent, error) {
	return s.host(ctx, actorID, ip, id, "pause", func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusLive || ev.PhaseEndsAt == nil {
			return errNotRunning
		}
		left := ev.PhaseEndsAt.Sub(s.now()).Milliseconds()
		if left < 0 {
			left = 0
		}
		ev.Status, ev.PhaseEndsAt, ev.RemainingMS = StatusPaused, nil, &left
		return s.save(ctx, tx, ev)
	})
}

// Resume resumes a paused phase with the time it had left.
func (s *Service) Resume(ctx context.Context, actorID, ip, id string) (AdminEvent, error) {
	return s.host(ctx, actorID, ip, id, "resume", func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusPaused {
			return errNotPaused
		}
		var left int64
		if ev.RemainingMS != nil {
			left = *ev.RemainingMS
		}
		end := s.now().Add(time.Duration(left) * time.Millisecond)
		ev.Status, ev.PhaseEndsAt, ev.RemainingMS = StatusLive, &end, nil
		return s.saveAndRing(ctx, tx, ev)
	})
}

// Next rings the bell now: the current round ends and the next begins
// (after the last: voting); a paused event goes on.
func (s *Service) Next(ctx context.Context, actorID, ip, id string) (AdminEvent, error) {
	return s.host(ctx, actorID, ip, id, "next", func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusLive && ev.Status != StatusPaused {
			return errNotRunning
		}
		return s.advance(ctx, tx, ev, true)
	})
}

// End ends the rounds now: the current rooms close and voting opens.
func (s *Service) End(ctx context.Context, actorID, ip, id string) (AdminEvent, error) {
	return s.host(ctx, actorID, ip, id, "end", func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusLive && ev.Status != StatusPaused {
			return errNotRunning
		}
		if ev.Phase == PhaseDate {
			if err := s.closeRooms(ctx, tx, ev, ev.CurrentRound); err != nil {
				return err
			}
		}
		return s.toVoting(ctx, tx, ev)
	})
}
