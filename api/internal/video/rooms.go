package video

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/bookings"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/practice"
)

// maxID bounds the ids accepted in paths and frames.
const maxID = 64

// load reads room id as userID may see it: a stored row, or a session the
// user takes part in whose room was not made yet. Anything else, a room of
// others included, is ErrNotFound.
func (s *Service) load(ctx context.Context, userID, id string) (*room, error) {
	if id == "" || len(id) > maxID {
		return nil, ErrNotFound
	}
	row := new(roomRow)
	err := s.db.NewSelect().Model(row).Where("id = ?", id).Scan(ctx)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		row = nil
	case err != nil:
		return nil, err
	}
	if row != nil && (row.Kind == KindFriends || row.Kind == KindSpeedDate) {
		if !row.participant(userID) {
			return nil, ErrNotFound
		}
		return &room{row: row, stored: true, startsAt: row.CreatedAt}, nil
	}
	// A session's room: its participants and window come from the booking
	// every time (a reschedule moves it, a cancellation closes it).
	ses, err := s.c.Sessions.Session(ctx, id)
	if errors.Is(err, bookings.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if ses.Format != practice.FormatVideo || (userID != ses.UserID && userID != ses.ProviderUserID) {
		return nil, ErrNotFound
	}
	r := &room{row: row, stored: row != nil, startsAt: ses.Start, status: ses.Status}
	if row == nil {
		now := s.c.Clock.Now()
		bid := ses.ID
		r.row = &roomRow{ID: ses.ID, Kind: KindAppointment, BookingID: &bid, HostID: ses.ProviderUserID,
			GuestID: ses.UserID, CreatedAt: now, UpdatedAt: now}
	}
	r.row.Title = ses.Title
	r.row.OpensAt, r.row.ClosesAt = ses.Start.Add(-Lead).UTC(), ses.End.UTC()
	return r, nil
}

// statusAt is the room's status at now.
func (r *room) statusAt(now time.Time) string {
	if r.row.Kind == KindAppointment && r.status != bookings.StatusConfirmed {
		if r.status == bookings.StatusCompleted || r.status == bookings.StatusNoShow {
			return StatusClosed
		}
		return StatusCancelled
	}
	switch {
	case r.row.EndedAt != nil || !now.Before(r.row.ClosesAt):
		return StatusClosed
	case now.Before(r.row.OpensAt):
		return StatusUpcoming
	}
	return StatusOpen
}

// open refuses a room that is not open now.
func (r *room) open(now time.Time) error {
	switch r.statusAt(now) {
	case StatusUpcoming:
		return errNotOpenYet
	case StatusClosed:
		return errEnded
	case StatusCancelled:
		return errCancelled
	}
	return nil
}

// store writes a session's room row the first time it is joined (a
// concurrent first join inserts nothing), keeping its window up to date.
func (s *Service) store(ctx context.Context, r *room) error {
	if !r.stored {
		if _, err := s.db.NewInsert().Model(r.row).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
			return err
		}
		r.stored = true
	}
	if r.row.Kind == KindAppointment {
		_, err := s.db.NewUpdate().Model((*roomRow)(nil)).Set("opens_at = ?", r.row.OpensAt).
			Set("closes_at = ?", r.row.ClosesAt).Set("title = ?", r.row.Title).Where("id = ?", r.row.ID).
			Where("opens_at <> ? OR closes_at <> ? OR title <> ?", r.row.OpensAt, r.row.ClosesAt, r.row.Title).
			Exec(ctx)
		return err
	}
	return nil
}

// reread reads the stored row again after a change.
func (s *Service) reread(ctx context.Context, r *room) error {
	row := new(roomRow)
	if err := s.db.NewSelect().Model(row).Where("id = ?", r.row.ID).Scan(ctx); err != nil {
		return err
	}
	row.Title, row.OpensAt, row.ClosesAt = r.row.Title, r.row.OpensAt, r.row.ClosesAt
	r.row = row
	return nil
}

// view is the room as userID sees it.
func (s *Service) view(r *room, userID string, people map[string]Person) Room {
	row := r.row
	role := "guest"
	if userID == row.HostID {
		role = "host"
	}
	peer := people[row.peerOf(userID)]
	return Room{ID: row.ID, Kind: row.Kind, BookingID: row.BookingID, Title: row.Title, StartsAt: r.startsAt.UTC(),
		OpensAt: row.OpensAt.UTC(), ClosesAt: row.ClosesAt.UTC(), Status: r.statusAt(s.c.Clock.Now()), Role: role,
		Peer: peer, Lobby: Lobby{HostIn: row.HostJoinedAt != nil, GuestIn: row.GuestJoinedAt != nil,
			GuestAdmitted: row.AdmittedAt != nil}, Mode: s.Mode()}
}

// people names the participants of rooms.
func (s *Service) people(ctx context.Context, rooms ...*room) (map[string]Person, error) {
	var want []string
	for _, r := range rooms {
		want = append(want, r.row.HostID, r.row.GuestID)
	}
	found, err := s.c.Directory.Lookup(ctx, want)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Person, len(found))
	for id, p := range found {
		name := p.DisplayName
		if name == "" {
			name = p.Username
		}
		out[id] = Person{ID: id, Name: name, AvatarURL: p.AvatarURL}
	}
	for _, id := range want {
		if _, ok := out[id]; !ok {
			out[id] = Person{ID: id, Name: "Former member"}
		}
	}
	return out, nil
}

