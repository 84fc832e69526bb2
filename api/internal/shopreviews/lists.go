package shopreviews

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// OfProduct is a keyset page of a product's published reviews, newest
// first (public).
func (s *Service) OfProduct(ctx context.Context, productID string, c page.Cursor) ([]Review, *page.Key, error) {
	rows, err := s.st.page(ctx, "product_id", productID, StatusPublished, false, c)
	return s.paged(ctx, rows, c, false, err)
}

// Mine is a keyset page of the caller's reviews in every status.
func (s *Service) Mine(ctx context.Context, userID string, c page.Cursor) ([]Review, *page.Key, error) {
	rows, err := s.st.page(ctx, "author_id", userID, "", false, c)
	return s.paged(ctx, rows, c, true, err)
}

// Received is a keyset page of the published reviews of the caller's
// products (vendors); unanswered keeps those without a reply.
func (s *Service) Received(ctx context.Context, vendorID string, unanswered bool, c page.Cursor) ([]Review, *page.Key, error) {
	rows, err := s.st.page(ctx, "vendor_id", vendorID, StatusPublished, unanswered, c)
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

// Reviewable answers the caller's delivered order lines without a review
// (of their latest 200 delivered lines), newest delivery first.
func (s *Service) Reviewable(ctx context.Context, userID string) ([]Reviewable, error) {
	lines, err := s.c.Shop.DeliveredLines(ctx, userID, maxReviewable)
	if err != nil {
		return nil, err
	}
	lids := make([]string, 0, len(lines))
	for _, l := range lines {
		lids = append(lids, l.ID)
	}
	done, err := s.st.reviewedLines(ctx, userID, lids)
	if err != nil {
		return nil, err
	}
	out := []Reviewable{}
	for _, l := range lines {
		if !done[l.ID] {
			out = append(out, Reviewable{OrderLineID: l.ID, OrderID: l.OrderID, ProductID: l.ProductID, Title: l.Title,
				VariantTitle: l.VariantTitle, PhotoURL: l.PhotoURL, StoreName: l.StoreName, DeliveredAt: l.DeliveredAt.UTC()})
		}
	}
	return out, nil
}

// Reply records the vendor's one reply to a published review of one of
// their products (another vendor's review, or one not published, is 404;
// a second reply 409).
func (s *Service) Reply(ctx context.Context, vendorID, id string, in ReplyInput) (Review, error) {
	f := apperr.Fields{}
	checkText(f, "text", in.Text, MaxReply, true)
	if err := f.Err(); err != nil {
		return Review{}, err
	}
	r, err := s.st.get(ctx, s.c.DB, id)
	if err != nil || r.VendorID != vendorID || r.Status != StatusPublished {
		return Review{}, ErrNotFound
	}
	now := s.c.Clock.Now()
	text := strings.TrimSpace(in.Text)
	ok, err := s.st.reply(ctx, id, vendorID, text, now)
	if err != nil {
		return Review{}, err
	}
	if !ok {
		return Review{}, errReplied
	}
	r.Reply, r.RepliedAt = &text, &now
	return s.one(ctx, r, true)
}

// Report records the caller's report of a published review (once per
// user); reported reviews wait in the admins' "reported" queue, where an
// admin may reject them. A review that is not published is 404.
func (s *Service) Report(ctx context.Context, userID, id string, in ReportInput) error {
	f := apperr.Fields{}
	checkText(f, "reason", in.Reason, MaxReason, true)
	if err := f.Err(); err != nil {
		return err
	}
	return s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		r, err := s.st.get(ctx, tx, id)
		if err != nil || r.Status != StatusPublished {
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
		return nil
	})
}

// AdminReview is a review in the moderation queue, with its reports.
type AdminReview struct {
	Review
	Reports []Report `json:"reports"`
}

// Report is one report of a review (admins see them).
type Report struct {
	ReporterName string `json:"reporter_name"`
	Reason       string `json:"reason"`
}

// Queues are the admin list's filters: the statuses and "reported"
// (published reviews with reports).
var Queues = append(slices.Clone(Statuses), "reported")

