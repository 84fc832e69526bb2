package speeddating

import (
	"context"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/speeddating/rotation"
)

// holder is the caller's ticket that lets them into the event's live view:
// a confirmed one (a refunded or cancelled one of a cancelled event still
// reads it, to learn why).
func (s *Service) holder(ctx context.Context, db bun.IDB, ev *eventRow, userID string) (*ticketRow, error) {
	t, err := s.myTicket(ctx, db, ev.ID, userID)
	if err != nil {
		return nil, err
	}
	if t == nil || (t.Status != TicketConfirmed && ev.Status != StatusCancelled) || t.Status == TicketPending {
		return nil, ErrNotFound
	}
	return t, nil
}

// CheckIn enters the caller into the event: from 15 minutes before the
// start until the last round begins. Someone who checks in after the start
// is paired from the next round (the rounds not run yet are repaired).
func (s *Service) CheckIn(ctx context.Context, userID, id string) (Live, error) {
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		t, err := s.holder(ctx, tx, ev, userID)
		if err != nil {
			return err
		}
		if t.LeftAt != nil {
			return errLeft
		}
		if t.CheckedInAt != nil {
			return nil
		}
		now := s.now()
		switch ev.Status {
		case StatusScheduled:
			if now.Before(ev.StartsAt.Add(-CheckInLead)) {
				return errTooEarly
			}
		case StatusLive, StatusPaused:
			if ev.CurrentRound >= ev.Rounds {
				return errCheckInClosed
			}
		default:
			return errCheckInClosed
		}
		from := 1
		if ev.Status != StatusScheduled {
			from = ev.CurrentRound + 1
		}
		if _, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("checked_in_at = ?", now).Set("from_round = ?", from).
			Set("updated_at = ?", now).Where("id = ? AND checked_in_at IS NULL", t.ID).Exec(ctx); err != nil {
			return err
		}
		if ev.Status == StatusScheduled {
			return nil
		}
		if err := s.repair(ctx, tx, ev); err != nil {
			return err
		}
		return s.save(ctx, tx, ev) // the seq moves: the holders refetch
	})
	if err != nil {
		return Live{}, err
	}
	return s.Live(ctx, userID, id)
}

// Leave takes the caller out of the running event: the rounds not run yet
// are repaired without them (their current partner waits for the next
// round) and their current date's room closes.
func (s *Service) Leave(ctx context.Context, userID, id string) (Live, error) {
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		t, err := s.holder(ctx, tx, ev, userID)
		if err != nil {
			return err
		}
		if ev.Status != StatusLive && ev.Status != StatusPaused {
			return errNotRunning
		}
		if t.LeftAt != nil {
			return errLeft
		}
		if t.CheckedInAt == nil {
			return errNotIn
		}
		now := s.now()
		if _, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("left_at = ?", now).Set("updated_at = ?", now).
			Where("id = ? AND left_at IS NULL", t.ID).Exec(ctx); err != nil {
			return err
		}
		if ev.Phase == PhaseDate {
			var rooms []string
			if err := tx.NewSelect().Model((*pairRow)(nil)).Column("room_id").
				Where("event_id = ? AND round = ? AND (a_id = ? OR b_id = ?) AND room_id IS NOT NULL", ev.ID,
					ev.CurrentRound, userID, userID).Scan(ctx, &rooms); err != nil {
				return err
			}
			if len(rooms) > 0 {
				if err := s.c.Video.ClosePairRooms(ctx, tx, rooms, now); err != nil {
					return err
				}
			}
		}
		if err := s.repair(ctx, tx, ev); err != nil {
			return err
		}
		return s.save(ctx, tx, ev)
	})
	if err != nil {
		return Live{}, err
	}
	return s.Live(ctx, userID, id)
}

