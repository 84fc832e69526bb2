package support

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
)

// FAQ is a question admins answered for everyone.
type FAQ struct {
	ID        string    `json:"id"`
	Category  string    `json:"category"`
	Question  string    `json:"question"`
	Answer    string    `json:"answer"`
	Position  int       `json:"position"`
	UpdatedAt time.Time `json:"updated_at"`
}

// FAQInput makes or replaces a FAQ.
type FAQInput struct {
	Category string `json:"category"`
	Question string `json:"question"`
	Answer   string `json:"answer"`
	Position int    `json:"position"`
}

func (in *FAQInput) validate() error {
	in.Category, in.Question, in.Answer = strings.TrimSpace(in.Category), strings.TrimSpace(in.Question), strings.TrimSpace(in.Answer)
	f := apperr.Fields{}
	checkBody(f, "category", in.Category, 60)
	checkBody(f, "question", in.Question, 300)
	checkBody(f, "answer", in.Answer, MaxBody)
	f.Check(in.Position >= 0 && in.Position <= 10000, "position", "must be 0 to 10000")
	return f.Err()
}

func faq(r faqRow) FAQ {
	return FAQ{ID: r.ID, Category: r.Category, Question: r.Question, Answer: r.Answer, Position: r.Position,
		UpdatedAt: r.UpdatedAt.UTC()}
}

// MaxFAQs bounds the list (it is read whole).
const MaxFAQs = 500

// FAQs answers the FAQs in order; q keeps those whose question or answer
// holds it.
func (s *Service) FAQs(ctx context.Context, q string) ([]FAQ, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > 200 {
		return nil, apperr.Validation(map[string]string{"q": "must be at most 200 characters"})
	}
	var rows []faqRow
	sel := s.c.DB.NewSelect().Model(&rows).OrderExpr("position, id").Limit(MaxFAQs)
	if words := searchWords(q); len(words) > 0 {
		sel = sel.WhereGroup(" AND ", func(sq *bun.SelectQuery) *bun.SelectQuery {
			for _, w := range words {
				like := "%" + w + "%"
				sq = sq.WhereOr("(lower(question) LIKE ? OR lower(answer) LIKE ? OR lower(category) LIKE ?)", like, like, like)
			}
			return sq
		})
	}
	if err := sel.Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]FAQ, 0, len(rows))
	for _, r := range rows {
		out = append(out, faq(r))
	}
	return out, nil
}

var stopWords = map[string]bool{"the": true, "and": true, "for": true, "you": true, "how": true, "why": true,
	"what": true, "can": true, "did": true, "not": true, "was": true, "with": true, "from": true, "this": true,
	"that": true, "are": true, "have": true, "has": true, "does": true, "when": true, "where": true, "my": true}

// searchWords are the words of a FAQ search worth matching (three letters
// or more, not a stop word, at most eight, LIKE's wildcards dropped); a FAQ
// holding any of them matches.
func searchWords(q string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if utf8.RuneCountInString(w) >= 3 && !stopWords[w] && len(out) < 8 {
			out = append(out, w)
		}
	}
	return out
}

// CreateFAQ adds a FAQ.
func (s *Service) CreateFAQ(ctx context.Context, adminID, ip string, in FAQInput) (FAQ, error) {
	if err := in.validate(); err != nil {
		return FAQ{}, err
	}
	now := s.now()
	r := faqRow{ID: ids.New(), Category: in.Category, Question: in.Question, Answer: in.Answer, Position: in.Position,
		CreatedAt: now, UpdatedAt: now}
	if _, err := s.c.DB.NewInsert().Model(&r).Exec(ctx); err != nil {
		return FAQ{}, err
	}
	return faq(r), nil
}

var errFAQNotFound = apperr.NotFound("FAQ")

// UpdateFAQ replaces a FAQ.
func (s *Service) UpdateFAQ(ctx context.Context, adminID, ip, id string, in FAQInput) (FAQ, error) {
	if err := in.validate(); err != nil {
		return FAQ{}, err
	}
	if !ids.Valid(id) {
		return FAQ{}, errFAQNotFound
	}
	res, err := s.c.DB.NewUpdate().Model((*faqRow)(nil)).Where("id = ?", id).Set("category = ?", in.Category).
		Set("question = ?", in.Question).Set("answer = ?", in.Answer).Set("position = ?", in.Position).
		Set("updated_at = ?", s.now()).Exec(ctx)
	if err != nil {
		return FAQ{}, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return FAQ{}, errFAQNotFound
	}
	var r faqRow
	if err := s.c.DB.NewSelect().Model(&r).Where("id = ?", id).Scan(ctx); err != nil {
		return FAQ{}, err
	}
	return faq(r), nil
}

// DeleteFAQ removes a FAQ.
func (s *Service) DeleteFAQ(ctx context.Context, id string) error {
	if !ids.Valid(id) {
		return errFAQNotFound
	}
	res, err := s.c.DB.NewDelete().Model((*faqRow)(nil)).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errFAQNotFound
	}
	return nil
}

// Canned is a reply admins reuse.
type Canned struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Body  string `json:"body"`
}

// CannedInput makes a canned reply.
type CannedInput struct {
	Title string `json:"title"`
	Body  string `json:"body"`
}

// CannedReplies lists them by title.
func (s *Service) CannedReplies(ctx context.Context) ([]Canned, error) {
	var rows []cannedRow
	if err := s.c.DB.NewSelect().Model(&rows).OrderExpr("title, id").Limit(200).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]Canned, 0, len(rows))
	for _, r := range rows {
		out = append(out, Canned{ID: r.ID, Title: r.Title, Body: r.Body})
	}
	return out, nil
}

// CreateCanned adds a canned reply.
func (s *Service) CreateCanned(ctx context.Context, in CannedInput) (Canned, error) {
	in.Title, in.Body = strings.TrimSpace(in.Title), strings.TrimSpace(in.Body)
	f := apperr.Fields{}
	checkBody(f, "title", in.Title, 100)
	checkBody(f, "body", in.Body, MaxBody)
	if err := f.Err(); err != nil {
		return Canned{}, err
	}
	now := s.now()
	r := cannedRow{ID: ids.New(), Title: in.Title, Body: in.Body, CreatedAt: now, UpdatedAt: now}
	if _, err := s.c.DB.NewInsert().Model(&r).Exec(ctx); err != nil {
		return Canned{}, err
	}
	return Canned{ID: r.ID, Title: r.Title, Body: r.Body}, nil
}

// DeleteCanned removes a canned reply.
func (s *Service) DeleteCanned(ctx context.Context, id string) error {
	if !ids.Valid(id) {
		return apperr.NotFound("canned reply")
	}
	res, err := s.c.DB.NewDelete().Model((*cannedRow)(nil)).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.NotFound("canned reply")
	}
	return nil
}
