// Package idempotency implements the Idempotency-Key header for every route
// that moves money or creates a purchase.
//
// A request with the header is recorded per (caller, key) in the
// idempotency_keys table before the handler runs:
//
//   - the same key with the same method, path and body replays the stored
//     answer (same status and body, header Idempotent-Replayed: true);
//   - the same key with a different request answers 409 conflict;
//   - the same key while the first request is still running answers 409;
//   - a 5xx answer is not stored (the key is freed so the client can retry);
//   - keys are 1-200 printable ASCII characters (422 otherwise) and expire
//     after 24 hours.
//
// Stored answers are sealed (package secretbox, purpose "idempotency
// answer", bound to the caller, the key and the request): an answer may
// hold a secret shown once, such as a gift card's code, and must not rest
// in plain text for those 24 hours. A stored answer that no longer opens
// (the server secret changed) answers 409 asking for a new key.
//
// Requests without the header run normally. Use it by wrapping a handler:
//
//	idem := idempotency.New(deps.DB, deps.Clock, cfg.JWTSecret)
//	r.Post("/wallet/transfers", idem.Wrap(h.transfer))
//
// and derive the money movement's key from Key(c), e.g.
// "transfer:"+userID+":"+idempotency.Key(c) (a random one when the header is
// absent): the stored answer covers client retries, the movement's key
// covers a crash between moving the money and storing the answer.
package idempotency

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/secretbox"
)

// Header is the request header; ReplayedHeader marks a replayed answer.
const (
	Header         = "Idempotency-Key"
	ReplayedHeader = "Idempotent-Replayed"
	// TTL is how long a key is remembered.
	TTL = 24 * time.Hour
	// StaleAfter frees a key whose request never finished (the process died);
	// the money service's own keys keep the retry from moving money twice.
	StaleAfter = 2 * time.Minute
	maxKeyLen  = 200
	localsKey  = "idempotency.key"
)

// row is a row of idempotency_keys.
type row struct {
	bun.BaseModel `bun:"table:idempotency_keys"`
	ID            string    `bun:"id,pk"`
	UserID        string    `bun:"user_id"`
	Key           string    `bun:"key"`
	Method        string    `bun:"method"`
	Path          string    `bun:"path"`
	RequestHash   string    `bun:"request_hash"`
	State         string    `bun:"state"`
	StatusCode    int       `bun:"status_code"`
	ResponseBody  string    `bun:"response_body"`
	CreatedAt     time.Time `bun:"created_at"`
	ExpiresAt     time.Time `bun:"expires_at"`
}

// Middleware stores and replays answers by Idempotency-Key.
type Middleware struct {
	db    bun.IDB
	clock clock.Clock
	box   *secretbox.Box
}

// New makes the middleware; secret (the server secret) keys the sealing of
// stored answers.
func New(db bun.IDB, c clock.Clock, secret []byte) *Middleware {
	return &Middleware{db: db, clock: c, box: secretbox.New(secret, "idempotency answer")}
}

var (
	errMismatch   = apperr.Conflict("This Idempotency-Key was used with a different request.")
	errInProgress = apperr.Conflict("A request with this Idempotency-Key is still being processed.")
	errUnreadable = apperr.Conflict("The answer stored for this Idempotency-Key can no longer be read; " +
		"send the request with a new key.")
)

// boundTo is the associated data a stored answer is sealed with: it opens
// only for the same caller, key and request.
func boundTo(user, key, hash string) string { return user + "\x00" + key + "\x00" + hash }

// Key is the request's Idempotency-Key ("" when absent), valid after the
// middleware ran.
func Key(c fiber.Ctx) string {
	if k, ok := c.Locals(localsKey).(string); ok {
		return k
	}
	return ""
}

// KeyOr is Key, or a fresh random key when the request has none.
func KeyOr(c fiber.Ctx) string {
	if k := Key(c); k != "" {
		return k
	}
	return ids.New()
}

// Handler is the middleware form (for app.Use or a route's handler chain).
func (m *Middleware) Handler() fiber.Handler {
	return func(c fiber.Ctx) error { return m.run(c, c.Next) }
}

