package tours

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
)

// AdminTour is a tour in the admins' moderation table.
type AdminTour struct {
	ID           string         `json:"id"`
	ProviderID   string         `json:"provider_id"`
	Title        string         `json:"title"`
	City         string         `json:"city"`
	Country      string         `json:"country"`
	Price        practice.Money `json:"price"`
	Pricing      string         `json:"pricing"`
	Capacity     int            `json:"capacity"`
	Active       bool           `json:"active"`
	Hidden       bool           `json:"hidden"`
	HiddenReason string         `json:"hidden_reason"`
	HiddenAt     *string        `json:"hidden_at"`
	CoverURL     *string        `json:"cover_url"`
	CreatedAt    string         `json:"created_at"`
}

// AdminFilter narrows the admins' list.
type AdminFilter struct {
	Q          string // title or city, contains
	ProviderID string
	Hidden     *bool
}

// AdminList is the numbered list of tours for admins (newest first).
func (s *Service) AdminList(ctx context.Context, f AdminFilter, p page.Page) ([]AdminTour, int, error) {
	f.Q = strings.TrimSpace(f.Q)
	fs := apperr.Fields{}
	fs.Check(utf8.RuneCountInString(f.Q) <= 100, "q", "must be at most 100 characters")
	fs.Check(len(f.ProviderID) <= 64, "provider_id", "is not a provider")
	if err := fs.Err(); err != nil {
		return nil, 0, err
	}
	var rows []*tourRow
	q := s.db.NewSelect().Model(&rows)
	if f.Q != "" {
		like := "%" + strings.NewReplacer("%", "", "_", "").Replace(strings.ToLower(f.Q)) + "%"
		q = q.Where("(lower(t.title) LIKE ? OR t.city_key LIKE ?)", like, like)
	}
	if f.ProviderID != "" {
		q = q.Where("t.provider_id = ?", f.ProviderID)
	}
	if f.Hidden != nil {
		q = q.Where("t.hidden = ?", *f.Hidden)
	}
	total, err := q.OrderExpr("t.created_at DESC, t.offering_id DESC").Limit(p.Limit()).
		Offset(p.Offset()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]string, 0, len(rows))
	for _, t := range rows {
		ids = append(ids, t.OfferingID)
	}
	photos := map[string][]Photo{}
	if len(ids) > 0 {
		if _, photos, err = s.extras(ctx, ids); err != nil {
			return nil, 0, err
		}
	}
	out := make([]AdminTour, 0, len(rows))
	for _, t := range rows {
		out = append(out, adminTour(t, photos[t.OfferingID]))
	}
	return out, int(total), nil
}

func adminTour(t *tourRow, photos []Photo) AdminTour {
	a := AdminTour{ID: t.OfferingID, ProviderID: t.ProviderID, Title: t.Title, City: t.City, Country: t.Country,
		Price: practice.Money{Amount: t.Price, Currency: t.Currency}, Pricing: t.Pricing, Capacity: t.Capacity, Active: t.Active,
		Hidden: t.Hidden, HiddenReason: t.HiddenReason, CreatedAt: t.CreatedAt.UTC().Format("2006-01-02T15:04:05Z")}
	if t.HiddenAt != nil {
		h := t.HiddenAt.UTC().Format("2006-01-02T15:04:05Z")
		a.HiddenAt = &h
	}
	if len(photos) > 0 {
		a.CoverURL = &photos[0].URL
	}
	return a
}

// Hide takes a tour out of the search and its page with a reason the guide
// sees (1..500 characters); audited as tour.hide.
func (s *Service) Hide(ctx context.Context, adminID, ip, id, reason string) (AdminTour, error) {
	reason = strings.TrimSpace(reason)
	n := utf8.RuneCountInString(reason)
	if n < 1 || n > maxReason {
		return AdminTour{}, apperr.Validation(map[string]string{"reason": "must be 1 to 500 characters"})
	}
	return s.moderate(ctx, adminID, ip, id, true, reason)
}

// Unhide puts a hidden tour back; audited as tour.unhide.
func (s *Service) Unhide(ctx context.Context, adminID, ip, id string) (AdminTour, error) {
	return s.moderate(ctx, adminID, ip, id, false, "")
}

func (s *Service) moderate(ctx context.Context, adminID, ip, id string, hide bool, reason string) (AdminTour, error) {
	var out *tourRow
	err := s.db.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		now := s.c.Clock.Now().UTC()
		q := tx.NewUpdate().Model((*tourRow)(nil)).Set("hidden = ?", hide).Set("hidden_reason = ?", reason).
			Set("updated_at = ?", now).Where("offering_id = ? AND hidden = ?", id, !hide)
		if hide {
			q = q.Set("hidden_at = ?", now)
		} else {
			q = q.Set("hidden_at = NULL")
		}
		res, err := q.Exec(ctx)
		if err != nil {
			return err
		}
		t := new(tourRow)
		if err := tx.NewSelect().Model(t).Where("offering_id = ?", id).Scan(ctx); err != nil {
			return notFound(err)
		}
		out = t
		if n, _ := res.RowsAffected(); n != 1 {
			return nil // already so: nothing to record
		}
		action := "tour.unhide"
		if hide {
			action = "tour.hide"
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: action, TargetType: "tour",
			TargetID: id, SubjectID: t.UserID, Details: map[string]any{"reason": reason, "title": t.Title}, IP: ip})
	})
	if err != nil {
		return AdminTour{}, err
	}
	_, photos, err := s.extras(ctx, []string{id})
	if err != nil {
		return AdminTour{}, err
	}
	return adminTour(out, photos[id]), nil
}
