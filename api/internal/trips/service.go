package trips

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/clock"
	dbx "sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
)

// Bounds.
const (
	MaxTrips     = 200 // trips per user
	MaxItems     = 100 // bookings per trip
	MaxNameLen   = 80
	MatchMargin  = 24 * time.Hour // Attach: a trip within a day of the booking is its trip
	upcomingMax  = 50
	candidateMax = 50
)

// Config is what trips need: the database, the clock and the booking
// domains' Sources (one per kind).
type Config struct {
	DB      *dbx.DB
	Clock   clock.Clock
	Log     *slog.Logger
	Sources []Source
}

// Service is the trips module.
type Service struct {
	c       Config
	sources map[string]Source
	kinds   []string
}

// New builds the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil {
		return nil, errors.New("trips: Config needs DB and Clock")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	s := &Service{c: c, sources: map[string]Source{}}
	for _, src := range c.Sources {
		if src == nil {
			continue
		}
		if _, dup := s.sources[src.Kind()]; dup {
			return nil, errors.New("trips: two sources of kind " + src.Kind())
		}
		s.sources[src.Kind()] = src
		s.kinds = append(s.kinds, src.Kind())
	}
	sort.Strings(s.kinds)
	return s, nil
}

func (s *Service) now() time.Time { return s.c.Clock.Now().UTC() }

// Kinds are the kinds of bookings a trip can hold (those with a Source).
func (s *Service) Kinds() []string { return s.kinds }

func checkName(f apperr.Fields, name string) string {
	name = strings.TrimSpace(name)
	n := utf8.RuneCountInString(name)
	f.Check(n >= 1 && n <= MaxNameLen, "name", "must be 1 to 80 characters")
	httpx.CheckText(f, "name", name)
	return name
}

// Create starts an empty trip.
func (s *Service) Create(ctx context.Context, userID, name string) (TripView, error) {
	f := apperr.Fields{}
	name = checkName(f, name)
	if err := f.Err(); err != nil {
		return TripView{}, err
	}
	var id string
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.lockUser(ctx, tx, userID); err != nil {
			return err
		}
		var err error
		id, err = s.insertTrip(ctx, tx, userID, name)
		return err
	})
	if err != nil {
		return TripView{}, err
	}
	return s.Trip(ctx, userID, id)
}

func (s *Service) insertTrip(ctx context.Context, tx bun.IDB, userID, name string) (string, error) {
	n, err := tx.NewSelect().Model((*tripRow)(nil)).Where("user_id = ?", userID).Count(ctx)
	if err != nil {
		return "", err
	}
	if n >= MaxTrips {
		return "", errTooManyTrips
	}
	now := s.now()
	t := &tripRow{ID: ids.New(), UserID: userID, Name: name, CreatedAt: now, UpdatedAt: now}
	_, err = tx.NewInsert().Model(t).Exec(ctx)
	return t.ID, err
}

// Rename renames the caller's trip.
func (s *Service) Rename(ctx context.Context, userID, id, name string) (TripView, error) {
	f := apperr.Fields{}
	name = checkName(f, name)
	if err := f.Err(); err != nil {
		return TripView{}, err
	}
	res, err := s.c.DB.NewUpdate().Model((*tripRow)(nil)).Set("name = ?", name).Set("updated_at = ?", s.now()).
		Where("id = ? AND user_id = ?", id, userID).Exec(ctx)
	if err != nil {
		return TripView{}, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return TripView{}, errNotFound
	}
	return s.Trip(ctx, userID, id)
}

// Delete deletes the caller's trip; its bookings stay, in no trip.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.own(ctx, tx, userID, id); err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model((*itemRow)(nil)).Where("trip_id = ?", id).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewDelete().Model((*tripRow)(nil)).Where("id = ?", id).Exec(ctx)
		return err
	})
}

