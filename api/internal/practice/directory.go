package practice

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/money"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
)

// Search is a directory query. Prices compare in minor units of the
// provider's price currency.
type Search struct {
	Kind      string
	Q         string
	Specialty string
	Language  string
	Format    string
	MinPrice  *int64
	MaxPrice  *int64
	// AvailableWeek keeps providers with a free slot within 7 days.
	AvailableWeek bool
	MinRating     *float64
}

// Validate reports every bad filter.
func (q *Search) Validate() error {
	f := apperr.Fields{}
	q.Q, q.Specialty, q.Language = strings.TrimSpace(q.Q), strings.TrimSpace(q.Specialty), strings.TrimSpace(q.Language)
	f.Check(validKind(q.Kind), "kind", kindMessage)
	checkLen(f, "q", q.Q, 0, 100)
	checkLen(f, "specialty", q.Specialty, 0, maxSpecialty)
	checkLen(f, "language", q.Language, 0, maxLanguage)
	f.Check(q.Format == "" || validFormat(q.Format), "format", "must be video, in_person or phone")
	if q.MinPrice != nil {
		f.Check(*q.MinPrice >= 0 && *q.MinPrice <= money.MaxAmount, "min_price", money.AmountTooLarge+" and not negative")
	}
	if q.MaxPrice != nil {
		f.Check(*q.MaxPrice >= 0 && *q.MaxPrice <= money.MaxAmount, "max_price", money.AmountTooLarge+" and not negative")
	}
	if q.MinPrice != nil && q.MaxPrice != nil {
		f.Check(*q.MinPrice <= *q.MaxPrice, "max_price", "must not be below min_price")
	}
	if q.MinRating != nil {
		f.Check(*q.MinRating >= 0 && *q.MinRating <= 5, "min_rating", "must be from 0 to 5")
	}
	return f.Err()
}

// scoreKey carries the (score, id) sort key in a page.Key: the score rides
// in the time field as microseconds (scores are small non-negative integers).
func scoreKey(r *providerRow) page.Key {
	return page.Key{CreatedAt: time.UnixMicro(r.Score).UTC(), ID: r.ID}
}

// Directory lists listed providers matching q by relevance (score DESC,
// id DESC), one keyset page.
func (s *Service) Directory(ctx context.Context, q Search, cur page.Cursor) ([]Card, *page.Key, error) {
	if err := q.Validate(); err != nil {
		return nil, nil, err
	}
	key := dirKey(q, cur)
	rows, ok := s.st.dir.get(key)
	if !ok {
		var err error
		if rows, err = s.st.directory(ctx, s.c.DB, q, cur, s.c.Clock.Now()); err != nil {
			return nil, nil, err
		}
		s.st.dir.put(key, rows)
	}
	rows, next := page.Trim(rows, cur, scoreKey)
	people, err := s.c.Directory.Lookup(ctx, userIDs(rows))
	if err != nil {
		return nil, nil, err
	}
	nm := namesOf(people)
	out := make([]Card, 0, len(rows))
	for _, r := range rows {
		// A suspended account's profiles leave the directory with it (the
		// page may then be short; the cursor still follows the rows read).
		if p, ok := people[r.UserID]; !ok || !p.Active() {
			continue
		}
		out = append(out, card(r, nm[r.UserID][0], nm[r.UserID][1]))
	}
	return out, next, nil
}

// likeEscape makes s a LIKE pattern matching it anywhere (with ESCAPE '\').
func likeEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}

// cardColumns are what card() reads (and the sort key): the directory leaves
// out the bio, the schedule and the rest of the profile.
var cardColumns = []string{"id", "user_id", "kind", "business_name", "headline", "specialties", "languages", "city", "country",
	"time_zone", "format_video", "format_in_person", "format_phone", "min_price", "max_price", "price_currency",
	"rating_avg", "rating_count", "verification", "next_available_at", "response_minutes", "score"}

