package speeddating

import (
	"context"

	"sojourn/api/internal/speeddating/rotation"
)

// AdminEvent is an event as its hosts see it: participants, the rotation
// schedule (before the start a preview from the confirmed tickets, not
// stored), how many votes were cast (never who voted what) and matches made.
func (s *Service) AdminEvent(ctx context.Context, id string) (AdminEvent, error) {
	ev, err := s.event(ctx, s.c.DB, id, "")
	if err != nil {
		return AdminEvent{}, err
	}
	views, err := s.views(ctx, "", []eventRow{*ev})
	if err != nil {
		return AdminEvent{}, err
	}
	out := AdminEvent{Event: views[0], Participants: []ParticipantView{}, Schedule: []RoundView{}}
	all, err := s.tickets(ctx, s.c.DB, id)
	if err != nil {
		return AdminEvent{}, err
	}
	var plan []rotation.Round
	rooms := map[[2]string]*string{}
	stored := ev.Status != StatusScheduled && ev.Status != StatusCancelled
	if stored {
		if plan, rooms, err = s.schedule(ctx, s.c.DB, ev); err != nil {
			return AdminEvent{}, err
		}
	} else if ev.Status == StatusScheduled {
		var confirmed []ticketRow
		for _, t := range all {
			if t.Status == TicketConfirmed {
				confirmed = append(confirmed, t)
			}
		}
		people, compat, err := s.compatible(ctx, ev, confirmed, false)
		if err != nil {
			return AdminEvent{}, err
		}
		if plan, err = rotation.Plan(rotation.Input{People: people, Rounds: ev.Rounds, Compatible: compat,
			Seed: seed(ev.ID)}); err != nil {
			return AdminEvent{}, err
		}
	}
	idsOf := []string{}
	seen := map[string]bool{}
	add := func(u string) {
		if !seen[u] {
			seen[u] = true
			idsOf = append(idsOf, u)
		}
	}
	for _, t := range all {
		add(t.UserID)
	}
	ppl, err := s.people(ctx, idsOf, all)
	if err != nil {
		return AdminEvent{}, err
	}
	// Rounds after the last one with a date are never run (the event goes to
	// voting): their sit-outs are not breaks anyone has.
	last := 0
	for i, r := range plan {
		if len(r.Pairs) > 0 || stored && i+1 <= ev.CurrentRound {
			last = i + 1
		}
	}
	dates, breaks := map[string]int{}, map[string]int{}
	for i, r := range plan {
		rv := RoundView{Round: i + 1, Planned: !stored || i+1 > ev.CurrentRound,
			Pairs: []PairView{}, Breaks: []Person{}}
		for _, p := range r.Pairs {
			a, b := ordered(p[0], p[1])
			rv.Pairs = append(rv.Pairs, PairView{A: ppl[a], B: ppl[b], RoomID: rooms[[2]string{a, b}]})
			dates[a]++
			dates[b]++
		}
		for _, u := range r.Breaks {
			rv.Breaks = append(rv.Breaks, ppl[u])
			if i+1 <= last {
				breaks[u]++
			}
		}
		out.Schedule = append(out.Schedule, rv)
	}
	for _, t := range all {
		if !t.live() && t.Status != TicketRefunded {
			continue
		}
		out.Participants = append(out.Participants, ParticipantView{TicketID: t.ID, Person: ppl[t.UserID],
			Group: t.Group, Status: t.Status, CheckedInAt: t.CheckedInAt, LeftAt: t.LeftAt,
			Breaks: breaks[t.UserID], Dates: dates[t.UserID]})
	}
	votes, err := s.c.DB.NewSelect().Model((*voteRow)(nil)).Where("event_id = ?", id).Count(ctx)
	if err != nil {
		return AdminEvent{}, err
	}
	matches, err := s.c.DB.NewSelect().Model((*matchRow)(nil)).Where("event_id = ?", id).Count(ctx)
	if err != nil {
		return AdminEvent{}, err
	}
	out.VotesCast, out.MatchesMade = int(votes), int(matches)
	return out, nil
}
