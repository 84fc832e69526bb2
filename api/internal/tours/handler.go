package tours

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

type handler struct{ s *Service }

func (h *handler) routes(r httpx.Router) {
	r.Get("/tours", h.search)
	r.Get("/tours/:id", h.tour)
	r.Get("/tour-guide/tours", h.mine)
	r.Post("/tour-guide/tours", h.create)
	r.Get("/tour-guide/tours/:id", h.one)
	r.Patch("/tour-guide/tours/:id", h.update)
	r.Post("/tour-guide/tours/:id/photos", h.addPhoto)
	r.Delete("/tour-guide/tours/:id/photos/:photoId", h.deletePhoto)
	r.Get("/admin/tours", h.adminList)
	r.Post("/admin/tours/:id/hide", h.hide)
	r.Post("/admin/tours/:id/unhide", h.unhide)
}

var (
	errMultipart = apperr.Validation(map[string]string{"file": "must be sent as multipart/form-data"})
	errMissing   = apperr.Validation(map[string]string{"file": "is required"})
)

func (h *handler) search(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	in := SearchInput{City: c.Query("city"), Date: c.Query("date"), Language: c.Query("language")}
	f := apperr.Fields{}
	i64 := func(name string) *int64 {
		s := c.Query(name)
		if s == "" {
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		f.Check(err == nil, name, "must be a whole number")
		return &n
	}
	in.MinPrice, in.MaxPrice = i64("min_price"), i64("max_price")
	if d := i64("max_duration_min"); d != nil {
		v := int(min(max(*d, -1), 1<<30))
		in.MaxDuration = &v
	}
	if t := i64("travellers"); t != nil {
		in.Travellers = int(min(max(*t, -1), 1<<20))
		f.Check(in.Travellers >= 1, "travellers", "must be from 1 to 50")
	}
	if s := c.Query("min_rating"); s != "" {
		v, err := strconv.ParseFloat(s, 64)
		f.Check(err == nil && v == v, "min_rating", "must be a number from 0 to 5")
		in.MinRating = &v
	}
	flag := func(name string) *bool {
		switch c.Query(name) {
		case "":
			return nil
		case "true":
			t := true
			return &t
		case "false":
			v := false
			return &v
		}
		f.Add(name, "must be true or false")
		return nil
	}
	if b := flag("kid_friendly"); b != nil {
		in.KidFriendly = *b
	}
	if b := flag("accessible"); b != nil {
		in.Accessible = *b
	}
	in.Private = flag("private")
	if err := f.Err(); err != nil {
		return err
	}
	items, next, err := h.s.Search(c.Context(), in, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) tour(c fiber.Ctx) error {
	out, err := h.s.Tour(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[TourPage]{Data: out})
}

func (h *handler) mine(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyTours(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[[]TourView]{Data: out})
}

func (h *handler) one(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyTour(c.Context(), p.UserID, c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[TourView]{Data: out})
}

func (h *handler) create(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in TourInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateTour(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[TourView]{Data: out})
}

func (h *handler) update(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in TourInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateTour(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[TourView]{Data: out})
}

func (h *handler) addPhoto(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if _, err := h.s.mine(c.Context(), h.s.db.DB, p.UserID, c.Params("id")); err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "file", Max: MaxPhotoBytes, NotMultipart: errMultipart,
		Missing: errMissing, TooLarge: errTooLarge})
	if err != nil {
		return err
	}
	out, err := h.s.AddPhoto(c.Context(), p.UserID, c.Params("id"), data)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Photo]{Data: out})
}

func (h *handler) deletePhoto(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := h.s.DeletePhoto(c.Context(), p.UserID, c.Params("id"), c.Params("photoId")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) adminList(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	f := AdminFilter{Q: c.Query("q"), ProviderID: c.Query("provider_id")}
	switch c.Query("hidden") {
	case "":
	case "true", "false":
		v := c.Query("hidden") == "true"
		f.Hidden = &v
	default:
		return apperr.Validation(map[string]string{"hidden": "must be true or false"})
	}
	items, total, err := h.s.AdminList(c.Context(), f, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

// HideInput is POST /admin/tours/{id}/hide.
type HideInput struct {
	Reason string `json:"reason"`
}

func (h *handler) hide(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in HideInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Hide(c.Context(), p.UserID, c.IP(), c.Params("id"), in.Reason)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminTour]{Data: out})
}

func (h *handler) unhide(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Unhide(c.Context(), p.UserID, c.IP(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[AdminTour]{Data: out})
}
