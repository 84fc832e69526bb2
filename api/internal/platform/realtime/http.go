package realtime

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/ids"
)

// Ticket is the answer of POST /api/v1/realtime/tickets.
type Ticket struct {
	Ticket    string    `json:"ticket"`
	ExpiresAt time.Time `json:"expires_at"`
}

// Register mounts POST /realtime/tickets (signed in) and GET /realtime (the
// WebSocket, authenticated by a ticket) under /api/v1.
func (h *NATSHub) Register(r httpx.Router) {
	r.Post("/realtime/tickets", h.createTicket)
	r.Get("/realtime", h.upgrade)
}

func (h *NATSHub) createTicket(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if ok, wait := h.tickets.Allow("u:" + p.UserID); !ok {
		return apperr.RateLimited("Too many connection attempts; wait a moment.", wait)
	}
	t, err := h.IssueTicket(c.Context(), p.UserID, p.SessionID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"data": t})
}

// IssueTicket stores a single-use ticket for the user's session (only its
// hash is kept).
func (h *NATSHub) IssueTicket(ctx context.Context, userID, sessionID string) (Ticket, error) {
	raw := ids.Token(32)
	now := h.c.Clock.Now().UTC()
	row := &ticketRow{ID: ids.New(), TokenHash: ids.Hash(raw), UserID: userID, SessionID: sessionID,
		CreatedAt: now, ExpiresAt: now.Add(TicketTTL)}
	if _, err := h.c.DB.NewInsert().Model(row).Exec(ctx); err != nil {
		return Ticket{}, err
	}
	return Ticket{Ticket: raw, ExpiresAt: row.ExpiresAt}, nil
}

var errBadTicket = apperr.Unauthenticated("The ticket is invalid, expired or already used; ask for a new one.")

// SpendTicket uses a ticket up: one conditional update, so of any number of
// concurrent spends exactly one wins. It returns the ticket's user and
// session.
func (h *NATSHub) SpendTicket(ctx context.Context, raw string) (user, session string, err error) {
	if raw == "" || len(raw) > 100 {
		return "", "", errBadTicket
	}
	now := h.c.Clock.Now().UTC()
	var out struct {
		UserID    string `bun:"user_id"`
		SessionID string `bun:"session_id"`
	}
	err = h.c.DB.NewRaw(`UPDATE realtime_tickets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL
		AND expires_at > ? RETURNING user_id, session_id`, now, ids.Hash(raw), now).Scan(ctx, &out)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", errBadTicket
	}
	if err != nil {
		return "", "", err
	}
	return out.UserID, out.SessionID, nil
}

// PurgeTickets deletes tickets that expired (used or not) a minute ago.
func (h *NATSHub) PurgeTickets(ctx context.Context) (int64, error) {
	res, err := h.c.DB.NewDelete().Model((*ticketRow)(nil)).
		Where("expires_at < ?", h.c.Clock.Now().UTC().Add(-time.Minute)).Exec(ctx)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

var errUpgrade = apperr.New(apperr.CodeUpgradeRequired, "This route opens a WebSocket; connect with an upgrade request.")

func (h *NATSHub) upgrade(c fiber.Ctx) error {
	if o := c.Get(fiber.HeaderOrigin); o != "" && !h.c.Origin(o) {
		return apperr.Forbidden("Sockets open only from Sojourn's portals.")
	}
	raw := c.Query("ticket")
	if raw == "" {
		return errBadTicket
	}
	rc := c.RequestCtx()
	if !websocket.FastHTTPIsWebSocketUpgrade(rc) {
		return errUpgrade
	}
	user, session, err := h.SpendTicket(c.Context(), raw)
	if err != nil {
		return err
	}
	h.attachMu.RLock()
	src := h.sessions
	h.attachMu.RUnlock()
	if src != nil {
		st, err := src.AuthState(c.Context(), user, session)
		if err != nil && !errors.Is(err, apperr.ErrNotFound) {
			return err
		}
		if err != nil || !st.Active || !st.SessionLive {
			return apperr.Unauthenticated("This session has ended. Sign in again.")
		}
	}
	up := websocket.FastHTTPUpgrader{
		ReadBufferSize: 1024, WriteBufferSize: 1024, HandshakeTimeout: 10 * time.Second,
		// The origin was checked above (and a missing one is a non-browser
		// client, which had to hold a ticket all the same).
		CheckOrigin: func(*fasthttp.RequestCtx) bool { return true },
	}
	return up.Upgrade(rc, func(ws *websocket.Conn) {
		s := newSocket(h, ws, user, session)
		if err := h.register(s); err != nil {
			_ = ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(closeGoingAway, "server restarting"),
				time.Now().Add(writeWait))
			_ = ws.Close()
			return
		}
		defer h.wg.Done()
		h.online(s.user)
		s.push(mustFrame("ready", map[string]string{"user_id": user}))
		s.run()
		if h.unregister(s) {
			h.offline(s.user)
		}
	})
}
