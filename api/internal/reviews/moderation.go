package reviews

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
)

// OfProvider is a keyset page of a provider's visible reviews, newest
// first (public); an unknown provider is 404.
func (s *Service) OfProvider(ctx context.Context, providerID string, c page.Cursor) ([]Review, *page.Key, error) {
	if _, err := s.c.Practice.Provider(ctx, providerID); err != nil {
		if errors.Is(err, practice.ErrNotFound) {
			return nil, nil, apperr.NotFound("Provider")
		}
		return nil, nil, err
	}
	rows, err := s.st.page(ctx, "provider_id", providerID, StatusVisible, c)
	return s.paged(ctx, rows, c, false, err)
}

// Received is a keyset page of the reviews of the caller's practice of
// kind (a provider portal shows its own; 422 for a kind practice does not
// have, not found when the caller has no practice of it), or with kind ""
// of every practice they have (every state but removed), newest first.
func (s *Service) Received(ctx context.Context, userID, kind string, c page.Cursor) ([]Review, *page.Key, error) {
	col, val := "provider_user_id", userID
	if kind != "" {
		if !slices.Contains(practice.Kinds, kind) {
			return nil, nil, apperr.Validation(map[string]string{"kind": "must be " + strings.Join(practice.Kinds, " or ")})
		}
		p, err := s.c.Practice.ProviderOfUser(ctx, userID, kind)
		if err != nil {
			return nil, nil, err
		}
		col, val = "provider_id", p.ID
	}
	rows, err := s.st.page(ctx, col, val, "", c)
	return s.paged(ctx, rows, c, true, err)
}

func (s *Service) paged(ctx context.Context, rows []reviewRow, c page.Cursor, private bool, err error) ([]Review, *page.Key, error) {
	if err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r reviewRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.many(ctx, rows, private)
	return out, next, err
}

// Reply records the provider's one reply to a review of theirs (another
// provider's, or a removed review, is 404; a second reply 409).
func (s *Service) Reply(ctx context.Context, userID, id string, in ReplyInput) (Review, error) {
	f := apperr.Fields{}
	checkText(f, "text", in.Text, MaxReply, true)
	if err := f.Err(); err != nil {
		return Review{}, err
	}
	r, err := s.st.get(ctx, s.c.DB, id)
	if err != nil || r.ProviderUserID != userID || r.Status == StatusRemoved {
		return Review{}, ErrNotFound
	}
	now := s.c.Clock.Now()
	text := strings.TrimSpace(in.Text)
	ok, err := s.st.reply(ctx, id, text, now)
	if err != nil {
		return Review{}, err
	}
	if !ok {
		return Review{}, errReplied
	}
	r.Reply, r.RepliedAt = &text, &now
	return s.one(ctx, r, true)
}

// Report records the caller's report of a review (once per user) and hides
// a visible review until an admin decides, taking it out of the provider's
// rating, in one transaction. A removed review is 404.
func (s *Service) Report(ctx context.Context, userID, id string, in ReportInput) error {
	f := apperr.Fields{}
	checkText(f, "reason", in.Reason, MaxReason, true)
	if err := f.Err(); err != nil {
		return err
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.get(ctx, tx, id)
		if err != nil || r.Status == StatusRemoved {
			return ErrNotFound
		}
		ok, err := s.st.insertReport(ctx, tx, &reportRow{ID: ids.New(), ReviewID: id, ReporterID: userID,
			Reason: strings.TrimSpace(in.Reason), CreatedAt: s.c.Clock.Now()})
		if err != nil {
			return err
		}
		if !ok {
			return errReported
		}
		hidden, err := s.st.transition(ctx, tx, id, StatusVisible, StatusReported, nil, s.c.Clock.Now())
		if err != nil || !hidden {
			return err
		}
		return s.count(ctx, tx, r.ProviderID, -1, r.Rating)
	})
}

// Queue is a numbered page of reviews in one state (admins), newest first,
// each with its reports.
func (s *Service) Queue(ctx context.Context, status string, p page.Page) ([]AdminReview, int, error) {
	if status == "" {
		status = StatusReported
	}
	valid := false
	for _, x := range Statuses {
		valid = valid || x == status
	}
	if !valid {
		return nil, 0, apperr.Validation(map[string]string{"status": "must be visible, reported or removed"})
	}
	rows, total, err := s.st.queue(ctx, status, p)
	if err != nil {
		return nil, 0, err
	}
	base, err := s.many(ctx, rows, true)
	if err != nil {
		return nil, 0, err
	}
	rids := make([]string, 0, len(rows))
	for _, r := range rows {
		rids = append(rids, r.ID)
	}
	reports, err := s.st.reports(ctx, rids)
	if err != nil {
		return nil, 0, err
	}
	var who []string
	for _, r := range reports {
		who = append(who, r.ReporterID)
	}
	people, err := s.c.Directory.Lookup(ctx, who)
	if err != nil {
		return nil, 0, err
	}
	out := make([]AdminReview, 0, len(rows))
	for i, r := range rows {
		a := AdminReview{Review: base[i], ReportCount: r.ReportCount, Reports: []Report{}}
		for _, rp := range reports {
			if rp.ReviewID == r.ID {
				a.Reports = append(a.Reports, Report{ReporterID: rp.ReporterID, ReporterName: name(people[rp.ReporterID]),
					Reason: rp.Reason, CreatedAt: rp.CreatedAt.UTC()})
			}
		}
		out = append(out, a)
	}
	return out, total, nil
}

// Decide restores a reported review (shown and counted again) or removes
// it, audit-logged in the same transaction. Only a reported review awaits
// a decision (409 otherwise).
func (s *Service) Decide(ctx context.Context, adminID, ip, id string, in DecisionInput) (Review, error) {
	to := ""
	switch in.Action {
	case ActionRestore:
		to = StatusVisible
	case ActionRemove:
		to = StatusRemoved
	default:
		return Review{}, apperr.Validation(map[string]string{"action": "must be restore or remove"})
	}
	var r *reviewRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if r, err = s.st.get(ctx, tx, id); err != nil {
			return ErrNotFound
		}
		ok, err := s.st.transition(ctx, tx, id, StatusReported, to, &adminID, s.c.Clock.Now())
		if err != nil {
			return err
		}
		if !ok {
			return errNotReported
		}
		r.Status = to
		if to == StatusVisible {
			if err := s.count(ctx, tx, r.ProviderID, 1, r.Rating); err != nil {
				return err
			}
		}
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "review." + in.Action,
			TargetType: "review", TargetID: id, SubjectID: r.AuthorID, IP: ip,
			Details: map[string]any{"provider_id": r.ProviderID, "booking_id": r.BookingID, "rating": r.Rating}})
	})
	if err != nil {
		return Review{}, err
	}
	return s.one(ctx, r, true)
}
