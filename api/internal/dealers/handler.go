package dealers

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/page"
)

type handler struct {
	s    *Service
	idem *idempotency.Middleware
}

func (h *handler) routes(r httpx.Router) {
	// Buyers
	r.Get("/cars", h.search)
	r.Get("/cars/:id", h.car)
	r.Post("/cars/:id/reserve", h.idem.Wrap(h.reserve))
	r.Post("/cars/:id/test-drives", h.idem.Wrap(h.testDrive))
	r.Post("/cars/:id/enquiries", h.enquire)
	r.Get("/me/car-reservations", httpx.OwnCursorList(h.s.MyReservations))
	r.Post("/me/car-reservations/:id/cancel", httpx.OwnItem(h.s.CancelReservation))
	// The dealership
	r.Get("/dealer/vin-decode", h.vinDecode)
	r.Get("/dealer/dashboard", h.dashboard)
	r.Get("/dealer/settings", h.settings)
	r.Patch("/dealer/settings", h.saveSettings)
	r.Get("/dealer/listings", h.listings)
	r.Post("/dealer/listings", h.createListing)
	r.Get("/dealer/listings/:id", httpx.OwnItem(h.s.MyListing))
	r.Patch("/dealer/listings/:id", h.updateListing)
	r.Post("/dealer/listings/:id/sold", httpx.OwnItem(h.s.MarkSold))
	r.Post("/dealer/listings/:id/photos", h.addPhoto)
	r.Delete("/dealer/listings/:id/photos/:photoId", h.deletePhoto)
	r.Get("/dealer/reservations", h.reservations)
	r.Post("/dealer/reservations/:id/complete", h.idem.Wrap(httpx.OwnItem(h.s.CompleteSale)))
	r.Post("/dealer/reservations/:id/release", h.idem.Wrap(httpx.OwnItem(h.s.DealerRelease)))
	r.Get("/dealer/test-drives", httpx.OwnCursorList(h.s.DealerTestDrives))
	r.Get("/dealer/leads", h.leads)
	r.Post("/dealer/leads/:id/status", h.leadStatus)
	// Admins
	r.Get("/admin/cars", h.adminList)
	r.Post("/admin/cars/:id/moderation", h.moderate)
}

// CarList is a page of cars with the facet counts (first page only).
type CarList struct {
	Data   []CarCard       `json:"data"`
	Meta   page.CursorMeta `json:"meta"`
	Facets *Facets         `json:"facets"`
}

func optInt(f apperr.Fields, c fiber.Ctx, name string) *int {
	s := c.Query(name)
	if s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		f.Add(name, "must be a whole number")
		return nil
	}
	return &n
}

func optInt64(f apperr.Fields, c fiber.Ctx, name string) *int64 {
	s := c.Query(name)
	if s == "" {
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f.Add(name, "must be a whole number")
		return nil
	}
	return &n
}

func (h *handler) search(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	q := Search{Make: c.Query("make"), Model: c.Query("model"), Body: c.Query("body"), Fuel: c.Query("fuel"),
		Transmission: c.Query("transmission"), City: c.Query("city"), Sort: c.Query("sort"),
		YearMin: optInt(f, c, "year_min"), YearMax: optInt(f, c, "year_max"), MileageMax: optInt(f, c, "mileage_max"),
		PriceMin: optInt64(f, c, "price_min"), PriceMax: optInt64(f, c, "price_max")}
	if err := f.Err(); err != nil {
		return err
	}
	withFacets := cur.After == nil
	res, err := h.s.Search(c.Context(), q, cur, withFacets)
	if err != nil {
		return err
	}
	out := CarList{Data: res.Cars, Meta: page.NewCursorMeta(res.Next, cur)}
	if withFacets {
		out.Facets = &res.Facets
	}
	return c.JSON(out)
}

func viewer(c fiber.Ctx) string {
	if p := authn.From(c); p != nil {
		return p.UserID
	}
	return ""
}

func (h *handler) car(c fiber.Ctx) error {
	out, err := h.s.Car(c.Context(), viewer(c), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Car]{Data: out})
}

