package practice

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// AdminFilter filters the admin table of providers.
type AdminFilter struct {
	Kind         string
	Status       string // draft | published | suspended
	Verification string // none | pending | verified | rejected
	Q            string
}

// Validate reports every bad filter.
func (f *AdminFilter) Validate() error {
	fs := apperr.Fields{}
	f.Q = strings.TrimSpace(f.Q)
	fs.Check(f.Kind == "" || validKind(f.Kind), "kind", kindMessage)
	fs.Check(f.Status == "" || f.Status == StatusDraft || f.Status == StatusPublished || f.Status == StatusSuspended,
		"status", "must be draft, published or suspended")
	fs.Check(f.Verification == "" || validVerification(f.Verification), "verification",
		"must be none, pending, verified or rejected")
	checkLen(fs, "q", f.Q, 0, 100)
	return fs.Err()
}

func validVerification(v string) bool {
	return v == VerificationNone || v == VerificationPending || v == VerificationVerified || v == VerificationRejected
}

// AdminPerson is the account behind a profile, as admins see it.
type AdminPerson struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Email    string `json:"email"`
	Status   string `json:"status"`
}

// AdminProvider is a row of the admin table.
type AdminProvider struct {
	ID           string      `json:"id"`
	Kind         string      `json:"kind"`
	DisplayName  string      `json:"display_name"`
	AvatarURL    *string     `json:"avatar_url"`
	User         AdminPerson `json:"user"`
	Headline     string      `json:"headline"`
	City         string      `json:"city"`
	Country      string      `json:"country"`
	Status       string      `json:"status"`
	Listed       bool        `json:"listed"`
	Verification string      `json:"verification"`
	Completeness int         `json:"completeness"`
	Rating       Rating      `json:"rating"`
	CreatedAt    time.Time   `json:"created_at"`
	UpdatedAt    time.Time   `json:"updated_at"`
}

// AdminProviderDetail is everything about a profile, licence included.
type AdminProviderDetail struct {
	OwnProfile
	User       AdminPerson    `json:"user"`
	Offerings  []OfferingView `json:"offerings"`
	VerifiedBy *string        `json:"verified_by"`
}

// AdminList is one numbered page of the admin table and the total.
func (s *Service) AdminList(ctx context.Context, f AdminFilter, p page.Page) ([]AdminProvider, int, error) {
	if err := f.Validate(); err != nil {
		return nil, 0, err
	}
	var rows []*providerRow
	sel := s.c.DB.NewSelect().Model(&rows)
	if f.Kind != "" {
		sel = sel.Where("p.kind = ?", f.Kind)
	}
	switch f.Status {
	case StatusSuspended:
		sel = sel.Where("p.suspended_at IS NOT NULL")
	case StatusDraft, StatusPublished:
		sel = sel.Where("p.suspended_at IS NULL AND p.status = ?", f.Status)
	}
	if f.Verification != "" {
		sel = sel.Where("p.verification = ?", f.Verification)
	}
	if f.Q != "" {
		pat := likeEscape(f.Q)
		sel = sel.WhereGroup(" AND ", func(w *bun.SelectQuery) *bun.SelectQuery {
			return w.Where(`lower(p.headline) LIKE ? ESCAPE '\'`, pat).
				WhereOr(`lower(p.city) LIKE ? ESCAPE '\'`, pat).
				WhereOr(`lower(p.licence_number) LIKE ? ESCAPE '\'`, pat)
		})
	}
	total, err := sel.OrderExpr("p.created_at DESC, p.id DESC").Offset(p.Offset()).Limit(p.Limit()).ScanAndCount(ctx)
	if err != nil {
		return nil, 0, err
	}
	people, err := s.c.Directory.Lookup(ctx, userIDs(rows))
	if err != nil {
		return nil, 0, err
	}
	out := make([]AdminProvider, 0, len(rows))
	for _, r := range rows {
		pp := people[r.UserID]
		name := pp.DisplayName
		if name == "" {
			name = pp.Username
		}
		out = append(out, AdminProvider{ID: r.ID, Kind: r.Kind, DisplayName: practiceName(r, name), AvatarURL: strPtr(pp.AvatarURL),
			User:     AdminPerson{ID: r.UserID, Username: pp.Username, Email: pp.Email, Status: pp.Status},
			Headline: r.Headline, City: r.City, Country: r.Country, Status: providerStatus(r), Listed: r.Listed,
			Verification: r.Verification, Completeness: r.Completeness,
			Rating: Rating{Average: r.RatingAvg, Count: r.RatingCount}, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt})
	}
	return out, int(total), nil
}

func userIDs(rows []*providerRow) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.UserID)
	}
	return out
}