// Room is one room as userID sees it.
func (s *Service) Room(ctx context.Context, userID, id string) (Room, error) {
	r, err := s.load(ctx, userID, id)
	if err != nil {
		return Room{}, err
	}
	return s.answer(ctx, r, userID)
}

func (s *Service) answer(ctx context.Context, r *room, userID string) (Room, error) {
	people, err := s.people(ctx, r)
	if err != nil {
		return Room{}, err
	}
	return s.view(r, userID, people), nil
}

// Rooms are the caller's upcoming session rooms (the client's, or with
// kind those of the caller's practice of that kind) and, for the client
// view, their open calls with friends; soonest first.
func (s *Service) Rooms(ctx context.Context, userID, kind string) ([]Room, error) {
	now := s.c.Clock.Now()
	sessions, err := s.c.Sessions.Upcoming(ctx, userID, kind, practice.FormatVideo, now, now.Add(ListAhead), ListLimit)
	if err != nil {
		return nil, err
	}
	idsOf := make([]string, 0, len(sessions))
	for _, ses := range sessions {
		idsOf = append(idsOf, ses.ID)
	}
	stored := map[string]*roomRow{}
	if len(idsOf) > 0 {
		var rows []*roomRow
		if err := s.db.NewSelect().Model(&rows).Where("id IN (?)", bun.In(idsOf)).Scan(ctx); err != nil {
			return nil, err
		}
		for _, row := range rows {
			stored[row.ID] = row
		}
	}
	var rooms []*room
	for _, ses := range sessions {
		row := stored[ses.ID]
		r := &room{row: row, stored: row != nil, startsAt: ses.Start, status: ses.Status}
		if row == nil {
			bid := ses.ID
			r.row = &roomRow{ID: ses.ID, Kind: KindAppointment, BookingID: &bid, HostID: ses.ProviderUserID,
				GuestID: ses.UserID}
		}
		r.row.Title, r.row.OpensAt, r.row.ClosesAt = ses.Title, ses.Start.Add(-Lead).UTC(), ses.End.UTC()
		rooms = append(rooms, r)
	}
	if kind == "" {
		var calls []*roomRow
		if err := s.db.NewSelect().Model(&calls).Where("kind = ?", KindFriends).
			Where("host_id = ? OR guest_id = ?", userID, userID).Where("ended_at IS NULL").
			Where("closes_at > ?", now).OrderExpr("closes_at, id").Limit(ListLimit).Scan(ctx); err != nil {
			return nil, err
		}
		for _, row := range calls {
			rooms = append(rooms, &room{row: row, stored: true, startsAt: row.CreatedAt})
		}
	}
	sort.SliceStable(rooms, func(i, j int) bool { return rooms[i].row.OpensAt.Before(rooms[j].row.OpensAt) })
	people, err := s.people(ctx, rooms...)
	if err != nil {
		return nil, err
	}
	out := make([]Room, 0, len(rooms))
	for _, r := range rooms {
		out = append(out, s.view(r, userID, people))
	}
	return out, nil
}

// CallFriend starts a call with a friend (or answers the open one between
// them) and rings the friend.
func (s *Service) CallFriend(ctx context.Context, userID string, in FriendCallInput) (Room, error) {
	if in.FriendID == userID {
		return Room{}, errCallYourself
	}
	if in.FriendID == "" || len(in.FriendID) > maxID {
		return Room{}, ErrNotFound
	}
	if s.c.Friends == nil {
		return Room{}, errNoFriends
	}
	ok, err := s.c.Friends.AreFriends(ctx, userID, in.FriendID)
	if err != nil {
		return Room{}, err
	}
	if !ok {
		return Room{}, errNotFriends
	}
	now := s.c.Clock.Now()
	row := new(roomRow)
	err = s.db.NewSelect().Model(row).Where("kind = ?", KindFriends).Where("ended_at IS NULL").
		Where("closes_at > ?", now).
		Where("(host_id = ? AND guest_id = ?) OR (host_id = ? AND guest_id = ?)", userID, in.FriendID, in.FriendID, userID).
		OrderExpr("created_at DESC, id DESC").Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		row = &roomRow{ID: ids.New(), Kind: KindFriends, HostID: userID, GuestID: in.FriendID, Title: "Call",
			OpensAt: now, ClosesAt: now.Add(FriendCallLength), AdmittedAt: &now, CreatedAt: now, UpdatedAt: now}
		if _, err := s.db.NewInsert().Model(row).Exec(ctx); err != nil {
			return Room{}, err
		}
	} else if err != nil {
		return Room{}, err
	}
	r := &room{row: row, stored: true, startsAt: row.CreatedAt}
	people, err := s.people(ctx, r)
	if err != nil {
		return Room{}, err
	}
	s.push(ctx, in.FriendID, "video.room", s.view(r, in.FriendID, people))
	return s.view(r, userID, people), nil
}

// push tells one user; delivery is best effort (the page reads the room
// again when it reconnects).
func (s *Service) push(ctx context.Context, userID, typ string, data any) {
	if err := s.c.Live.Publish(ctx, []string{userID}, typ, data); err != nil {
		s.c.Log.Warn("video: push", "type", typ, "err", err)
	}
}

// pushLobby tells both participants the room as each sees it.
func (s *Service) pushLobby(ctx context.Context, r *room) {
	people, err := s.people(ctx, r)
	if err != nil {
		s.c.Log.Warn("video: lobby push", "err", err)
		return
	}
	for _, id := range []string{r.row.HostID, r.row.GuestID} {
		s.push(ctx, id, "video.lobby", s.view(r, id, people))
	}
}
