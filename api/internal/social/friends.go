package social

import (
	"context"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
)

// MaxFriends bounds a person's friends (and so the feed's fan-out on read).
const MaxFriends = 5000

// Realtime event types social publishes (interfaces.md).
const (
	EventFriendRequest = "friend.request"
	EventFriendUpdated = "friend.updated"
)

// SendRequest asks toID to be friends. A pending request from toID to the
// caller is accepted instead (the answer says "friends"); the unique pair
// index makes two people asking each other at once end as one request that
// the second ask accepts. Refused when either blocked the other (403), by
// toID's "who can send requests" (403), when already friends or already
// asked (409).
func (s *Service) SendRequest(ctx context.Context, fromID string, in FriendInput) (RequestResult, error) {
	if in.UserID == fromID {
		return RequestResult{}, errSelf
	}
	to, err := s.activePerson(ctx, in.UserID)
	if err != nil {
		return RequestResult{}, err
	}
	now := s.c.Clock.Now()
	// People are looked up before the transaction: on SQLite a lookup inside
	// it would wait for a pool connection held by writers queued behind it.
	ps, err := s.people(ctx, []string{fromID, to.ID})
	if err != nil {
		return RequestResult{}, err
	}
	var res RequestResult
	var req *requestRow
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res, req = RequestResult{}, nil
		if b, err := blocked(ctx, tx, fromID, to.ID); err != nil {
			return err
		} else if b {
			return ErrBlocked
		}
		if f, err := areFriends(ctx, tx, fromID, to.ID); err != nil {
			return err
		} else if f {
			return errAlreadyFriends
		}
		// An existing request from them is accepted, whatever their settings say of us.
		if r, err := s.st.requestOfPair(ctx, tx, fromID, to.ID); err != nil {
			return err
		} else if r != nil {
			if r.FromID == fromID {
				return errAlreadySent
			}
			return s.acceptTx(ctx, tx, r, ps, &res)
		}
		p, err := privacyOf(ctx, tx, to.ID)
		if err != nil {
			return err
		}
		switch p.WhoCanRequest {
		case RequestNobody:
			return errRequestsOff
		case RequestFriendsOfFriends:
			n, err := s.st.mutualCount(ctx, tx, fromID, to.ID)
			if err != nil {
				return err
			}
			if n == 0 {
				return errRequestsFoF
			}
		}
		lo, hi := pair(fromID, to.ID)
		r := &requestRow{ID: ids.New(), PairLo: lo, PairHi: hi, FromID: fromID, ToID: to.ID, CreatedAt: now}
		ok, err := s.st.insertRequest(ctx, tx, r)
		if err != nil {
			return err
		}
		if !ok {
			// They asked us in the same moment: theirs is committed now.
			other, err := s.st.requestOfPair(ctx, tx, fromID, to.ID)
			if err != nil {
				return err
			}
			if other == nil || other.FromID == fromID {
				return errAlreadySent
			}
			return s.acceptTx(ctx, tx, other, ps, &res)
		}
		req = r
		res.Status = "pending"
		return s.c.Events.Emit(ctx, tx, events.Event{Type: EventFriendRequest, Category: events.CategorySocial,
			Recipients: []string{to.ID}, Actor: fromID, Title: ps[fromID].DisplayName + " sent you a friend request",
			Link: "/friendrequest", Subject: events.Ref{Type: "friend_request", ID: r.ID},
			Data: map[string]any{"request_id": r.ID, "from": fromID}})
	})
	if err != nil {
		return RequestResult{}, err
	}
	if req != nil {
		out, err := s.requestDTOs(ctx, []requestRow{*req})
		if err != nil {
			return RequestResult{}, err
		}
		res.Request = &out[0]
		s.publish(ctx, []string{fromID, to.ID}, EventFriendRequest, out[0])
	} else {
		s.publish(ctx, []string{fromID, to.ID}, EventFriendUpdated, map[string]any{"status": "friends", "user_ids": []string{fromID, to.ID}})
	}
	return res, nil
}