// repair plans the rounds after the current one again for the people
// present now (rotation.Repair keeps the rounds run and never repeats a
// pair); the unique pair key refuses a repeat whatever the planner does.
func (s *Service) repair(ctx context.Context, tx bun.Tx, ev *eventRow) error {
	if ev.CurrentRound >= ev.Rounds {
		return nil
	}
	plan, _, err := s.schedule(ctx, tx, ev)
	if err != nil {
		return err
	}
	ts, err := s.present(ctx, tx, ev.ID)
	if err != nil {
		return err
	}
	people, compat, err := s.compatible(ctx, ev, ts, true)
	if err != nil {
		return err
	}
	fixed, err := rotation.Repair(plan, ev.CurrentRound, people, compat, seed(ev.ID)+int64(ev.Seq))
	if err != nil {
		return err
	}
	return s.storeRounds(ctx, tx, ev.ID, fixed, ev.CurrentRound+1)
}

// Vote records the caller's private yes or no about someone they were
// paired with in a round that has started; changeable until voting
// closes. Once everyone present has voted on everyone they met, voting
// closes at once.
func (s *Service) Vote(ctx context.Context, userID, id, partnerID string, yes bool) (Live, error) {
	closed := false
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if _, err := s.holder(ctx, tx, ev, userID); err != nil {
			return err
		}
		if len(partnerID) > 64 {
			return errPartnerUnknown
		}
		switch ev.Status {
		case StatusLive, StatusPaused, StatusVoting:
		case StatusEnded, StatusCancelled:
			return errVotingClosed
		default:
			return errPartnerUnknown
		}
		a, b := ordered(userID, partnerID)
		n, err := tx.NewSelect().Model((*pairRow)(nil)).
			Where("event_id = ? AND a_id = ? AND b_id = ? AND round <= ?", ev.ID, a, b, ev.CurrentRound).Count(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return errPartnerUnknown
		}
		now := s.now()
		v := &voteRow{EventID: ev.ID, VoterID: userID, PartnerID: partnerID, Yes: yes, UpdatedAt: now}
		if _, err := tx.NewInsert().Model(v).On("CONFLICT (event_id, voter_id, partner_id) DO UPDATE").
			Set("yes = EXCLUDED.yes").Set("updated_at = EXCLUDED.updated_at").Exec(ctx); err != nil {
			return err
		}
		if ev.Status != StatusVoting {
			return nil
		}
		done, err := s.allVoted(ctx, tx, ev)
		if err != nil || !done {
			return err
		}
		closed = true
		return s.closeVoting(ctx, tx, ev)
	})
	if err != nil {
		return Live{}, err
	}
	if closed {
		if err := s.makeMatches(ctx, id); err != nil {
			s.c.Log.Error("speeddating: make matches", "event", id, "error", err.Error())
		}
	}
	return s.Live(ctx, userID, id)
}

// allVoted says whether every present participant has voted on everyone
// they met.
func (s *Service) allVoted(ctx context.Context, tx bun.IDB, ev *eventRow) (bool, error) {
	ts, err := s.present(ctx, tx, ev.ID)
	if err != nil {
		return false, err
	}
	in := map[string]bool{}
	for _, t := range ts {
		in[t.UserID] = true
	}
	var pairs []pairRow
	if err := tx.NewSelect().Model(&pairs).Where("p.event_id = ? AND p.round <= ?", ev.ID, ev.CurrentRound).
		Scan(ctx); err != nil {
		return false, err
	}
	var votes []voteRow
	if err := tx.NewSelect().Model(&votes).Where("v.event_id = ?", ev.ID).Scan(ctx); err != nil {
		return false, err
	}
	cast := map[[2]string]bool{}
	for _, v := range votes {
		cast[[2]string{v.VoterID, v.PartnerID}] = true
	}
	for _, p := range pairs {
		if (in[p.AID] && !cast[[2]string{p.AID, p.BID}]) || (in[p.BID] && !cast[[2]string{p.BID, p.AID}]) {
			return false, nil
		}
	}
	return true, nil
}

