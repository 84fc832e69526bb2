package practice

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/httpx"
)

// parseSearch reads the directory's query string.
func parseSearch(c fiber.Ctx) (Search, error) {
	q := Search{Kind: c.Query("kind"), Q: c.Query("q"), Specialty: c.Query("specialty"),
		Language: c.Query("language"), Format: c.Query("format")}
	f := apperr.Fields{}
	num := func(name string) *int64 {
		s := c.Query(name)
		if s == "" {
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			f.Add(name, "must be a whole number of minor units")
			return nil
		}
		return &n
	}
	q.MinPrice, q.MaxPrice = num("min_price"), num("max_price")
	switch c.Query("available") {
	case "":
	case "week":
		q.AvailableWeek = true
	default:
		f.Add("available", "must be week")
	}
	if s := c.Query("min_rating"); s != "" {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v != v {
			f.Add("min_rating", "must be a number from 0 to 5")
		} else {
			q.MinRating = &v
		}
	}
	return q, f.Err()
}

func (h *handler) directory(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	q, err := parseSearch(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.Directory(c.Context(), q, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) publicProfile(c fiber.Ctx) error {
	out, err := h.s.PublicProfile(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[PublicProfile]{Data: out})
}

func (h *handler) publicOfferings(c fiber.Ctx) error {
	out, err := h.s.PublicOfferings(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]OfferingView]{Data: out})
}

func (h *handler) adminList(c fiber.Ctx) error {
	p, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	items, total, err := h.s.AdminList(c.Context(), AdminFilter{Kind: c.Query("kind"), Status: c.Query("status"),
		Verification: c.Query("verification"), Q: c.Query("q")}, p)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, p, total))
}

func (h *handler) adminDetail(c fiber.Ctx) error {
	out, err := h.s.AdminDetail(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminProviderDetail]{Data: out})
}

func (h *handler) adminDecide(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	var in DecisionInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Decide(c.Context(), uid, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminProviderDetail]{Data: out})
}

func (h *handler) adminSuspend(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	var in SuspendInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Suspend(c.Context(), uid, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminProviderDetail]{Data: out})
}

func (h *handler) adminReinstate(c fiber.Ctx) error {
	uid, err := self(c)
	if err != nil {
		return err
	}
	out, err := h.s.Reinstate(c.Context(), uid, c.IP(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminProviderDetail]{Data: out})
}