// acceptTx turns r into a friendship in tx (the request row must be deleted
// by this call for it to count) and tells r's sender.
func (s *Service) acceptTx(ctx context.Context, tx bun.Tx, r *requestRow, ps map[string]Person, res *RequestResult) error {
	n, err := affected(tx.NewDelete().Table("friend_requests").Where("id = ?", r.ID).Exec(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return errRequestNotFound
	}
	if c, err := s.st.friendCount(ctx, tx, r.ToID); err != nil {
		return err
	} else if c >= MaxFriends {
		return errTooManyFriends
	}
	if err := s.st.befriend(ctx, tx, r.FromID, r.ToID, s.c.Clock.Now()); err != nil {
		return err
	}
	friend := ps[r.FromID]
	res.Status, res.Friend = "friends", &friend
	return s.c.Events.Emit(ctx, tx, events.Event{Type: "friend.accepted", Category: events.CategorySocial,
		Recipients: []string{r.FromID}, Actor: r.ToID, Title: ps[r.ToID].DisplayName + " accepted your friend request",
		Link: "/friendrequest?tab=friends", Subject: events.Ref{Type: "user", ID: r.ToID},
		Data: map[string]any{"user_id": r.ToID}})
}

// Accept accepts a request sent to the caller (404 when it is not theirs or gone).
func (s *Service) Accept(ctx context.Context, userID, id string) (RequestResult, error) {
	r := new(requestRow)
	if len(id) > 64 || s.c.DB.NewSelect().Model(r).Where("id = ? AND to_id = ?", id, userID).Scan(ctx) != nil {
		return RequestResult{}, errRequestNotFound
	}
	ps, err := s.people(ctx, []string{r.FromID, r.ToID})
	if err != nil {
		return RequestResult{}, err
	}
	var res RequestResult
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		res = RequestResult{}
		// acceptTx's conditional delete decides a race with a cancel or a second accept.
		return s.acceptTx(ctx, tx, r, ps, &res)
	})
	if err != nil {
		return RequestResult{}, err
	}
	s.publish(ctx, []string{r.FromID, r.ToID}, EventFriendUpdated,
		map[string]any{"status": "friends", "request_id": r.ID, "user_ids": []string{r.FromID, r.ToID}})
	return res, nil
}

// Decline declines a request sent to the caller; Cancel withdraws one they sent.
func (s *Service) Decline(ctx context.Context, userID, id string) error {
	return s.dropRequest(ctx, userID, id, "to_id", "declined")
}

// Cancel withdraws a request the caller sent.
func (s *Service) Cancel(ctx context.Context, userID, id string) error {
	return s.dropRequest(ctx, userID, id, "from_id", "cancelled")
}

func (s *Service) dropRequest(ctx context.Context, userID, id, col, status string) error {
	r, err := s.st.takeRequest(ctx, s.c.DB.DB, id, col, userID)
	if err != nil {
		return err
	}
	if r == nil {
		return errRequestNotFound
	}
	s.publish(ctx, []string{r.FromID, r.ToID}, EventFriendUpdated,
		map[string]any{"status": status, "request_id": r.ID, "user_ids": []string{r.FromID, r.ToID}})
	return nil
}

// Unfriend ends a friendship (404 when there is none).
func (s *Service) Unfriend(ctx context.Context, userID, otherID string) error {
	n, err := s.st.unfriend(ctx, s.c.DB.DB, userID, otherID)
	if err != nil {
		return err
	}
	if n == 0 {
		return errPersonNotFound
	}
	s.publish(ctx, []string{userID, otherID}, EventFriendUpdated,
		map[string]any{"status": "unfriended", "user_ids": []string{userID, otherID}})
	return nil
}

// Block blocks a person: any friendship, pending request and follow between
// the two ends in the same transaction, and neither may message, request or
// see the other's posts until the block is lifted. Blocking twice is fine.
func (s *Service) Block(ctx context.Context, userID string, in FriendInput) (Blocked, error) {
	if in.UserID == userID {
		return Blocked{}, errSelf
	}
	p, err := s.activePerson(ctx, in.UserID)
	if err != nil {
		return Blocked{}, err
	}
	now := s.c.Clock.Now()
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewRaw(`INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (blocker_id, blocked_id) DO NOTHING`, userID, p.ID, now).Exec(ctx); err != nil {
			return err
		}
		if _, err := s.st.unfriend(ctx, tx, userID, p.ID); err != nil {
			return err
		}
		if err := s.st.deletePairRequests(ctx, tx, userID, p.ID); err != nil {
			return err
		}
		_, err := tx.NewDelete().Table("social_follows").
			Where("(follower_id = ? AND provider_id = ?) OR (follower_id = ? AND provider_id = ?)", userID, p.ID, p.ID, userID).
			Exec(ctx)
		return err
	})
	if err != nil {
		return Blocked{}, err
	}
	s.publish(ctx, []string{userID, p.ID}, EventFriendUpdated, map[string]any{"status": "blocked", "user_ids": []string{userID, p.ID}})
	return Blocked{Person: toPerson(p), BlockedAt: now}, nil
}

// Unblock lifts the caller's block of otherID (404 when there is none).
func (s *Service) Unblock(ctx context.Context, userID, otherID string) error {
	n, err := affected(s.c.DB.NewDelete().Table("user_blocks").
		Where("blocker_id = ? AND blocked_id = ?", userID, otherID).Exec(ctx))
	if err != nil {
		return err
	}
	if n == 0 {
		return errPersonNotFound
	}
	s.publish(ctx, []string{userID}, EventFriendUpdated, map[string]any{"status": "unblocked", "user_ids": []string{userID, otherID}})
	return nil
}