// closeVoting ends the event: the tickets' money leaves escrow to
// Sojourn's revenue (each ticket once, by its kept_at). The matches are
// made after the transaction (makeMatches).
func (s *Service) closeVoting(ctx context.Context, tx bun.Tx, ev *eventRow) error {
	now := s.now()
	ev.Status, ev.EndedAt, ev.Phase, ev.PhaseEndsAt = StatusEnded, &now, PhaseNone, nil
	if err := s.save(ctx, tx, ev); err != nil {
		return err
	}
	ts, err := s.tickets(ctx, tx, ev.ID, TicketConfirmed)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if t.Price == 0 || t.PayWith == PayFree || t.KeptAt != nil {
			continue
		}
		res, err := tx.NewUpdate().Model((*ticketRow)(nil)).Set("kept_at = ?", now).
			Where("id = ? AND kept_at IS NULL AND status = ?", t.ID, TicketConfirmed).Exec(ctx)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		if _, err := s.c.Money.KeepEscrow(ctx, tx, money.Keep{Key: "speed-keep:" + t.ID,
			Reason: "Speed dating: " + ev.Title, Ref: ticketRef(t.ID), Amount: t.Price, Currency: t.Currency}); err != nil {
			return err
		}
	}
	return nil
}

// CloseVoting is the voting job: voting named by seq closes and the
// matches are made (again, idempotently, for an event already ended: a
// retry after a failure finishes them). It answers how early it ran.
func (s *Service) CloseVoting(ctx context.Context, id string, seq int) (time.Duration, error) {
	var early time.Duration
	err := s.control(ctx, id, func(ctx context.Context, tx bun.Tx, ev *eventRow) error {
		if ev.Status != StatusVoting || ev.Seq != seq || ev.VotingClosesAt == nil {
			return nil
		}
		if early = ev.VotingClosesAt.Sub(s.now()); early > 0 {
			return nil
		}
		return s.closeVoting(ctx, tx, ev)
	})
	if err == ErrNotFound {
		return 0, nil
	}
	if err != nil || early > 0 {
		return early, err
	}
	return 0, s.makeMatches(ctx, id)
}

// makeMatches makes a match (with its conversation, through matchmaking)
// of every mutual yes of an ended event not made yet.
func (s *Service) makeMatches(ctx context.Context, id string) error {
	ev, err := s.event(ctx, s.c.DB, id, "")
	if err != nil || ev.Status != StatusEnded {
		return err
	}
	var votes []voteRow
	if err := s.c.DB.NewSelect().Model(&votes).Where("v.event_id = ? AND v.yes", id).Scan(ctx); err != nil {
		return err
	}
	var made []matchRow
	if err := s.c.DB.NewSelect().Model(&made).Where("m.event_id = ?", id).Scan(ctx); err != nil {
		return err
	}
	done := map[[2]string]bool{}
	for _, m := range made {
		done[[2]string{m.AID, m.BID}] = true
	}
	yes := map[[2]string]bool{}
	for _, v := range votes {
		yes[[2]string{v.VoterID, v.PartnerID}] = true
	}
	var pairs [][2]string
	for k := range yes {
		a, b := ordered(k[0], k[1])
		if k[0] == a && yes[[2]string{b, a}] && !done[[2]string{a, b}] {
			pairs = append(pairs, [2]string{a, b})
		}
	}
	slices.SortFunc(pairs, func(x, y [2]string) int {
		if x[0] != y[0] {
			if x[0] < y[0] {
				return -1
			}
			return 1
		}
		if x[1] < y[1] {
			return -1
		}
		if x[1] > y[1] {
			return 1
		}
		return 0
	})
	for _, p := range pairs {
		m, err := s.c.Matchmaking.MatchFromEvent(ctx, p[0], p[1], ev.Title)
		if err != nil {
			return err
		}
		row := &matchRow{EventID: id, AID: p[0], BID: p[1], MatchID: m.ID, CreatedAt: s.now()}
		if m.ConversationID != "" {
			c := m.ConversationID
			row.ConversationID = &c
		}
		if _, err := s.c.DB.NewInsert().Model(row).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
			return err
		}
	}
	if len(pairs) > 0 {
		s.publish(ctx, id)
	}
	return nil
}