func (h *handler) reserve(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		PayWith string `json:"pay_with"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	var out Reservation
	switch in.PayWith {
	case "", PayWallet:
		out, err = h.s.Reserve(c.Context(), p.UserID, c.Params("id"), c.Get(idempotency.Header))
	case PayCard:
		out, err = h.s.ReserveByCard(c.Context(), p.UserID, c.Params("id"), c.Get(idempotency.Header),
			c.Get(fiber.HeaderOrigin))
	default:
		return apperr.Validation(map[string]string{"pay_with": "must be wallet or card"})
	}
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Reservation]{Data: out})
}

func (h *handler) testDrive(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in TestDriveInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.BookTestDrive(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[TestDrive]{Data: out})
}

func (h *handler) enquire(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in LeadInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Enquire(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Lead]{Data: out})
}

// VINDecode is what a VIN says before a listing is saved.
type VINDecode struct {
	VIN       string  `json:"vin"`
	Valid     bool    `json:"valid"`
	Problem   *string `json:"problem"`
	WMI       WMI     `json:"wmi"`
	ModelYear *int    `json:"model_year"`
}

func (h *handler) vinDecode(c fiber.Ctx) error {
	if _, err := authn.Must(c); err != nil {
		return err
	}
	vin := NormalizeVIN(c.Query("vin"))
	if vin == "" || len(vin) > 32 {
		return apperr.Validation(map[string]string{"vin": "is required (17 characters)"})
	}
	out := VINDecode{VIN: vin, WMI: DecodeWMI(vin)}
	if p := VINProblem(vin); p != "" {
		out.Problem = &p
	} else {
		out.Valid = true
		if y := ModelYear(vin, h.s.maxYear()); y != 0 {
			out.ModelYear = &y
		}
	}
	return c.JSON(httpx.Data[VINDecode]{Data: out})
}

func (h *handler) dashboard(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Dashboard(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Dashboard]{Data: out})
}

func (h *handler) settings(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.MySettings(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Settings]{Data: out})
}

func (h *handler) saveSettings(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in SettingsInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SaveSettings(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Settings]{Data: out})
}

func (h *handler) listings(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.MyListings(c.Context(), p.UserID, c.Query("status"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) createListing(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ListingInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateListing(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Listing]{Data: out})
}

func (h *handler) updateListing(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ListingInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateListing(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Listing]{Data: out})
}

func (h *handler) addPhoto(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	data, err := httpx.ReadUpload(c, httpx.Upload{Field: "file", Max: MaxPhotoBytes, NotMultipart: errPhotoMultipart,
		Missing: errPhotoMissing, TooLarge: errPhotoTooLarge})
	if err != nil {
		return err
	}
	out, err := h.s.AddPhoto(c.Context(), p.UserID, c.Params("id"), data)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[Listing]{Data: out})
}

func (h *handler) deletePhoto(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.DeletePhoto(c.Context(), p.UserID, c.Params("id"), c.Params("photoId"))
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Listing]{Data: out})
}

func (h *handler) reservations(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.DealerReservations(c.Context(), p.UserID, c.Query("status"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) leads(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	items, next, err := h.s.DealerLeads(c.Context(), p.UserID, c.Query("status"), cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) leadStatus(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		Status string `json:"status"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SetLeadStatus(c.Context(), p.UserID, c.Params("id"), in.Status)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Lead]{Data: out})
}

func (h *handler) adminList(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	f := AdminFilter{Q: c.Query("q"), Status: c.Query("status"), ProviderID: c.Query("provider_id")}
	switch c.Query("hidden") {
	case "":
	case "true":
		t := true
		f.Hidden = &t
	case "false":
		v := false
		f.Hidden = &v
	default:
		return apperr.Validation(map[string]string{"hidden": "must be true or false"})
	}
	items, total, err := h.s.AdminListings(c.Context(), f, pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *handler) moderate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ModerationInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Moderate(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[Listing]{Data: out})
}
