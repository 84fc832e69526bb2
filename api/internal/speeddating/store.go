package speeddating

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"sojourn/api/internal/speeddating/rotation"
)

// event reads an event; lock takes its row for the transaction on
// PostgreSQL ("UPDATE" or "SHARE"; SQLite serialises writers).
func (s *Service) event(ctx context.Context, db bun.IDB, id, lock string) (*eventRow, error) {
	if len(id) > 64 {
		return nil, ErrNotFound
	}
	e := new(eventRow)
	q := db.NewSelect().Model(e).Where("e.id = ?", id)
	if lock != "" && s.postgres() {
		q = q.For(lock)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return e, nil
}

func (s *Service) seats(ctx context.Context, db bun.IDB, eventIDs []string) (map[string][]seatRow, error) {
	out := map[string][]seatRow{}
	if len(eventIDs) == 0 {
		return out, nil
	}
	var rows []seatRow
	if err := db.NewSelect().Model(&rows).Where("s.event_id IN (?)", bun.In(eventIDs)).OrderExpr("s.grp DESC").
		Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.EventID] = append(out[r.EventID], r)
	}
	return out, nil
}

// tickets reads an event's tickets in the given statuses (none: all).
func (s *Service) tickets(ctx context.Context, db bun.IDB, eventID string, statuses ...string) ([]ticketRow, error) {
	var rows []ticketRow
	q := db.NewSelect().Model(&rows).Where("t.event_id = ?", eventID).OrderExpr("t.created_at, t.id")
	if len(statuses) > 0 {
		q = q.Where("t.status IN (?)", bun.In(statuses))
	}
	return rows, q.Scan(ctx)
}

// myTicket is the user's live ticket of the event, else their latest one
// (nil when they never had one).
func (s *Service) myTicket(ctx context.Context, db bun.IDB, eventID, userID string) (*ticketRow, error) {
	var rows []ticketRow
	if err := db.NewSelect().Model(&rows).Where("t.event_id = ? AND t.user_id = ?", eventID, userID).
		OrderExpr("t.created_at DESC, t.id DESC").Limit(20).Scan(ctx); err != nil {
		return nil, err
	}
	for i := range rows {
		if rows[i].live() {
			return &rows[i], nil
		}
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return &rows[0], nil
}

func (s *Service) ticket(ctx context.Context, db bun.IDB, id string) (*ticketRow, error) {
	t := new(ticketRow)
	if err := db.NewSelect().Model(t).Where("t.id = ?", id).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrTicketNotFound
		}
		return nil, err
	}
	return t, nil
}

// schedule is an event's stored rotation: round r at index r-1.
func (s *Service) schedule(ctx context.Context, db bun.IDB, ev *eventRow) ([]rotation.Round, map[[2]string]*string, error) {
	var pairs []pairRow
	if err := db.NewSelect().Model(&pairs).Where("p.event_id = ?", ev.ID).OrderExpr("p.round, p.a_id").
		Scan(ctx); err != nil {
		return nil, nil, err
	}
	var breaks []breakRow
	if err := db.NewSelect().Model(&breaks).Where("b.event_id = ?", ev.ID).OrderExpr("b.round, b.user_id").
		Scan(ctx); err != nil {
		return nil, nil, err
	}
	out := make([]rotation.Round, ev.Rounds)
	rooms := map[[2]string]*string{}
	for _, p := range pairs {
		if p.Round < 1 || p.Round > ev.Rounds {
			continue
		}
		out[p.Round-1].Pairs = append(out[p.Round-1].Pairs, [2]string{p.AID, p.BID})
		rooms[[2]string{p.AID, p.BID}] = p.RoomID
	}
	for _, b := range breaks {
		if b.Round < 1 || b.Round > ev.Rounds {
			continue
		}
		out[b.Round-1].Breaks = append(out[b.Round-1].Breaks, b.UserID)
	}
	return out, rooms, nil
}

// storeRounds replaces the stored rounds from round `from` (1-based) on with
// plan's rounds from that index; the unique pair key refuses a repeat.
func (s *Service) storeRounds(ctx context.Context, tx bun.Tx, eventID string, plan []rotation.Round, from int) error {
	if _, err := tx.NewDelete().Model((*pairRow)(nil)).Where("event_id = ? AND round >= ?", eventID, from).
		Exec(ctx); err != nil {
		return err
	}
	if _, err := tx.NewDelete().Model((*breakRow)(nil)).Where("event_id = ? AND round >= ?", eventID, from).
		Exec(ctx); err != nil {
		return err
	}
	var pairs []pairRow
	var breaks []breakRow
	for i := from - 1; i < len(plan); i++ {
		for _, p := range plan[i].Pairs {
			a, b := ordered(p[0], p[1])
			pairs = append(pairs, pairRow{EventID: eventID, Round: i + 1, AID: a, BID: b})
		}
		for _, u := range plan[i].Breaks {
			breaks = append(breaks, breakRow{EventID: eventID, Round: i + 1, UserID: u})
		}
	}
	if len(pairs) > 0 {
		if _, err := tx.NewInsert().Model(&pairs).Exec(ctx); err != nil {
			return err
		}
	}
	if len(breaks) > 0 {
		if _, err := tx.NewInsert().Model(&breaks).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
