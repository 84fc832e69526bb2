package accounts

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/passwords"
)

// SignUp creates an account, mails a verification link and signs the user in.
func (s *Service) SignUp(ctx context.Context, in RegisterInput, m ClientMeta) (*LoginResponse, error) {
	f := apperr.Fields{}
	email := checkEmail(f, in.Email)
	username := normUsername(in.Username)
	if p := usernameProblem(username); p != "" {
		f.Add("username", p)
	}
	if in.Password == "" {
		f.Add("password", "is required")
	} else if p := passwords.Problem(in.Password, email, username); p != "" {
		f.Add("password", p)
	}
	checkPortal(f, in.Portal)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if ok, wait := s.registerIP.Allow(m.IP); !ok {
		return nil, apperr.RateLimited("Too many accounts were created from your network. Try again later.", wait)
	}
	if blocked, wait := s.registerTaken.Blocked(m.IP); blocked {
		return nil, apperr.RateLimited("Too many sign-ups from your network were for addresses or usernames "+
			"that already have an account. Try again later, or sign in.", wait)
	}
	hash, err := s.c.Hasher.Hash(ctx, in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	u := newUserRow(email, username, hash, now)
	verifyRaw := ids.Token(32)
	var sid, refreshRaw string
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.insertUser(ctx, tx, u); err != nil {
			return err
		}
		if err := s.st.insertEmailToken(ctx, tx, &emailTokenRow{ID: ids.New(), UserID: u.ID, Purpose: purposeVerify,
			TokenHash: ids.Hash(verifyRaw), CreatedAt: now, ExpiresAt: now.Add(verifyTTL)}); err != nil {
			return err
		}
		sid, refreshRaw, err = s.newSession(ctx, tx, u.ID, m, now)
		return err
	})
	if ae := (*apperr.Error)(nil); errors.As(err, &ae) && ae.Code == apperr.CodeConflict {
		s.registerTaken.Allow(m.IP) // see registerTaken
	}
	if err != nil {
		return nil, err
	}
	s.sendMail(ctx, verifyMail(s.c.Settings.PortalOrigin(in.Portal), u, verifyRaw))
	return s.loginResponse(ctx, u, sid, refreshRaw)
}

// Login checks a password and opens a session. Unknown emails and wrong
// passwords get the same answer in about the same time; five failures within
// fifteen minutes lock the address until the window passes.
//
// The attempt is counted before the password is checked, by the database:
// one transaction per attempt, serialised per address, counts the window and
// writes the attempt's row when it is under the limit, so of any number of
// parallel attempts only the first five are ever checked. A refused attempt
// leaves no row (the lock does not grow while it is hammered); a failed one
// keeps its row; a success removes it and every older one.
func (s *Service) Login(ctx context.Context, in LoginInput, m ClientMeta) (*LoginResponse, error) {
	f := apperr.Fields{}
	email := strings.TrimSpace(in.Email)
	f.Check(email != "", "email", "is required")
	f.Check(in.Password != "", "password", "is required")
	if err := f.Err(); err != nil {
		return nil, err
	}
	if ok, wait := s.loginIP.Allow(m.IP); !ok {
		return nil, apperr.RateLimited("Too many sign-in attempts from your network. Try again later.", wait)
	}
	lower := foldEmail(email)
	now := s.now()
	attempt := &failureRow{ID: ids.New(), EmailLower: lower, IP: m.IP, CreatedAt: now}
	recent, err := s.st.countAttempt(ctx, s.c.DB, attempt, now.Add(-lockoutWindow), lockoutMax)
	if errors.Is(err, errLockedOut) {
		// recent[lockoutMax-1] is the fifth newest attempt: when it leaves
		// the window, an attempt is counted again.
		wait := recent[lockoutMax-1].Add(lockoutWindow).Sub(now)
		return nil, apperr.RateLimited("Too many failed sign-in attempts for this account. Try again later.", wait)
	}
	if err != nil {
		return nil, err
	}
	u, err := s.st.userByEmail(ctx, s.c.DB.DB, lower)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return nil, err
	}
	encoded := ""
	if u != nil {
		encoded = u.PasswordHash
	}
	ok, err := s.c.Hasher.Verify(ctx, in.Password, encoded)
	if err != nil {
		return nil, err
	}
	if !ok || u == nil {
		return nil, errInvalidCredentials // the attempt's row stays: a failure
	}
	if u.Status != statusActive {
		return nil, errSuspended
	}
	var sid, refreshRaw string
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.clearFailuresUpTo(ctx, tx, lower, attempt.ID); err != nil {
			return err
		}
		sid, refreshRaw, err = s.newSession(ctx, tx, u.ID, m, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.loginResponse(ctx, u, sid, refreshRaw)
}

// newSession opens a session with its first refresh token.
func (s *Service) newSession(ctx context.Context, idb bun.IDB, userID string, m ClientMeta, now time.Time) (string, string, error) {
	sess := &sessionRow{ID: ids.New(), UserID: userID, CreatedAt: now, LastUsedAt: now,
		ExpiresAt: now.Add(s.c.Settings.RefreshAbsTTL), UserAgent: m.UserAgent, IP: m.IP}
	if err := s.st.insertSession(ctx, idb, sess); err != nil {
		return "", "", err
	}
	raw, _, err := s.newRefresh(ctx, idb, sess.ID, sess.ExpiresAt, now)
	return sess.ID, raw, err
}

// newRefresh adds a refresh token to a session and returns it and its row's
// id; it lives for the idle lifetime, never beyond the session's absolute end.
func (s *Service) newRefresh(ctx context.Context, idb bun.IDB, sessionID string, sessionEnd, now time.Time) (string, string, error) {
	raw := ids.Token(32)
	exp := now.Add(s.c.Settings.RefreshIdleTTL)
	if exp.After(sessionEnd) {
		exp = sessionEnd
	}
	row := &refreshRow{ID: ids.New(), SessionID: sessionID, TokenHash: ids.Hash(raw), CreatedAt: now, ExpiresAt: exp}
	return raw, row.ID, s.st.insertRefresh(ctx, idb, row)
}

func (s *Service) loginResponse(ctx context.Context, u *userRow, sessionID, refreshRaw string) (*LoginResponse, error) {
	out, err := s.user(ctx, s.c.DB.DB, u.ID)
	if err != nil {
		return nil, err
	}
	access, err := s.c.Tokens.Issue(u.ID, sessionID, out.Roles)
	if err != nil {
		return nil, err
	}
	return &LoginResponse{AccessToken: access, RefreshToken: refreshRaw, TokenType: "Bearer",
		ExpiresIn: int(s.c.Tokens.TTL().Seconds()), Email: u.Email, User: out}, nil
}

// Logout revokes the session of a refresh token. An unknown token is not an
// error: the session is over either way.
func (s *Service) Logout(ctx context.Context, raw string) error {
	if strings.TrimSpace(raw) == "" {
		return apperr.Validation(map[string]string{"refresh_token": "is required"})
	}
	rt, err := s.st.refreshByHash(ctx, s.c.DB.DB, ids.Hash(raw))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.st.revokeSession(ctx, s.c.DB.DB, rt.SessionID, "logout", s.now()); err != nil {
		return err
	}
	s.invalidateSession(rt.SessionID)
	return nil
}

// LogoutAll revokes every session of the user; their access tokens stop
// working at once.
func (s *Service) LogoutAll(ctx context.Context, userID string) error {
	if err := s.st.revokeUserSessions(ctx, s.c.DB.DB, userID, "", "logout_all", s.now()); err != nil {
		return err
	}
	s.invalidate(userID)
	return nil
}
