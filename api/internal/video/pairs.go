package video

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// PairRoom is the room of one date of a speed-dating round: two people, no
// lobby (both are in the call once they join), open for the round's window.
type PairRoom struct {
	ID       string
	HostID   string
	GuestID  string
	Title    string
	OpensAt  time.Time
	ClosesAt time.Time
}

// OpenPairRoom makes a speed-date room (idempotent by ID: a second call
// changes nothing). db is the caller's transaction, so the room exists
// exactly when the round that pairs the two does.
func (s *Service) OpenPairRoom(ctx context.Context, db bun.IDB, in PairRoom) error {
	if db == nil {
		db = s.db
	}
	now := s.c.Clock.Now()
	row := &roomRow{ID: in.ID, Kind: KindSpeedDate, HostID: in.HostID, GuestID: in.GuestID, Title: in.Title,
		OpensAt: in.OpensAt.UTC(), ClosesAt: in.ClosesAt.UTC(), AdmittedAt: &now, CreatedAt: now, UpdatedAt: now}
	_, err := db.NewInsert().Model(row).On("CONFLICT (id) DO NOTHING").Exec(ctx)
	return err
}

// ClosePairRooms ends speed-date rooms at the bell (rooms already ended keep
// their time); the pages see the room closed when they read it again.
func (s *Service) ClosePairRooms(ctx context.Context, db bun.IDB, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	if db == nil {
		db = s.db
	}
	_, err := db.NewUpdate().Model((*roomRow)(nil)).Set("ended_at = ?", at.UTC()).Set("updated_at = ?", at.UTC()).
		Where("id IN (?)", bun.In(ids)).Where("kind = ?", KindSpeedDate).Where("ended_at IS NULL").Exec(ctx)
	return err
}