// AdminDetail is everything about one profile.
func (s *Service) AdminDetail(ctx context.Context, id string) (AdminProviderDetail, error) {
	own, err := s.ownView(ctx, id)
	if err != nil {
		return AdminProviderDetail{}, err
	}
	r, err := s.st.provider(ctx, s.c.DB, id, false)
	if err != nil {
		return AdminProviderDetail{}, err
	}
	offs, err := s.st.offeringsOf(ctx, s.c.DB, id, false)
	if err != nil {
		return AdminProviderDetail{}, err
	}
	people, err := s.c.Directory.Lookup(ctx, []string{r.UserID})
	if err != nil {
		return AdminProviderDetail{}, err
	}
	pp := people[r.UserID]
	out := AdminProviderDetail{OwnProfile: own, User: AdminPerson{ID: r.UserID, Username: pp.Username,
		Email: pp.Email, Status: pp.Status}, Offerings: make([]OfferingView, 0, len(offs)), VerifiedBy: r.VerifiedBy}
	for _, o := range offs {
		out.Offerings = append(out.Offerings, offeringView(o))
	}
	return out, nil
}

// DecisionInput is an admin's licence decision.
type DecisionInput struct {
	Decision string `json:"decision"` // verified | rejected
	Note     string `json:"note"`
}

// Decide records an admin's decision on a profile's licence (there must be
// one), with the audit entry, in one transaction.
func (s *Service) Decide(ctx context.Context, adminID, ip, id string, in DecisionInput) (AdminProviderDetail, error) {
	f := apperr.Fields{}
	in.Note = strings.TrimSpace(in.Note)
	f.Check(in.Decision == VerificationVerified || in.Decision == VerificationRejected, "decision",
		"must be verified or rejected")
	checkLen(f, "note", in.Note, 0, maxDecisionNote)
	f.Check(in.Decision != VerificationRejected || in.Note != "", "note", "is required when rejecting")
	if err := f.Err(); err != nil {
		return AdminProviderDetail{}, err
	}
	now := s.c.Clock.Now()
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.provider(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if r.LicenceNumber == "" {
			return apperr.Conflict("This profile has no licence to verify.")
		}
		r.Verification, r.VerificationNote, r.VerifiedAt, r.VerifiedBy = in.Decision, in.Note, &now, &adminID
		r.UpdatedAt = now
		if err := s.st.updateProvider(ctx, tx, r, "verification", "verification_note", "verified_at",
			"verified_by", "updated_at"); err != nil {
			return err
		}
		if err := s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "provider.verification." + in.Decision,
			TargetType: "provider", TargetID: r.ID, SubjectID: r.UserID, IP: ip,
			Details: map[string]any{"kind": r.Kind, "note": in.Note, "licence_number": r.LicenceNumber}}); err != nil {
			return err
		}
		return s.recompute(ctx, tx, r.ID)
	})
	if err != nil {
		return AdminProviderDetail{}, err
	}
	return s.AdminDetail(ctx, id)
}

// SuspendInput is an admin's suspension: the reason is required and shown
// to the provider until the profile is reinstated.
type SuspendInput struct {
	Reason string `json:"reason"`
}

// Suspend takes a profile out of the directory until an admin reinstates
// it, with the reason (3 to 500 characters) stored for the admin table and
// the provider's portal; Reinstate undoes it and clears the reason. Each is
// audited; a profile already in the asked state is 409 (decided by the
// conditional update).
func (s *Service) Suspend(ctx context.Context, adminID, ip, id string, in SuspendInput) (AdminProviderDetail, error) {
	f := apperr.Fields{}
	in.Reason = strings.TrimSpace(in.Reason)
	checkLen(f, "reason", in.Reason, 1, maxSuspensionReason)
	f.Check(in.Reason == "" || utf8.RuneCountInString(in.Reason) >= 3, "reason", "must be at least 3 characters")
	if err := f.Err(); err != nil {
		return AdminProviderDetail{}, err
	}
	return s.setSuspended(ctx, adminID, ip, id, true, in.Reason)
}

// Reinstate lifts a suspension.
func (s *Service) Reinstate(ctx context.Context, adminID, ip, id string) (AdminProviderDetail, error) {
	return s.setSuspended(ctx, adminID, ip, id, false, "")
}

func (s *Service) setSuspended(ctx context.Context, adminID, ip, id string, suspend bool, reason string) (AdminProviderDetail, error) {
	now := s.c.Clock.Now()
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.provider(ctx, tx, id, true)
		if err != nil {
			return err
		}
		s.st.dir.dirty()
		q := tx.NewUpdate().Model((*providerRow)(nil)).Set("updated_at = ?", now).
			Set("suspension_reason = ?", reason).Where("id = ?", id)
		action := "provider.suspend"
		details := map[string]any{"kind": r.Kind}
		if suspend {
			q = q.Set("suspended_at = ?", now).Where("suspended_at IS NULL")
			details["reason"] = reason
		} else {
			action = "provider.reinstate"
			details["suspension_reason"] = r.SuspensionReason
			q = q.Set("suspended_at = NULL").Where("suspended_at IS NOT NULL")
		}
		res, err := q.Exec(ctx)
		if err := affected(res, err, apperr.Conflict("The profile is already "+map[bool]string{true: "suspended", false: "active"}[suspend]+".")); err != nil {
			return err
		}
		if err := s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: action, TargetType: "provider",
			TargetID: r.ID, SubjectID: r.UserID, IP: ip, Details: details}); err != nil {
			return err
		}
		return s.recompute(ctx, tx, r.ID)
	})
	if err != nil {
		return AdminProviderDetail{}, err
	}
	return s.AdminDetail(ctx, id)
}