// Wrap puts the middleware in front of one handler.
func (m *Middleware) Wrap(h fiber.Handler) fiber.Handler {
	return func(c fiber.Ctx) error { return m.run(c, func() error { return h(c) }) }
}

func validKey(k string) bool {
	if len(k) == 0 || len(k) > maxKeyLen {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x20 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

func (m *Middleware) run(c fiber.Ctx, next func() error) error {
	key := c.Get(Header)
	if key == "" {
		return next()
	}
	if !validKey(key) {
		return apperr.Validation(map[string]string{Header: "must be 1-200 printable ASCII characters"})
	}
	c.Locals(localsKey, key)
	user := ""
	if p := authn.From(c); p != nil {
		user = p.UserID
	}
	h := sha256.New()
	h.Write([]byte(c.Method()))
	h.Write([]byte{0})
	h.Write([]byte(c.Path()))
	h.Write([]byte{0})
	h.Write(c.Body())
	hash := hex.EncodeToString(h.Sum(nil))
	ctx := c.Context()

	r, err := m.claim(ctx, user, key, c.Method(), c.Path(), hash)
	if err != nil {
		return err
	}
	if r != nil { // an earlier request holds the key
		if r.RequestHash != hash {
			return errMismatch
		}
		if r.State != "done" {
			return errInProgress
		}
		body, err := m.box.Open(r.ResponseBody, boundTo(user, key, hash))
		if err != nil {
			return errUnreadable
		}
		c.Set(ReplayedHeader, "true")
		c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
		return c.Status(r.StatusCode).Send(body)
	}

	// This request owns the key: run it, let the error handler write any
	// error answer, then keep the answer (or free the key after a 5xx).
	if err := next(); err != nil {
		if herr := c.App().ErrorHandler(c, err); herr != nil {
			_ = m.release(context.WithoutCancel(ctx), user, key)
			return herr
		}
	}
	status := c.Response().StatusCode()
	bg := context.WithoutCancel(ctx)
	if status >= 500 {
		return m.release(bg, user, key)
	}
	sealed := m.box.Seal(c.Response().Body(), boundTo(user, key, hash))
	_, err = m.db.NewUpdate().Model((*row)(nil)).Set("state = 'done'").Set("status_code = ?", status).
		Set("response_body = ?", sealed).Where("user_id = ? AND key = ?", user, key).Exec(bg)
	return err
}

// claim inserts the key in progress; it returns nil when this request owns
// it, or the existing row. Expired keys, and keys left in progress by a
// request that never finished, are taken over.
func (m *Middleware) claim(ctx context.Context, user, key, method, path, hash string) (*row, error) {
	for attempt := 0; attempt < 3; attempt++ {
		now := m.clock.Now()
		r := &row{ID: ids.New(), UserID: user, Key: key, Method: method, Path: path, RequestHash: hash,
			State: "in_progress", CreatedAt: now, ExpiresAt: now.Add(TTL)}
		res, err := m.db.NewInsert().Model(r).On("CONFLICT (user_id, key) DO NOTHING").Exec(ctx)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil, nil
		}
		old := &row{}
		err = m.db.NewSelect().Model(old).Where("user_id = ? AND key = ?", user, key).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			continue // freed meanwhile
		}
		if err != nil {
			return nil, err
		}
		expired := !old.ExpiresAt.After(now)
		stale := old.State == "in_progress" && now.Sub(old.CreatedAt) > StaleAfter
		if !expired && !stale {
			return old, nil
		}
		if _, err := m.db.NewDelete().Model((*row)(nil)).Where("id = ?", old.ID).Exec(ctx); err != nil {
			return nil, err
		}
	}
	return nil, errInProgress
}

func (m *Middleware) release(ctx context.Context, user, key string) error {
	_, err := m.db.NewDelete().Model((*row)(nil)).Where("user_id = ? AND key = ? AND state = 'in_progress'", user, key).
		Exec(ctx)
	return err
}

// Purge deletes expired keys; it returns how many.
func (m *Middleware) Purge(ctx context.Context) (int64, error) {
	res, err := m.db.NewDelete().Model((*row)(nil)).Where("expires_at <= ?", m.clock.Now()).Exec(ctx)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
