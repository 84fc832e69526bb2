package shop

import (
	"context"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// AddressInput is a new address, or (every field optional) a change.
type AddressInput struct {
	Label         *string `json:"label"`
	RecipientName *string `json:"recipient_name"`
	Phone         *string `json:"phone"`
	Line1         *string `json:"line1"`
	Line2         *string `json:"line2"`
	City          *string `json:"city"`
	State         *string `json:"state"`
	PostalCode    *string `json:"postal_code"`
	Country       *string `json:"country"`
	IsDefault     *bool   `json:"is_default"`
}

// apply validates in onto r (create: the required fields must be there).
func (in AddressInput) apply(r *addressRow, create bool) error {
	f := apperr.Fields{}
	text := func(field string, p *string, dst *string, minLen, maxLen int) {
		if p == nil {
			if create && minLen > 0 {
				f.Add(field, "is required")
			}
			return
		}
		v := strings.TrimSpace(*p)
		if n := len([]rune(v)); n < minLen || n > maxLen {
			if minLen > 0 {
				f.Add(field, "must be "+itoa(minLen)+" to "+itoa(maxLen)+" characters")
			} else {
				f.Add(field, "must be at most "+itoa(maxLen)+" characters")
			}
			return
		}
		if strings.ContainsAny(v, "\n\r\t") {
			f.Add(field, "must be one line")
			return
		}
		*dst = v
	}
	text("label", in.Label, &r.Label, 0, 40)
	text("recipient_name", in.RecipientName, &r.RecipientName, 1, 120)
	text("phone", in.Phone, &r.Phone, 5, 32)
	text("line1", in.Line1, &r.Line1, 1, 200)
	text("line2", in.Line2, &r.Line2, 0, 200)
	text("city", in.City, &r.City, 1, 100)
	text("state", in.State, &r.State, 0, 100)
	text("postal_code", in.PostalCode, &r.PostalCode, 0, 20)
	text("country", in.Country, &r.Country, 2, 2)
	if in.Phone != nil && f["phone"] == "" {
		for _, c := range r.Phone {
			if !strings.ContainsRune("0123456789 +-()", c) {
				f.Add("phone", "may hold digits, spaces and + - ( ) only")
				break
			}
		}
	}
	if in.Country != nil && f["country"] == "" {
		r.Country = strings.ToUpper(r.Country)
		if r.Country[0] < 'A' || r.Country[0] > 'Z' || r.Country[1] < 'A' || r.Country[1] > 'Z' {
			f.Add("country", "must be a two-letter country code such as NG")
		}
	}
	return f.Err()
}

// Addresses lists the user's address book, the default first.
func (s *Service) Addresses(ctx context.Context, userID string) ([]Address, error) {
	rows, err := s.st.addresses(ctx, userID)
	out := make([]Address, 0, len(rows))
	for i := range rows {
		out = append(out, addressOf(&rows[i]))
	}
	return out, err
}

// AddAddress adds an address; the first is the default.
func (s *Service) AddAddress(ctx context.Context, userID string, in AddressInput) (Address, error) {
	now := s.now()
	r := &addressRow{ID: ids.New(), UserID: userID, CreatedAt: now, UpdatedAt: now}
	if err := in.apply(r, true); err != nil {
		return Address{}, err
	}
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		n, err := tx.NewSelect().Model((*addressRow)(nil)).Where("user_id = ?", userID).Count(ctx)
		if err != nil {
			return err
		}
		if n >= maxAddresses {
			return errTooManyAddress
		}
		if n == 0 || (in.IsDefault != nil && *in.IsDefault) {
			if err := s.st.clearDefault(ctx, tx, userID); err != nil {
				return err
			}
			r.IsDefault = true
		}
		_, err = tx.NewInsert().Model(r).Exec(ctx)
		return err
	})
	return addressOf(r), err
}

// UpdateAddress changes one of the user's addresses.
func (s *Service) UpdateAddress(ctx context.Context, userID, id string, in AddressInput) (Address, error) {
	var r *addressRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if r, err = s.st.address(ctx, tx, userID, id); err != nil {
			return err
		}
		if err := in.apply(r, false); err != nil {
			return err
		}
		if in.IsDefault != nil && *in.IsDefault && !r.IsDefault {
			if err := s.st.clearDefault(ctx, tx, userID); err != nil {
				return err
			}
			r.IsDefault = true
		}
		r.UpdatedAt = s.now()
		_, err = tx.NewUpdate().Model(r).WherePK().Exec(ctx)
		return err
	})
	if err != nil {
		return Address{}, err
	}
	return addressOf(r), nil
}

// DeleteAddress deletes one of the user's addresses; the most recent other
// address becomes the default when the default goes.
func (s *Service) DeleteAddress(ctx context.Context, userID, id string) error {
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.address(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if _, err := tx.NewDelete().Model(r).WherePK().Exec(ctx); err != nil {
			return err
		}
		if !r.IsDefault {
			return nil
		}
		_, err = tx.NewUpdate().Model((*addressRow)(nil)).Set("is_default = ?", true).
			Where("id = (?)", tx.NewSelect().Model((*addressRow)(nil)).Column("id").Where("user_id = ?", userID).
				OrderExpr("created_at DESC, id DESC").Limit(1)).Exec(ctx)
		return err
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
