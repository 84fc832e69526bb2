package realtime

import (
	"context"
	"time"

	"github.com/uptrace/bun"
)

// ticketRow is a single-use socket ticket (realtime_tickets; only its hash).
type ticketRow struct {
	bun.BaseModel `bun:"table:realtime_tickets"`
	ID            string     `bun:"id,pk"`
	TokenHash     string     `bun:"token_hash"`
	UserID        string     `bun:"user_id"`
	SessionID     string     `bun:"session_id"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	UsedAt        *time.Time `bun:"used_at"`
}

// Presence lives in two tables every instance shares:
// realtime_presence has a row per (user, instance) while that instance
// holds a socket of the user, its seen_at renewed every PresenceEvery (a
// row older than PresenceStale belongs to an instance that died);
// realtime_last_seen keeps when each user was last connected anywhere.
type presenceRow struct {
	bun.BaseModel `bun:"table:realtime_presence"`
	UserID        string    `bun:"user_id,pk"`
	InstanceID    string    `bun:"instance_id,pk"`
	SeenAt        time.Time `bun:"seen_at"`
}

type lastSeenRow struct {
	bun.BaseModel `bun:"table:realtime_last_seen"`
	UserID        string    `bun:"user_id,pk"`
	LastSeen      time.Time `bun:"last_seen"`
}

func (h *NATSHub) now() time.Time { return h.c.Clock.Now().UTC() }

func (h *NATSHub) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// online marks the user as connected through this instance.
func (h *NATSHub) online(user string) {
	ctx, cancel := h.ctx()
	defer cancel()
	now := h.now()
	_, err := h.c.DB.NewInsert().Model(&presenceRow{UserID: user, InstanceID: h.instance, SeenAt: now}).
		On("CONFLICT (user_id, instance_id) DO UPDATE").Set("seen_at = EXCLUDED.seen_at").Exec(ctx)
	if err == nil {
		err = h.touchLastSeen(ctx, []string{user}, now)
	}
	if err != nil {
		h.c.Log.Warn("realtime: presence not recorded", "err", err)
	}
}

// offline records that the user's last socket here closed.
func (h *NATSHub) offline(user string) {
	ctx, cancel := h.ctx()
	defer cancel()
	now := h.now()
	_, err := h.c.DB.NewDelete().Model((*presenceRow)(nil)).
		Where("user_id = ? AND instance_id = ?", user, h.instance).Exec(ctx)
	if err == nil {
		err = h.touchLastSeen(ctx, []string{user}, now)
	}
	if err != nil {
		h.c.Log.Warn("realtime: presence not recorded", "err", err)
	}
}

func (h *NATSHub) touchLastSeen(ctx context.Context, users []string, now time.Time) error {
	if len(users) == 0 {
		return nil
	}
	rows := make([]lastSeenRow, len(users))
	for i, u := range users {
		rows[i] = lastSeenRow{UserID: u, LastSeen: now}
	}
	_, err := h.c.DB.NewInsert().Model(&rows).On("CONFLICT (user_id) DO UPDATE").
		Set("last_seen = EXCLUDED.last_seen").Exec(ctx)
	return err
}

// heartbeat renews this instance's presence rows and last-seen times.
func (h *NATSHub) heartbeat() {
	h.mu.RLock()
	users := make([]string, 0, len(h.byUser))
	for u := range h.byUser {
		users = append(users, u)
	}
	h.mu.RUnlock()
	ctx, cancel := h.ctx()
	defer cancel()
	now := h.now()
	if _, err := h.c.DB.NewUpdate().Model((*presenceRow)(nil)).Set("seen_at = ?", now).
		Where("instance_id = ?", h.instance).Exec(ctx); err != nil {
		h.c.Log.Warn("realtime: presence heartbeat failed", "err", err)
		return
	}
	for len(users) > 0 {
		n := min(len(users), 500)
		if err := h.touchLastSeen(ctx, users[:n], now); err != nil {
			h.c.Log.Warn("realtime: presence heartbeat failed", "err", err)
			return
		}
		users = users[n:]
	}
}

func (h *NATSHub) presenceLoop() {
	defer h.wg.Done()
	t := time.NewTicker(PresenceEvery)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			ctx, cancel := h.ctx()
			_, _ = h.c.DB.NewDelete().Model((*presenceRow)(nil)).Where("instance_id = ?", h.instance).Exec(ctx)
			cancel()
			return
		case <-t.C:
			h.heartbeat()
		}
	}
}

// Presence answers who is online across every instance, and when each was
// last seen (zero when never).
func (h *NATSHub) Presence(ctx context.Context, userIDs []string) (map[string]Status, error) {
	out := make(map[string]Status, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	if len(userIDs) > 1000 {
		userIDs = userIDs[:1000]
	}
	for _, id := range userIDs {
		out[id] = Status{}
	}
	var live []presenceRow
	if err := h.c.DB.NewSelect().Model(&live).Where("user_id IN (?)", bun.In(userIDs)).
		Where("seen_at > ?", h.now().Add(-PresenceStale)).Scan(ctx); err != nil {
		return nil, err
	}
	var seen []lastSeenRow
	if err := h.c.DB.NewSelect().Model(&seen).Where("user_id IN (?)", bun.In(userIDs)).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range seen {
		out[r.UserID] = Status{LastSeen: r.LastSeen.UTC()}
	}
	for _, r := range live {
		st := out[r.UserID]
		st.Online = true
		if r.SeenAt.After(st.LastSeen) {
			st.LastSeen = r.SeenAt.UTC()
		}
		out[r.UserID] = st
	}
	return out, nil
}

// PurgePresence drops the rows of instances that died (no heartbeat for
// PresenceStale).
func (h *NATSHub) PurgePresence(ctx context.Context) (int64, error) {
	res, err := h.c.DB.NewDelete().Model((*presenceRow)(nil)).Where("seen_at <= ?", h.now().Add(-PresenceStale)).Exec(ctx)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
