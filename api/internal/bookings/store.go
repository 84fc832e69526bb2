package bookings

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/lib/pq"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// The store: the cells and counters that decide conflicts, and the reads
// behind the lists. Every statement here reads the same on both databases
// (INSERT ... ON CONFLICT ... DO UPDATE ... WHERE is PostgreSQL's and
// SQLite's alike, and both count only the rows written).
//
// Cells belong to a resource: whatever has time that can be taken once.
// For a booking of a practice offering it is the person behind the
// practice (resourceOf: the practice's user id, bookings.provider_user_id),
// so all of one person's practices (therapist and coach) share one
// calendar. Resource ids are UUIDs (ids.New), so a person's user id and,
// later, a vehicle's or a tour's id never collide in slot_cells. The
// counters of the daily and weekly limits stay per practice
// (booking_counters.provider_id): the limits are the practice's setting.

// resourceOf is the resource whose cells a booking holds: the person who
// gives the session.
func resourceOf(b *bookingRow) string { return b.ProviderUserID }

// reserveCells takes seats seats of session in every cell of resource in
// [from, to): one upsert whose DO UPDATE only fires for a cell of the same
// session with that many seats free (used + seats <= capacity). Fewer rows written than cells means another
// session owns a cell (of any offering of any of the person's practices),
// or the session is full: ErrSlotTaken (the caller's transaction rolls
// back).
func reserveCells(ctx context.Context, db bun.IDB, resourceID, session string, capacity, seats int, from, to int64) error {
	if seats < 1 || seats > capacity {
		return ErrSlotTaken
	}
	cs := int64(CellSize / time.Second)
	var sb strings.Builder
	args := []any{}
	n := 0
	sb.WriteString("INSERT INTO slot_cells (resource_id, cell, session_key, capacity, used) VALUES ")
	for c := from; c < to; c += cs {
		if n > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("(?, ?, ?, ?, ?)")
		args = append(args, resourceID, c, session, capacity, seats)
		n++
	}
	sb.WriteString(" ON CONFLICT (resource_id, cell) DO UPDATE SET used = slot_cells.used + excluded.used" +
		" WHERE slot_cells.session_key = excluded.session_key AND slot_cells.used + excluded.used <= slot_cells.capacity")
	res, err := db.ExecContext(ctx, sb.String(), args...)
	if err != nil {
		return busy(err)
	}
	if k, err := res.RowsAffected(); err != nil || int(k) != n {
		if err != nil {
			return err
		}
		return ErrSlotTaken
	}
	return nil
}

// releaseCells gives back seats seats of session in resource's cells of
// [from, to) and deletes the cells left empty.
func releaseCells(ctx context.Context, db bun.IDB, resourceID, session string, seats int, from, to int64) error {
	if _, err := db.ExecContext(ctx, "UPDATE slot_cells SET used = used - ? WHERE resource_id = ? AND cell >= ? "+
		"AND cell < ? AND session_key = ? AND used >= ?", seats, resourceID, from, to, session, seats); err != nil {
		return busy(err)
	}
	_, err := db.ExecContext(ctx, "DELETE FROM slot_cells WHERE resource_id = ? AND cell >= ? AND cell < ? "+
		"AND session_key = ? AND used = 0", resourceID, from, to, session)
	return err
}

// countIn adds one booking to a provider's period, refused (ErrLimitReached)
// when limit > 0 and the period is full: decided by the upsert.
func countIn(ctx context.Context, db bun.IDB, providerID, period string, limit int) error {
	if period == "" {
		return nil
	}
	res, err := db.ExecContext(ctx, "INSERT INTO booking_counters (provider_id, period, used) VALUES (?, ?, 1) "+
		"ON CONFLICT (provider_id, period) DO UPDATE SET used = booking_counters.used + 1 "+
		"WHERE ? = 0 OR booking_counters.used < ?", providerID, period, limit, limit)
	if err != nil {
		return err
	}
	if k, err := res.RowsAffected(); err != nil || k != 1 {
		if err != nil {
			return err
		}
		return ErrLimitReached
	}
	return nil
}

// uncount takes one booking out of a period.
func uncount(ctx context.Context, db bun.IDB, providerID, period string) error {
	if period == "" {
		return nil
	}
	_, err := db.ExecContext(ctx, "UPDATE booking_counters SET used = used - 1 WHERE provider_id = ? AND period = ? "+
		"AND used > 0", providerID, period)
	return err
}

// occupancy reads a resource's cells in [from, to) (every session of the
// person, whichever practice it is of) and the counters of periods of the
// practice providerID.
func occupancy(ctx context.Context, db bun.IDB, resourceID, providerID string, periods []string, from,
	to time.Time) (Occupancy, error) {
	occ := Occupancy{Cells: map[int64]Cell{}, Counters: map[string]int{}}
	var cells []struct {
		Cell       int64  `bun:"cell"`
		SessionKey string `bun:"session_key"`
		Used       int    `bun:"used"`
		Capacity   int    `bun:"capacity"`
	}
	// Buffers reach at most a day either side.
	if err := db.NewSelect().Table("slot_cells").Column("cell", "session_key", "used", "capacity").
		Where("resource_id = ? AND cell >= ? AND cell < ?", resourceID, from.Add(-24*time.Hour).Unix(),
			to.Add(24*time.Hour).Unix()).Scan(ctx, &cells); err != nil {
		return occ, err
	}
	for _, c := range cells {
		occ.Cells[c.Cell] = Cell{SessionKey: c.SessionKey, Used: c.Used, Capacity: c.Capacity}
	}
	var counters []struct {
		Period string `bun:"period"`
		Used   int    `bun:"used"`
	}
	if err := db.NewSelect().Table("booking_counters").Column("period", "used").
		Where("provider_id = ? AND period IN (?)", providerID, bun.In(periods)).Scan(ctx, &counters); err != nil {
		return occ, err
	}
	for _, c := range counters {
		occ.Counters[c.Period] = c.Used
	}
	return occ, nil
}

// errBusy answers a write PostgreSQL gave up on (a deadlock between a
// reschedule and another change of the same cells, or a serialization
// failure): nothing changed and the request may be repeated.
var errBusy = apperr.Conflict("The provider's calendar changed at the same moment: please try again.")

// busy maps PostgreSQL's deadlock and serialization failures to errBusy.
func busy(err error) error {
	var pqErr *pq.Error
	if errors.As(err, &pqErr) && (pqErr.Code == "40P01" || pqErr.Code == "40001") {
		return errBusy
	}
	return err
}
