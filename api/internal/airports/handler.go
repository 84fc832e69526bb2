package airports

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
)

type handler struct{ s *Service }

// ParseQuery checks the autocomplete's q and limit (doc.go).
func ParseQuery(q, limit string) (string, int, error) {
	f := apperr.Fields{}
	q = strings.TrimSpace(q)
	f.Check(q != "", "q", "is required")
	f.Check(utf8.ValidString(q) && utf8.RuneCountInString(q) <= maxQueryRunes && !strings.ContainsFunc(q, unicode.IsControl),
		"q", "must be at most 64 characters, without control characters")
	n := DefaultLimit
	if limit != "" {
		v, err := strconv.Atoi(limit)
		f.Check(err == nil && v >= 1 && v <= MaxLimit, "limit", "must be from 1 to 20")
		n = v
	}
	return q, n, f.Err()
}

func (h *handler) search(c fiber.Ctx) error {
	q, limit, err := ParseQuery(c.Query("q"), c.Query("limit"))
	if err != nil {
		return err
	}
	list, err := h.s.Search(c.Context(), q, limit)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	return c.JSON(fiber.Map{"data": list})
}

func (h *handler) one(c fiber.Ctx) error {
	code := c.Params("code")
	if len(code) != 3 {
		return ErrNotFound
	}
	a, err := h.s.Get(c.Context(), code)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "public, max-age=3600")
	return c.JSON(fiber.Map{"data": a})
}