// Queue is a numbered page of reviews in one queue (admins; default
// pending), newest first, each with its reports.
func (s *Service) Queue(ctx context.Context, status string, p page.Page) ([]AdminReview, int, error) {
	if status == "" {
		status = StatusPending
	}
	if !slices.Contains(Queues, status) {
		return nil, 0, apperr.Validation(map[string]string{"status": "must be " + strings.Join(Queues, ", ")})
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
	who := []string{}
	for _, r := range reports {
		who = append(who, r.ReporterID)
	}
	people, err := s.c.Directory.Lookup(ctx, who)
	if err != nil {
		return nil, 0, err
	}
	out := make([]AdminReview, 0, len(rows))
	for i, r := range rows {
		a := AdminReview{Review: base[i], Reports: []Report{}}
		for _, rp := range reports {
			if rp.ReviewID == r.ID {
				a.Reports = append(a.Reports, Report{ReporterName: name(people[rp.ReporterID]), Reason: rp.Reason})
			}
		}
		out = append(out, a)
	}
	return out, total, nil
}

// Approve publishes a pending review: it counts in its product's (and so
// its store's) rating from the same transaction; audited.
func (s *Service) Approve(ctx context.Context, adminID, ip, id string) (Review, error) {
	return s.decide(ctx, adminID, ip, id, StatusPublished, "")
}

// Reject refuses a pending review or takes down a published one (leaving
// its product's rating), with a reason; audited.
func (s *Service) Reject(ctx context.Context, adminID, ip, id string, in RejectInput) (Review, error) {
	f := apperr.Fields{}
	checkText(f, "reason", in.Reason, MaxReason, true)
	if err := f.Err(); err != nil {
		return Review{}, err
	}
	return s.decide(ctx, adminID, ip, id, StatusRejected, strings.TrimSpace(in.Reason))
}

func (s *Service) decide(ctx context.Context, adminID, ip, id, to, reason string) (Review, error) {
	var r *reviewRow
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		var err error
		if r, err = s.st.get(ctx, tx, id); err != nil {
			return err
		}
		from := []string{StatusPending}
		if to == StatusRejected {
			from = append(from, StatusPublished)
		}
		ok, err := s.st.decide(ctx, tx, id, from, to, reason, adminID, s.c.Clock.Now())
		if err != nil {
			return err
		}
		if !ok {
			if to == StatusRejected {
				return errRejected
			}
			return errNotPending
		}
		switch {
		case to == StatusPublished:
			err = s.count(ctx, tx, r.ProductID, 1, r.Rating)
		case r.Status == StatusPublished:
			err = s.count(ctx, tx, r.ProductID, -1, r.Rating)
		}
		if err != nil {
			return err
		}
		if to == StatusPublished && s.c.Events != nil {
			if err := s.c.Events.Emit(ctx, tx, events.Event{Type: "review.posted", Category: events.CategoryOrders,
				Recipients: []string{r.VendorID}, Actor: r.AuthorID,
				Title: fmt.Sprintf("New %d-star review of %s", r.Rating, r.Title), Body: clipBody(r.Body),
				Portal: "vendor", Link: "/vendor-app/reviews", Subject: events.Ref{Type: "product_review", ID: r.ID},
				GroupKey: "shop_review.posted:" + r.VendorID}); err != nil {
				return err
			}
		}
		r.Status, r.RejectReason = to, reason
		action := map[string]string{StatusPublished: "approve", StatusRejected: "reject"}[to]
		return s.c.Audit.Record(ctx, tx, audit.Event{ActorID: adminID, Action: "shop_review." + action,
			TargetType: "shop_review", TargetID: id, SubjectID: r.AuthorID, IP: ip,
			Details: map[string]any{"product_id": r.ProductID, "rating": r.Rating, "reason": reason}})
	})
	if err != nil {
		return Review{}, err
	}
	return s.one(ctx, r, true)
}

// clipBody is the start of a review for its notification.
func clipBody(b string) string {
	if r := []rune(b); len(r) > 140 {
		return string(r[:139]) + "…"
	}
	return b
}
