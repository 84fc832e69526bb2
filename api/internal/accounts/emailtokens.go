package accounts

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/mail"
)

// VerifyEmail spends a verification token and marks the address verified.
func (s *Service) VerifyEmail(ctx context.Context, raw string) (User, error) {
	if strings.TrimSpace(raw) == "" {
		return User{}, apperr.Validation(map[string]string{"token": "is required"})
	}
	now := s.now()
	t, err := s.usableToken(ctx, purposeVerify, raw, now)
	if err != nil {
		return User{}, err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		spent, err := s.st.spendEmailToken(ctx, tx, t.ID, now)
		if err != nil {
			return err
		}
		if !spent {
			return badEmailToken()
		}
		return s.st.markVerified(ctx, tx, t.UserID, now)
	})
	if err != nil {
		return User{}, err
	}
	s.people.drop(t.UserID) // the directory answers EmailVerified at once
	return s.user(ctx, s.c.DB.DB, t.UserID)
}

func (s *Service) usableToken(ctx context.Context, purpose, raw string, now time.Time) (*emailTokenRow, error) {
	t, err := s.st.emailTokenByHash(ctx, s.c.DB.DB, purpose, ids.Hash(raw))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil, badEmailToken()
	}
	if err != nil {
		return nil, err
	}
	if t.UsedAt != nil || !now.Before(t.ExpiresAt) {
		return nil, badEmailToken()
	}
	return t, nil
}

// ResendVerification mails a fresh verification link; nothing happens for a
// verified address.
func (s *Service) ResendVerification(ctx context.Context, userID, portal string) error {
	f := apperr.Fields{}
	checkPortal(f, portal)
	if err := f.Err(); err != nil {
		return err
	}
	u, err := s.st.userByID(ctx, s.c.DB.DB, userID)
	if err != nil {
		return userErr(err)
	}
	if u.EmailVerifiedAt != nil {
		return nil
	}
	if ok, wait := s.mailTo.Allow("verify:" + u.ID); !ok {
		return apperr.RateLimited("Several verification emails were sent already. Check your inbox or try again later.", wait)
	}
	now := s.now()
	raw := ids.Token(32)
	if err := s.st.insertEmailToken(ctx, s.c.DB.DB, &emailTokenRow{ID: ids.New(), UserID: u.ID, Purpose: purposeVerify,
		TokenHash: ids.Hash(raw), CreatedAt: now, ExpiresAt: now.Add(verifyTTL)}); err != nil {
		return err
	}
	s.sendMail(ctx, verifyMail(s.c.Settings.PortalOrigin(portal), u, raw))
	return nil
}

// sendMail delivers after the transaction; a failure is logged, not returned
// (the person can ask for the mail again).
func (s *Service) sendMail(ctx context.Context, m mail.Message) {
	if err := s.c.Mailer.Send(ctx, m); err != nil {
		s.c.Log.Error("send mail failed", "subject", m.Subject, "error", err.Error())
	}
}

func verifyMail(origin string, u *userRow, raw string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Confirm your email address for Sojourn", Text: "Hello " + u.Username +
		",\n\nConfirm your email address by opening this link within 48 hours:\n\n" +
		origin + "/verification?token=" + raw +
		"\n\nIf you did not create a Sojourn account, you can ignore this email.\n"}
}

func resetMail(origin string, u *userRow, raw string) mail.Message {
	return mail.Message{To: u.Email, Subject: "Reset your Sojourn password", Text: "Hello " + u.Username +
		",\n\nSomeone asked to reset the password of your Sojourn account. Choose a new password within one hour:\n\n" +
		origin + "/reset-password?token=" + raw +
		"\n\nIf it was not you, ignore this email: your password stays as it is.\n"}
}
