package dealers

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/page"
)

// Enquire sends a buyer's enquiry about a car to its dealer (a lead) and
// counts it on the listing.
func (s *Service) Enquire(ctx context.Context, buyerID, listingID string, in LeadInput) (Lead, error) {
	f := apperr.Fields{}
	text(f, "message", &in.Message, 1, maxLeadText, false)
	f.Check(slices.Contains(ContactPrefs, in.ContactPref), "contact_pref", "must be one of "+strings.Join(ContactPrefs, ", "))
	text(f, "phone", &in.Phone, 0, maxPhone, true)
	if in.ContactPref != "email" && in.Phone == "" {
		f.Check(false, "phone", "is required to be called or messaged")
	}
	for _, c := range in.Phone {
		if !strings.ContainsRune("+0123456789 ()-", c) {
			f.Add("phone", "may contain only digits, spaces, +, ( ) and -")
			break
		}
	}
	if err := f.Err(); err != nil {
		return Lead{}, err
	}
	r, err := s.st.listing(ctx, s.c.DB, listingID)
	if err != nil {
		return Lead{}, err
	}
	if r.Hidden {
		return Lead{}, ErrNotFound
	}
	if r.DealerUserID == buyerID {
		return Lead{}, errOwnCar
	}
	now := s.now()
	row := &leadRow{ID: ids.New(), ListingID: r.ID, ProviderID: r.ProviderID, BuyerID: buyerID, Message: in.Message,
		ContactPref: in.ContactPref, Phone: in.Phone, Status: LeadNew, CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return err
		}
		_, err := tx.NewUpdate().Model((*listingRow)(nil)).Set("leads = leads + 1").Where("id = ?", r.ID).Exec(ctx)
		return err
	})
	if err != nil {
		return Lead{}, err
	}
	return Lead{ID: row.ID, Car: carRef(r), Message: row.Message, ContactPref: row.ContactPref, Phone: row.Phone,
		Status: row.Status, CreatedAt: now, UpdatedAt: now}, nil
}

// SetLeadStatus marks one of the dealership's enquiries contacted or closed.
func (s *Service) SetLeadStatus(ctx context.Context, userID, id, to string) (Lead, error) {
	if to != LeadContacted && to != LeadClosed {
		return Lead{}, apperr.Validation(map[string]string{"status": "must be contacted or closed"})
	}
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return Lead{}, err
	}
	row := new(leadRow)
	if err := s.c.DB.NewSelect().Model(row).Where("id = ? AND provider_id = ?", id, p.ID).Scan(ctx); err != nil {
		return Lead{}, ErrLeadNotFound
	}
	if !canMoveLead(row.Status, to) {
		return Lead{}, errLeadMove
	}
	ok, err := affected(s.c.DB.NewUpdate().Model((*leadRow)(nil)).Set("status = ?", to).Set("updated_at = ?", s.now()).
		Where("id = ? AND status = ?", id, row.Status).Exec(ctx))
	if err != nil {
		return Lead{}, err
	}
	if !ok {
		return Lead{}, errLeadMove
	}
	out, err := s.leadViews(ctx, []leadRow{{ID: id}}, true, true)
	if err != nil {
		return Lead{}, err
	}
	return out[0], nil
}

// DealerLeads is a keyset page of the dealership's enquiries, newest first
// (status: new, contacted, closed or all).
func (s *Service) DealerLeads(ctx context.Context, userID, status string, c page.Cursor) ([]Lead, *page.Key, error) {
	if status != "" && !slices.Contains(LeadStatuses, status) {
		return nil, nil, apperr.Validation(map[string]string{"status": "must be new, contacted or closed"})
	}
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	rows := make([]leadRow, 0, c.Fetch())
	q := s.c.DB.NewSelect().Model(&rows).Where("provider_id = ?", p.ID).OrderExpr("created_at DESC, id DESC").
		Limit(int64(c.Fetch()))
	if status != "" {
		q = q.Where("status = ?", status)
	}
	if c.After != nil {
		q = q.Where("(created_at, id) < (?, ?)", c.After.CreatedAt, c.After.ID)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, nil, err
	}
	rows, next := page.Trim(rows, c, func(r leadRow) page.Key { return page.Key{CreatedAt: r.CreatedAt, ID: r.ID} })
	out, err := s.leadViews(ctx, rows, true, false)
	return out, next, err
}

// leadViews builds lead views (reload: read the rows again by id).
func (s *Service) leadViews(ctx context.Context, rows []leadRow, forDealer, reload bool) ([]Lead, error) {
	if reload {
		idList := make([]string, 0, len(rows))
		for _, r := range rows {
			idList = append(idList, r.ID)
		}
		rows = rows[:0]
		if err := s.c.DB.NewSelect().Model(&rows).Where("id IN (?)", bun.In(idList)).Scan(ctx); err != nil {
			return nil, err
		}
	}
	lids, buyers := make([]string, 0, len(rows)), make([]string, 0, len(rows))
	for _, r := range rows {
		lids, buyers = append(lids, r.ListingID), append(buyers, r.BuyerID)
	}
	cars, err := s.st.listingsByIDs(ctx, lids)
	if err != nil {
		return nil, err
	}
	people := map[string]*Person{}
	if forDealer {
		if people, err = s.people(ctx, buyers); err != nil {
			return nil, err
		}
	}
	out := make([]Lead, 0, len(rows))
	for _, r := range rows {
		out = append(out, Lead{ID: r.ID, Car: carRef(cars[r.ListingID]), Buyer: people[r.BuyerID], Message: r.Message,
			ContactPref: r.ContactPref, Phone: r.Phone, Status: r.Status, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt})
	}
	return out, nil
}
