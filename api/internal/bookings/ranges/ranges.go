// Package ranges is the booking kernel's date-range reservation: a resource
// (a rental car now; a room, a boat or a venue later) is held for the
// half-open range [start, end) by one holder, and two live reservations of
// one resource never overlap. It is the sibling of the 15-minute slot cells
// (bookings/doc.go) for things booked by whole days or arbitrary times,
// where cells would be thousands of rows per booking.
//
// # Table (migration 0028_rentals)
//
//	resource_ranges   holder (primary key, e.g. "rental:<booking id>"), resource_id, starts_at,
//	                  ends_at, live, created_at; only this package reads or writes it
//
// # No overlap, decided by the database
//
// PostgreSQL: EXCLUDE USING gist (resource_id WITH =, tstzrange(starts_at,
// ends_at, '[)') WITH &&) WHERE (live), with btree_gist for the TEXT
// equality. Of concurrent overlapping inserts the first to commit wins; the
// others fail with 23P01, answered as ErrTaken.
//
// SQLite has no exclusion constraints, but every write transaction is
// BEGIN IMMEDIATE (platform/db opens SQLite with _txlock=immediate): write
// transactions run one at a time, so the check for an overlapping live row
// and the insert, inside the caller's transaction, cannot interleave with
// another writer's.
//
// Both paths read for an overlap first (on PostgreSQL only to answer a plain
// conflict without an aborted statement); the constraint decides there.
//
// # Use
//
//	r := ranges.New(db)
//	err := r.Reserve(ctx, tx, ranges.Reservation{ResourceID: carID, Holder: "rental:" + id, Start: s, End: e})
//	err  = r.Release(ctx, tx, "rental:"+id)          // the range is free again (idempotent)
//	err  = r.Move(ctx, tx, "rental:"+id, s2, e2)     // the same holder's range shifted (ErrTaken when taken)
//	q    = r.Free(q, "c.id", s, e)                   // a search: only resources free for [s, e)
//	busy, err := r.Busy(ctx, resourceID, from, to)   // live ranges overlapping [from, to), for calendars
//
// Reserve and Release take the caller's transaction, so a reservation lives
// and dies with the domain row that owns it (a booking, its status change).
package ranges

import (
	"context"
	"errors"
	"time"

	"github.com/lib/pq"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
)

// ErrTaken is a reservation overlapping a live one of the same resource.
var ErrTaken = apperr.New(apperr.CodeConflict, "That time is already taken.")

// ErrNotHeld is a holder without a live range (Move).
var ErrNotHeld = apperr.New(apperr.CodeConflict, "Nothing is reserved for this any more.")

// Reservation is one range of one resource.
type Reservation struct {
	ResourceID string
	Holder     string
	Start, End time.Time
}

// Range is a live reservation as calendars see it.
type Range struct {
	Holder     string    `bun:"holder"`
	ResourceID string    `bun:"resource_id"`
	Start      time.Time `bun:"starts_at"`
	End        time.Time `bun:"ends_at"`
}

type row struct {
	bun.BaseModel `bun:"table:resource_ranges"`
	Holder        string    `bun:"holder,pk"`
	ResourceID    string    `bun:"resource_id"`
	StartsAt      time.Time `bun:"starts_at"`
	EndsAt        time.Time `bun:"ends_at"`
	Live          bool      `bun:"live"`
	CreatedAt     time.Time `bun:"created_at"`
}

// Ranges reserves ranges in the application's database.
type Ranges struct {
	db *db.DB
}

// New is the reservation helper over d.
func New(d *db.DB) *Ranges { return &Ranges{db: d} }

// norm is a time as stored: UTC, whole seconds (SQLite compares the text).
func norm(t time.Time) time.Time { return t.UTC().Truncate(time.Second) }

