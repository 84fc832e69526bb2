package video

import (
	"context"
)

// Join enters the room: the host into the call, the guest into the lobby
// (or the call, once admitted). Only while the room is open.
func (s *Service) Join(ctx context.Context, userID, id string) (Room, error) {
	r, err := s.load(ctx, userID, id)
	if err != nil {
		return Room{}, err
	}
	now := s.c.Clock.Now()
	if err := r.open(now); err != nil {
		return Room{}, err
	}
	if err := s.store(ctx, r); err != nil {
		return Room{}, err
	}
	col := "guest_joined_at"
	if userID == r.row.HostID {
		col = "host_joined_at"
	}
	if _, err := s.db.NewUpdate().Model((*roomRow)(nil)).Set("? = ?", bunIdent(col), now).
		Set("updated_at = ?", now).Where("id = ?", r.row.ID).Where("ended_at IS NULL").Exec(ctx); err != nil {
		return Room{}, err
	}
	if err := s.reread(ctx, r); err != nil {
		return Room{}, err
	}
	if err := r.open(now); err != nil { // a friend call hung up meanwhile
		return Room{}, err
	}
	s.pushLobby(ctx, r)
	return s.answer(ctx, r, userID)
}

// Admit lets the waiting guest into the call; only the host may, and
// admitting joins the host too.
func (s *Service) Admit(ctx context.Context, userID, id string) (Room, error) {
	r, err := s.load(ctx, userID, id)
	if err != nil {
		return Room{}, err
	}
	if userID != r.row.HostID {
		return Room{}, errOnlyHost
	}
	now := s.c.Clock.Now()
	if err := r.open(now); err != nil {
		return Room{}, err
	}
	if err := s.store(ctx, r); err != nil {
		return Room{}, err
	}
	res, err := s.db.NewUpdate().Model((*roomRow)(nil)).Set("admitted_at = ?", now).
		Set("host_joined_at = COALESCE(host_joined_at, ?)", now).Set("updated_at = ?", now).
		Where("id = ?", r.row.ID).Where("guest_joined_at IS NOT NULL").Where("admitted_at IS NULL").Exec(ctx)
	if err != nil {
		return Room{}, err
	}
	if err := s.reread(ctx, r); err != nil {
		return Room{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if r.row.AdmittedAt == nil || r.row.GuestJoinedAt == nil {
			return Room{}, errNobody
		}
		return s.answer(ctx, r, userID) // admitted already (a second click, another tab)
	}
	s.pushLobby(ctx, r)
	return s.answer(ctx, r, userID)
}

// Leave takes the caller out of the room (an admitted guest comes back
// without waiting). A friend call ends when one leaves and the other is
// not in the room.
func (s *Service) Leave(ctx context.Context, userID, id string) (Room, error) {
	r, err := s.load(ctx, userID, id)
	if err != nil {
		return Room{}, err
	}
	if !r.stored {
		return s.answer(ctx, r, userID)
	}
	now := s.c.Clock.Now()
	mine, other := "guest_joined_at", "host_joined_at"
	if userID == r.row.HostID {
		mine, other = other, mine
	}
	q := s.db.NewUpdate().Model((*roomRow)(nil)).Set("? = NULL", bunIdent(mine)).Set("updated_at = ?", now).
		Where("id = ?", r.row.ID)
	if r.row.Kind == KindFriends {
		q = q.Set("ended_at = CASE WHEN ? IS NULL THEN ? ELSE ended_at END", bunIdent(other), now)
	}
	if _, err := q.Exec(ctx); err != nil {
		return Room{}, err
	}
	if err := s.reread(ctx, r); err != nil {
		return Room{}, err
	}
	s.pushLobby(ctx, r)
	return s.answer(ctx, r, userID)
}