// Live is the event as the caller takes part in it (404 without a
// confirmed ticket).
func (s *Service) Live(ctx context.Context, userID, id string) (Live, error) {
	ev, err := s.event(ctx, s.c.DB, id, "")
	if err != nil {
		return Live{}, err
	}
	t, err := s.holder(ctx, s.c.DB, ev, userID)
	if err != nil {
		return Live{}, err
	}
	views, err := s.views(ctx, userID, []eventRow{*ev})
	if err != nil {
		return Live{}, err
	}
	out := Live{Event: views[0], Round: ev.CurrentRound, CheckedIn: t.CheckedInAt != nil, Met: []Met{},
		Matches: []Match{}, VotingClosesAt: ev.VotingClosesAt}
	present, err := s.present(ctx, s.c.DB, id)
	if err != nil {
		return Live{}, err
	}
	out.Present = len(present)
	var pairs []pairRow
	if ev.CurrentRound > 0 {
		if err := s.c.DB.NewSelect().Model(&pairs).
			Where("p.event_id = ? AND p.round <= ? AND (p.a_id = ? OR p.b_id = ?)", id, ev.CurrentRound, userID, userID).
			OrderExpr("p.round").Scan(ctx); err != nil {
			return Live{}, err
		}
	}
	var votes []voteRow
	if err := s.c.DB.NewSelect().Model(&votes).Where("v.event_id = ? AND v.voter_id = ?", id, userID).
		Scan(ctx); err != nil {
		return Live{}, err
	}
	var matches []matchRow
	if err := s.c.DB.NewSelect().Model(&matches).Where("m.event_id = ? AND (m.a_id = ? OR m.b_id = ?)", id, userID, userID).
		OrderExpr("m.created_at, m.a_id, m.b_id").Scan(ctx); err != nil {
		return Live{}, err
	}
	others := []string{}
	other := func(a, b string) string {
		if a == userID {
			return b
		}
		return a
	}
	for _, p := range pairs {
		others = append(others, other(p.AID, p.BID))
	}
	for _, m := range matches {
		others = append(others, other(m.AID, m.BID))
	}
	all, err := s.tickets(ctx, s.c.DB, id)
	if err != nil {
		return Live{}, err
	}
	ppl, err := s.people(ctx, others, all)
	if err != nil {
		return Live{}, err
	}
	gone := map[string]bool{} // partners who left: the caller waits for the next round
	for _, x := range all {
		if x.LeftAt != nil {
			gone[x.UserID] = true
		}
	}
	mine := map[string]bool{}
	for _, v := range votes {
		mine[v.PartnerID] = v.Yes
	}
	var current *pairRow
	for i, p := range pairs {
		o := other(p.AID, p.BID)
		m := Met{Round: p.Round, Partner: ppl[o]}
		if y, ok := mine[o]; ok {
			v := "no"
			if y {
				v = "yes"
			}
			m.Vote = &v
		}
		out.Met = append(out.Met, m)
		if p.Round == ev.CurrentRound {
			current = &pairs[i]
		}
	}
	for _, m := range matches {
		out.Matches = append(out.Matches, Match{MatchID: m.MatchID, Person: ppl[other(m.AID, m.BID)],
			ConversationID: m.ConversationID})
	}
	now := s.now()
	switch {
	case ev.Status == StatusCancelled:
		out.Phase = "cancelled"
	case ev.Status == StatusEnded:
		out.Phase = "ended"
	case t.LeftAt != nil:
		out.Phase = "left"
	case t.CheckedInAt == nil:
		out.Phase = "before"
	case ev.Status == StatusScheduled:
		out.Phase = "waiting"
	case ev.Status == StatusVoting:
		out.Phase = "voting"
	case ev.Status == StatusPaused:
		out.Phase = "paused"
		if ev.RemainingMS != nil {
			r := int((*ev.RemainingMS + 999) / 1000)
			out.RemainingSeconds = &r
		}
	case ev.Phase == PhaseChangeover:
		out.Phase = "changeover"
	case current != nil && t.FromRound <= ev.CurrentRound && !gone[other(current.AID, current.BID)]:
		out.Phase = "date"
		p := ppl[other(current.AID, current.BID)]
		out.Partner, out.RoomID = &p, current.RoomID
	default:
		out.Phase = "break"
	}
	if ev.Status == StatusLive && ev.PhaseEndsAt != nil {
		end := *ev.PhaseEndsAt
		out.RoundEndsAt = &end
		r := int(end.Sub(now).Round(time.Second) / time.Second)
		if r < 0 {
			r = 0
		}
		out.RemainingSeconds = &r
	}
	return out, nil
}