// Reserve holds [in.Start, in.End) of in.ResourceID for in.Holder inside tx;
// ErrTaken when a live reservation of the resource overlaps it.
func (r *Ranges) Reserve(ctx context.Context, tx bun.IDB, in Reservation) error {
	s, e := norm(in.Start), norm(in.End)
	if !e.After(s) || in.ResourceID == "" || in.Holder == "" {
		return apperr.Validation(map[string]string{"end": "must be after the start"})
	}
	n, err := tx.NewSelect().Model((*row)(nil)).Where("resource_id = ?", in.ResourceID).Where("live").
		Where("ends_at > ?", s).Where("starts_at < ?", e).Limit(1).Count(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		return ErrTaken
	}
	_, err = tx.NewInsert().Model(&row{Holder: in.Holder, ResourceID: in.ResourceID, StartsAt: s, EndsAt: e,
		Live: true, CreatedAt: time.Now().UTC()}).Exec(ctx)
	if isExclusion(err) {
		return ErrTaken
	}
	if db.IsUniqueViolation(err) {
		return apperr.New(apperr.CodeConflict, "This reservation exists already.")
	}
	return err
}

// Move shifts the holder's live range to [start, end) inside tx; ErrTaken
// when another live reservation of the resource overlaps the new range (the
// exclusion constraint decides on PostgreSQL, as for Reserve), and
// ErrNotHeld when the holder has no live range.
func (r *Ranges) Move(ctx context.Context, tx bun.IDB, holder string, start, end time.Time) error {
	s, e := norm(start), norm(end)
	if !e.After(s) || holder == "" {
		return apperr.Validation(map[string]string{"end": "must be after the start"})
	}
	cur := new(row)
	if err := tx.NewSelect().Model(cur).Where("holder = ?", holder).Where("live").Scan(ctx); err != nil {
		return ErrNotHeld
	}
	n, err := tx.NewSelect().Model((*row)(nil)).Where("resource_id = ?", cur.ResourceID).Where("live").
		Where("holder <> ?", holder).Where("ends_at > ?", s).Where("starts_at < ?", e).Limit(1).Count(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		return ErrTaken
	}
	_, err = tx.NewUpdate().Model((*row)(nil)).Set("starts_at = ?", s).Set("ends_at = ?", e).
		Where("holder = ?", holder).Where("live").Exec(ctx)
	if isExclusion(err) {
		return ErrTaken
	}
	return err
}

// Release frees the holder's range (nothing when it is not live).
func (r *Ranges) Release(ctx context.Context, tx bun.IDB, holder string) error {
	_, err := tx.NewUpdate().Model((*row)(nil)).Set("live = ?", false).Where("holder = ?", holder).
		Where("live").Exec(ctx)
	return err
}

// Free narrows a search to the resources whose id (the column idCol of q)
// has no live reservation overlapping [start, end).
func (r *Ranges) Free(q *bun.SelectQuery, idCol string, start, end time.Time) *bun.SelectQuery {
	sub := r.db.NewSelect().TableExpr("resource_ranges AS rr").ColumnExpr("1").
		Where("rr.resource_id = "+idCol).Where("rr.live").
		Where("rr.ends_at > ?", norm(start)).Where("rr.starts_at < ?", norm(end))
	return q.Where("NOT EXISTS (?)", sub)
}

// Busy lists the live reservations of the resources overlapping [from, to),
// by start.
func (r *Ranges) Busy(ctx context.Context, resourceIDs []string, from, to time.Time) ([]Range, error) {
	out := []Range{}
	if len(resourceIDs) == 0 {
		return out, nil
	}
	err := r.db.NewSelect().TableExpr("resource_ranges").Column("holder", "resource_id", "starts_at", "ends_at").
		Where("resource_id IN (?)", bun.In(resourceIDs)).Where("live").
		Where("ends_at > ?", norm(from)).Where("starts_at < ?", norm(to)).
		OrderExpr("starts_at, holder").Scan(ctx, &out)
	return out, err
}

// isExclusion is PostgreSQL's exclusion_violation (23P01).
func isExclusion(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "23P01"
}
