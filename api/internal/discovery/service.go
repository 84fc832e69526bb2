package discovery

import (
	"context"
	"errors"
	"fmt"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
)

// Config is the grid's sources, in the order their cards interleave.
type Config struct{ Sources []Source }

// Service merges the sources into one grid.
type Service struct {
	sources []Source
	kinds   []string
}

// New makes the service; every source must have its own kind.
func New(c Config) (*Service, error) {
	s := &Service{}
	for _, src := range c.Sources {
		for _, k := range s.kinds {
			if k == src.Kind() {
				return nil, fmt.Errorf("discovery: two sources of kind %q", k)
			}
		}
		s.sources = append(s.sources, src)
		s.kinds = append(s.kinds, src.Kind())
	}
	return s, nil
}

// Kinds are the kinds the grid offers.
func (s *Service) Kinds() []string { return s.kinds }

// Register mounts GET /discover.
func (s *Service) Register(r httpx.Router) { r.Get("/discover", s.handle) }

// Page is one page of the grid.
type Page struct {
	Items []Item
	Next  string // "" on the last page
}

// Discover answers up to limit items of the kinds asked, after cursor (doc.go).
func (s *Service) Discover(ctx context.Context, kinds []string, q Query, cursor string, limit int) (Page, error) {
	state, err := decodeCursor(cursor)
	if err != nil {
		return Page{}, err
	}
	var active []Source
	for _, src := range s.sources {
		for _, k := range kinds {
			if src.Kind() == k && state[k] != doneMark {
				active = append(active, src)
			}
		}
	}
	if len(active) == 0 {
		return Page{Items: []Item{}}, nil
	}
	// limit shared out among the kinds still open: limit/n each, one more for the first limit%n kinds (a
	// kind whose share is 0, when limit < n, waits where it is). A kind that runs out (or has nothing here,
	// like hotels without a place) leaves its share to the others: they are asked again for what is left,
	// so a page is full while anything remains.
	lists := make([][]Item, len(active))
	total := 0
	for total < limit {
		var open []int
		for i, src := range active {
			if state[src.Kind()] != doneMark {
				open = append(open, i)
			}
		}
		if len(open) == 0 {
			break
		}
		room, progress := limit-total, false
		for j, i := range open {
			src := active[i]
			share := room / len(open)
			if j < room%len(open) {
				share++
			}
			if share == 0 {
				continue
			}
			items, next, err := src.Page(ctx, q, state[src.Kind()], share)
			if errors.Is(err, ErrBadCursor) {
				return Page{}, ErrBadCursor
			}
			if err != nil {
				return Page{}, fmt.Errorf("discovery: %s: %w", src.Kind(), err)
			}
			lists[i] = append(lists[i], items...)
			total += len(items)
			progress = progress || len(items) > 0
			if next == "" {
				state[src.Kind()] = doneMark
				progress = true
			} else {
				state[src.Kind()] = next
			}
		}
		if !progress {
			break
		}
	}
	// Interleave: one card of each kind in turn, each kind in its own order.
	out := make([]Item, 0, limit)
	for round := 0; ; round++ {
		added := false
		for _, l := range lists {
			if round < len(l) {
				out = append(out, l[round])
				added = true
			}
		}
		if !added {
			break
		}
	}
	p := Page{Items: out}
	for _, k := range kinds {
		if state[k] != doneMark {
			p.Next = encodeCursor(state)
			break
		}
	}
	return p, nil
}

func (s *Service) handle(c fiber.Ctx) error {
	kinds, q, limit, err := ParseQuery(s.kinds, c.Query("kind"), c.Query("city"), c.Query("from"), c.Query("to"), c.Query("limit"))
	if err != nil {
		return err
	}
	p, err := s.Discover(c.Context(), kinds, q, c.Query("cursor"), limit)
	if err != nil {
		return err
	}
	var next *string
	if p.Next != "" {
		next = &p.Next
	}
	return c.JSON(httpx.CursorList[Item]{Data: p.Items, Meta: page.CursorMeta{NextCursor: next, Limit: limit}})
}