// own is the caller's trip (404 for anyone else's).
func (s *Service) own(ctx context.Context, db bun.IDB, userID, id string) (*tripRow, error) {
	t := new(tripRow)
	if len(id) > 64 {
		return nil, errNotFound
	}
	if err := db.NewSelect().Model(t).Where("t.id = ? AND t.user_id = ?", id, userID).Scan(ctx); err != nil {
		return nil, errNotFound
	}
	return t, nil
}

// lockUser serialises the caller's trip writes (Attach's choice of a trip,
// the trip count): a transaction-scoped advisory lock on PostgreSQL; SQLite
// write transactions are serialised already.
func (s *Service) lockUser(ctx context.Context, tx bun.IDB, userID string) error {
	if s.c.DB.Kind != dbx.Postgres {
		return nil
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte("trips:" + userID))
	_, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", int64(h.Sum64()))
	return err
}

// AddItem puts one of the caller's bookings (by kind and id) in their trip.
func (s *Service) AddItem(ctx context.Context, userID, tripID string, ref ItemRef) (TripView, error) {
	src, ok := s.sources[ref.Kind]
	if !ok || ref.RefID == "" || len(ref.RefID) > 64 {
		return TripView{}, apperr.Validation(map[string]string{"kind": "must be one of " + strings.Join(s.kinds, ", ")})
	}
	items, err := src.Items(ctx, userID, []string{ref.RefID})
	if err != nil {
		return TripView{}, err
	}
	if len(items) == 0 {
		return TripView{}, errItemNotFound
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.own(ctx, tx, userID, tripID); err != nil {
			return err
		}
		return s.insertItem(ctx, tx, userID, tripID, ref.Kind, ref.RefID)
	})
	if err != nil {
		return TripView{}, err
	}
	return s.Trip(ctx, userID, tripID)
}

func (s *Service) insertItem(ctx context.Context, tx bun.IDB, userID, tripID, kind, refID string) error {
	n, err := tx.NewSelect().Model((*itemRow)(nil)).Where("trip_id = ?", tripID).Count(ctx)
	if err != nil {
		return err
	}
	if n >= MaxItems {
		return errTooManyItems
	}
	_, err = tx.NewInsert().Model(&itemRow{TripID: tripID, UserID: userID, Kind: kind, RefID: refID,
		AddedAt: s.now()}).Exec(ctx)
	if dbx.IsUniqueViolation(err) {
		return errInTrip
	}
	if err == nil {
		_, err = tx.NewUpdate().Model((*tripRow)(nil)).Set("updated_at = ?", s.now()).Where("id = ?", tripID).Exec(ctx)
	}
	return err
}

// RemoveItem takes a booking out of the caller's trip (the booking stays).
func (s *Service) RemoveItem(ctx context.Context, userID, tripID string, ref ItemRef) (TripView, error) {
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.own(ctx, tx, userID, tripID); err != nil {
			return err
		}
		res, err := tx.NewDelete().Model((*itemRow)(nil)).Where("trip_id = ? AND kind = ? AND ref_id = ?",
			tripID, ref.Kind, ref.RefID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errItemNotFound
		}
		return nil
	})
	if err != nil {
		return TripView{}, err
	}
	return s.Trip(ctx, userID, tripID)
}

// Candidates are the caller's upcoming bookings of every kind that are in
// no trip ("Add to trip").
func (s *Service) Candidates(ctx context.Context, userID string) ([]ItemDTO, error) {
	var rows []itemRow
	if err := s.c.DB.NewSelect().Model(&rows).Column("kind", "ref_id").Where("user_id = ?", userID).
		Scan(ctx); err != nil {
		return nil, err
	}
	inTrip := map[string]bool{}
	for _, r := range rows {
		inTrip[r.Kind+":"+r.RefID] = true
	}
	out := []ItemDTO{}
	all := []Item{}
	for _, k := range s.kinds {
		items, err := s.sources[k].Upcoming(ctx, userID, s.now(), candidateMax)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			if !inTrip[it.Kind+":"+it.RefID] {
				all = append(all, it)
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].StartsAt.Before(all[j].StartsAt) })
	for _, it := range all {
		out = append(out, itemDTO(it))
	}
	return out, nil
}
