package accounts

import (
	"context"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/passwords"
)

// ForgotPassword mails a reset link when the address belongs to an active
// account. The answer never says whether it does.
func (s *Service) ForgotPassword(ctx context.Context, in ForgotInput, m ClientMeta) error {
	f := apperr.Fields{}
	email := checkEmail(f, in.Email)
	checkPortal(f, in.Portal)
	if err := f.Err(); err != nil {
		return err
	}
	if ok, wait := s.forgotIP.Allow(m.IP); !ok {
		return apperr.RateLimited("Too many reset requests from your network. Try again later.", wait)
	}
	u, err := s.st.userByEmail(ctx, s.c.DB.DB, foldEmail(email))
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if u.Status != statusActive {
		return nil
	}
	if ok, _ := s.mailTo.Allow("reset:" + u.ID); !ok {
		return nil
	}
	now := s.now()
	raw := ids.Token(32)
	if err := s.st.insertEmailToken(ctx, s.c.DB.DB, &emailTokenRow{ID: ids.New(), UserID: u.ID, Purpose: purposeReset,
		TokenHash: ids.Hash(raw), CreatedAt: now, ExpiresAt: now.Add(resetTTL)}); err != nil {
		return err
	}
	s.sendMail(ctx, resetMail(s.c.Settings.PortalOrigin(in.Portal), u, raw))
	return nil
}

// ResetPassword spends a reset token, sets the new password and revokes every session.
func (s *Service) ResetPassword(ctx context.Context, in ResetInput) error {
	f := apperr.Fields{}
	f.Check(strings.TrimSpace(in.Token) != "", "token", "is required")
	f.Check(in.Password != "", "password", "is required")
	if err := f.Err(); err != nil {
		return err
	}
	now := s.now()
	t, err := s.usableToken(ctx, purposeReset, in.Token, now)
	if err != nil {
		return err
	}
	u, err := s.st.userByID(ctx, s.c.DB.DB, t.UserID)
	if err != nil {
		return badEmailToken()
	}
	if p := passwords.Problem(in.Password, u.Email, u.Username); p != "" {
		return apperr.Validation(map[string]string{"password": p})
	}
	hash, err := s.c.Hasher.Hash(ctx, in.Password)
	if err != nil {
		return err
	}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		spent, err := s.st.spendEmailToken(ctx, tx, t.ID, now)
		if err != nil {
			return err
		}
		if !spent {
			return badEmailToken()
		}
		if err := s.st.setPassword(ctx, tx, u.ID, hash, now); err != nil {
			return err
		}
		if err := s.st.spendUserTokens(ctx, tx, u.ID, purposeReset, now); err != nil {
			return err
		}
		// The link reached the mailbox, so the address is proven too.
		if err := s.st.markVerified(ctx, tx, u.ID, now); err != nil {
			return err
		}
		if err := s.st.clearFailures(ctx, tx, u.EmailLower); err != nil {
			return err
		}
		return s.st.revokeUserSessions(ctx, tx, u.ID, "", "password_reset", now)
	})
	if err != nil {
		return err
	}
	s.invalidate(u.ID)
	return nil
}

// ChangePassword checks the current password, sets the new one and revokes
// every other session of the user.
func (s *Service) ChangePassword(ctx context.Context, p *authn.Principal, in ChangePasswordInput) error {
	f := apperr.Fields{}
	f.Check(in.CurrentPassword != "", "current_password", "is required")
	f.Check(in.NewPassword != "", "new_password", "is required")
	if err := f.Err(); err != nil {
		return err
	}
	if ok, wait := s.changePW.Allow(p.UserID); !ok {
		return apperr.RateLimited("Too many password change attempts. Try again later.", wait)
	}
	u, err := s.st.userByID(ctx, s.c.DB.DB, p.UserID)
	if err != nil {
		return userErr(err)
	}
	ok, err := s.c.Hasher.Verify(ctx, in.CurrentPassword, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Validation(map[string]string{"current_password": "is incorrect"})
	}
	if in.NewPassword == in.CurrentPassword {
		return apperr.Validation(map[string]string{"new_password": "must differ from the current password"})
	}
	if prob := passwords.Problem(in.NewPassword, u.Email, u.Username); prob != "" {
		return apperr.Validation(map[string]string{"new_password": prob})
	}
	hash, err := s.c.Hasher.Hash(ctx, in.NewPassword)
	if err != nil {
		return err
	}
	now := s.now()
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.st.setPassword(ctx, tx, u.ID, hash, now); err != nil {
			return err
		}
		if err := s.st.spendUserTokens(ctx, tx, u.ID, purposeReset, now); err != nil {
			return err
		}
		return s.st.revokeUserSessions(ctx, tx, u.ID, p.SessionID, "password_change", now)
	})
	if err != nil {
		return err
	}
	s.invalidate(u.ID)
	return nil
}