func (s *store) directory(ctx context.Context, q bun.IDB, f Search, cur page.Cursor, now time.Time) ([]*providerRow, error) {
	var rows []*providerRow
	sel := q.NewSelect().Model(&rows).Column(cardColumns...).Where("p.kind = ?", f.Kind).Where("p.listed = ?", true)
	if cur.After != nil {
		sel = sel.Where("(p.score, p.id) < (?, ?)", cur.After.CreatedAt.UnixMicro(), cur.After.ID)
	}
	tag := func(name, v string) {
		sel = sel.Where("EXISTS (SELECT 1 FROM practice_tags t WHERE t.provider_id = p.id AND t.tag = ? AND t.value = ?)",
			name, tagValue(v))
	}
	if f.Specialty != "" {
		tag("specialty", f.Specialty)
	}
	if f.Language != "" {
		tag("language", f.Language)
	}
	switch f.Format {
	case FormatVideo:
		sel = sel.Where("p.format_video = ?", true)
	case FormatInPerson:
		sel = sel.Where("p.format_in_person = ?", true)
	case FormatPhone:
		sel = sel.Where("p.format_phone = ?", true)
	}
	if f.MinPrice != nil {
		sel = sel.Where("p.max_price >= ?", *f.MinPrice)
	}
	if f.MaxPrice != nil {
		sel = sel.Where("p.min_price <= ?", *f.MaxPrice)
	}
	if f.AvailableWeek {
		sel = sel.Where("p.next_available_at >= ? AND p.next_available_at <= ?", now, now.Add(7*24*time.Hour))
	}
	if f.MinRating != nil && *f.MinRating > 0 {
		sel = sel.Where("p.rating_count > 0 AND p.rating_avg >= ?", *f.MinRating)
	}
	if f.Q != "" {
		pat := likeEscape(f.Q)
		sel = sel.WhereGroup(" AND ", func(w *bun.SelectQuery) *bun.SelectQuery {
			return w.Where(`lower(p.headline) LIKE ? ESCAPE '\'`, pat).
				WhereOr(`lower(p.city) LIKE ? ESCAPE '\'`, pat).
				WhereOr(`EXISTS (SELECT 1 FROM practice_tags t WHERE t.provider_id = p.id AND t.value LIKE ? ESCAPE '\')`, pat)
		})
	}
	err := sel.OrderExpr("p.score DESC, p.id DESC").Limit(int64(cur.Fetch())).Scan(ctx)
	return rows, err
}

// PublicProfile returns a listed provider's public page; anything else is
// errProviderNotFound.
func (s *Service) PublicProfile(ctx context.Context, providerID string) (PublicProfile, error) {
	r, err := s.st.provider(ctx, s.c.DB, providerID, false)
	if err != nil {
		return PublicProfile{}, err
	}
	if !r.Listed {
		return PublicProfile{}, errProviderNotFound
	}
	media, err := s.st.media(ctx, s.c.DB, r.ID)
	if err != nil {
		return PublicProfile{}, err
	}
	people, err := s.c.Directory.Lookup(ctx, []string{r.UserID})
	if err != nil {
		return PublicProfile{}, err
	}
	if p, ok := people[r.UserID]; !ok || !p.Active() {
		return PublicProfile{}, errProviderNotFound
	}
	nm := namesOf(people)
	return PublicProfile{Card: card(r, nm[r.UserID][0], nm[r.UserID][1]), Bio: r.Bio, SessionFormats: formatsOf(r),
		IntroVideoURL: r.IntroVideoURL, Media: toMedia(media),
		VerifiedLicence: r.Verification == VerificationVerified}, nil
}

// UnlistedOfKind answers the ids of the profiles of kind that are not
// listed (drafts, unpublished or suspended), for domains that list their
// own things per provider and must leave those out in their query (the car
// search and its facets).
func (s *Service) UnlistedOfKind(ctx context.Context, kind string) ([]string, error) {
	out := []string{}
	err := s.c.DB.NewSelect().Model((*providerRow)(nil)).Column("id").Where("kind = ?", kind).
		Where("listed = ?", false).Scan(ctx, &out)
	return out, err
}
