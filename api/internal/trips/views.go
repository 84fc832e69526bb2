package trips

import (
	"context"
	"sort"
	"strings"
	"time"

	"sojourn/api/internal/platform/page"
)

// live reads the items rows name from their Sources, grouped by trip and
// sorted by start; rows whose booking is gone (or no longer the user's)
// are left out.
func (s *Service) live(ctx context.Context, userID string, rows []itemRow) (map[string][]Item, error) {
	byKind := map[string][]string{}
	tripOf := map[string]string{}
	for _, r := range rows {
		byKind[r.Kind] = append(byKind[r.Kind], r.RefID)
		tripOf[r.Kind+":"+r.RefID] = r.TripID
	}
	out := map[string][]Item{}
	for kind, refs := range byKind {
		src, ok := s.sources[kind]
		if !ok {
			continue
		}
		items, err := src.Items(ctx, userID, refs)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			if it.UserID != "" && it.UserID != userID {
				continue
			}
			it.Kind = kind
			if t, ok := tripOf[kind+":"+it.RefID]; ok {
				out[t] = append(out[t], it)
			}
		}
	}
	for t := range out {
		items := out[t]
		sort.SliceStable(items, func(i, j int) bool {
			if !items[i].StartsAt.Equal(items[j].StartsAt) {
				return items[i].StartsAt.Before(items[j].StartsAt)
			}
			return items[i].Kind+items[i].RefID < items[j].Kind+items[j].RefID
		})
	}
	return out, nil
}

func (s *Service) itemRows(ctx context.Context, userID string, tripIDs []string) ([]itemRow, error) {
	rows := []itemRow{}
	if len(tripIDs) == 0 {
		return rows, nil
	}
	err := s.c.DB.NewSelect().Model(&rows).Where("user_id = ?", userID).Where("trip_id IN (?)", bunIn(tripIDs)).
		Scan(ctx)
	return rows, err
}

// summary is a trip's span, cities and counts from its live items.
func summary(t *tripRow, items []Item) TripDTO {
	d := TripDTO{ID: t.ID, Name: t.Name, CreatedAt: t.CreatedAt, Cities: []string{}, ItemCount: len(items)}
	seen := map[string]bool{}
	for _, it := range items {
		if !Live(it.Status) {
			continue
		}
		st, en := it.StartsAt.UTC(), it.EndsAt.UTC()
		if d.StartsAt == nil || st.Before(*d.StartsAt) {
			d.StartsAt = &st
		}
		if d.EndsAt == nil || en.After(*d.EndsAt) {
			d.EndsAt = &en
		}
		places := []Place{it.Start}
		for _, sg := range it.Segments { // a flight's cities: where it lands on the way too
			places = append(places, sg.From, sg.To)
		}
		for _, p := range append(places, it.End) {
			if c := strings.TrimSpace(p.City); c != "" && !seen[strings.ToLower(c)] {
				seen[strings.ToLower(c)] = true
				d.Cities = append(d.Cities, c)
			}
		}
	}
	d.ConflictCount = len(Conflicts(items))
	return d
}

// Trip is one of the caller's trips: its items in their local times and
// the conflicts between them.
func (s *Service) Trip(ctx context.Context, userID, id string) (TripView, error) {
	t, err := s.own(ctx, s.c.DB, userID, id)
	if err != nil {
		return TripView{}, err
	}
	rows, err := s.itemRows(ctx, userID, []string{id})
	if err != nil {
		return TripView{}, err
	}
	live, err := s.live(ctx, userID, rows)
	if err != nil {
		return TripView{}, err
	}
	items := live[id]
	v := TripView{TripDTO: summary(t, items), Items: []ItemDTO{}, Conflicts: []ConflictDTO{}}
	for _, it := range items {
		v.Items = append(v.Items, itemDTO(it))
	}
	for _, c := range Conflicts(items) {
		v.Conflicts = append(v.Conflicts, conflictDTO(c))
	}
	return v, nil
}

// List pages the caller's trips, newest first (keyset on created_at, id).
func (s *Service) List(ctx context.Context, userID string, c page.Cursor) ([]TripDTO, *page.Key, error) {
	var rows []*tripRow
	q := s.c.DB.NewSelect().Model(&rows).Where("t.user_id = ?", userID)
	if c.After != nil {
		q = q.Where("(t.created_at, t.id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.OrderExpr("t.created_at DESC, t.id DESC").Limit(int64(c.Fetch())).Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(t *tripRow) page.Key { return page.Key{CreatedAt: t.CreatedAt, ID: t.ID} })
	out, err := s.summaries(ctx, userID, rows)
	return out, next, err
}

func (s *Service) summaries(ctx context.Context, userID string, rows []*tripRow) ([]TripDTO, error) {
	ids := make([]string, 0, len(rows))
	for _, t := range rows {
		ids = append(ids, t.ID)
	}
	irows, err := s.itemRows(ctx, userID, ids)
	if err != nil {
		return nil, err
	}
	live, err := s.live(ctx, userID, irows)
	if err != nil {
		return nil, err
	}
	out := make([]TripDTO, 0, len(rows))
	for _, t := range rows {
		out = append(out, summary(t, live[t.ID]))
	}
	return out, nil
}

// Upcoming are the caller's trips not over yet (ending after now), soonest
// first, at most limit (1..50).
func (s *Service) Upcoming(ctx context.Context, userID string, limit int) ([]TripDTO, error) {
	if limit < 1 || limit > upcomingMax {
		limit = 10
	}
	var rows []*tripRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("t.user_id = ?", userID).OrderExpr("t.created_at DESC, t.id DESC").
		Limit(MaxTrips).Scan(ctx); err != nil {
		return nil, err
	}
	all, err := s.summaries(ctx, userID, rows)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := []TripDTO{}
	for _, t := range all {
		if t.EndsAt != nil && t.EndsAt.After(now) {
			out = append(out, t)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].StartsAt.Before(*out[j].StartsAt) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// CalendarItems are the items of the caller's trips overlapping [from, to),
// by start, each with its trip's id and name.
func (s *Service) CalendarItems(ctx context.Context, userID string, from, to time.Time) ([]ItemDTO, error) {
	var rows []*tripRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("t.user_id = ?", userID).OrderExpr("t.created_at DESC").
		Limit(MaxTrips).Scan(ctx); err != nil {
		return nil, err
	}
	ids, names := []string{}, map[string]string{}
	for _, t := range rows {
		ids = append(ids, t.ID)
		names[t.ID] = t.Name
	}
	irows, err := s.itemRows(ctx, userID, ids)
	if err != nil {
		return nil, err
	}
	live, err := s.live(ctx, userID, irows)
	if err != nil {
		return nil, err
	}
	all := []ItemDTO{}
	for tid, items := range live {
		for _, it := range items {
			if !Live(it.Status) || !overlaps(it.StartsAt, it.EndsAt, from, to) {
				continue
			}
			d := itemDTO(it)
			id, name := tid, names[tid]
			d.TripID, d.TripName = &id, &name
			all = append(all, d)
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].StartsAt.Before(all[j].StartsAt) })
	return all, nil
}
