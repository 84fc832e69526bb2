package dealers

import (
	"context"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// AdminFilter narrows the admins' table of listings.
type AdminFilter struct {
	Q          string // make, model or VIN
	Status     string
	Hidden     *bool
	ProviderID string
}

// AdminListing is a listing in the moderation table.
type AdminListing struct {
	Listing
	DealerName string `json:"dealer_name"`
}

// ModerationInput hides or shows a listing; a reason is required to hide
// (the dealer sees it).
type ModerationInput struct {
	Hidden bool   `json:"hidden"`
	Reason string `json:"reason"`
}

// AdminListings is a numbered page of every listing, newest first (total
// exact: admin tables count).
func (s *Service) AdminListings(ctx context.Context, f AdminFilter, p page.Page) ([]AdminListing, int, error) {
	fs := apperr.Fields{}
	f.Q = strings.TrimSpace(f.Q)
	fs.Check(len(f.Q) <= 80, "q", "must be at most 80 characters")
	fs.Check(f.Status == "" || validStatus(f.Status), "status", "must be available, reserved or sold")
	fs.Check(len(f.ProviderID) <= 64, "provider_id", "is not a dealership")
	if err := fs.Err(); err != nil {
		return nil, 0, err
	}
	var rows []listingRow
	q := s.c.DB.NewSelect().Model(&rows).OrderExpr("l.created_at DESC, l.id DESC").Limit(p.Limit()).
		Offset(p.Offset())
	if f.Status != "" {
		q = q.Where("l.status = ?", f.Status)
	}
	if f.Hidden != nil {
		q = q.Where("l.hidden = ?", *f.Hidden)
	}
	if f.ProviderID != "" {
		q = q.Where("l.provider_id = ?", f.ProviderID)
	}
	if f.Q != "" {
		pat := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(f.Q)) + "%"
		q = q.WhereGroup(" AND ", func(w *bun.SelectQuery) *bun.SelectQuery {
			return w.Where(`lower(l.make) LIKE ? ESCAPE '\'`, pat).WhereOr(`lower(l.model) LIKE ? ESCAPE '\'`, pat).
				WhereOr(`lower(l.vin) LIKE ? ESCAPE '\'`, pat)
		})
	}
	total, err := q.ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	names := map[string]string{}
	out := make([]AdminListing, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		if _, ok := names[r.ProviderID]; !ok {
			if pr, err := s.c.Practice.Provider(ctx, r.ProviderID); err == nil {
				names[r.ProviderID] = pr.DisplayName
			}
		}
		out = append(out, AdminListing{Listing: s.toListing(r, nil, nil), DealerName: names[r.ProviderID]})
	}
	return out, int(total), nil
}

// Moderate hides a listing from buyers with a reason (a held reservation
// stays: the dealer settles it) or shows it again; audited.
func (s *Service) Moderate(ctx context.Context, adminID, ip, id string, in ModerationInput) (Listing, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	f := apperr.Fields{}
	if in.Hidden {
		text(f, "reason", &in.Reason, 1, maxNote, false)
	} else {
		text(f, "reason", &in.Reason, 0, maxNote, false)
	}
	if err := f.Err(); err != nil {
		return Listing{}, err
	}
	var out *listingRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.listing(ctx, tx, id)
		if err != nil {
			return err
		}
		reason := in.Reason
		if !in.Hidden {
			reason = ""
		}
		r.Hidden, r.HiddenReason, r.UpdatedAt = in.Hidden, reason, s.now()
		if _, err := tx.NewUpdate().Model(r).Column("hidden", "hidden_reason", "updated_at").WherePK().Exec(ctx); err != nil {
			return err
		}
		action, note := "car_listing.hide", "Hidden by an admin: "+in.Reason
		if !in.Hidden {
			action, note = "car_listing.unhide", "Shown again by an admin"
		}
		if err := s.st.insertEvent(ctx, tx, r.ID, r.Status, r.Status, ActorAdmin, adminID, note, r.UpdatedAt); err != nil {
			return err
		}
		out = r
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: action, TargetType: "car_listing",
			TargetID: r.ID, SubjectID: r.DealerUserID, IP: ip, Details: map[string]any{"reason": in.Reason, "dealer_id": r.ProviderID}})
	})
	if err != nil {
		return Listing{}, err
	}
	return s.fullListing(ctx, out)
}
