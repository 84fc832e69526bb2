package rentals

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/reviews"
)

// Register mounts the rental routes.
func (s *Service) Register(router httpx.Router) {
	h := &handler{s: s}
	r := writes{Router: router, dirty: s.search.dirty}
	idem := s.c.Idempotency.Wrap
	r.Get("/rentals/cars", h.search)
	r.Get("/rentals/cars/:id", h.car)
	r.Get("/rentals/cars/:id/quote", h.quote)
	r.Get("/rentals/companies", h.companies)
	r.Get("/rentals/companies/:id", h.companyOne)
	r.Get("/rentals/companies/:id/branches", h.companyBranches)
	r.Post("/rentals/bookings", h.create)
	r.Get("/rentals/bookings", httpx.OwnCursorList(s.MyRentals))
	r.Get("/rentals/bookings/:id", h.one)
	r.Post("/rentals/bookings/:id/pay", idem(h.pay))
	r.Post("/rentals/bookings/:id/cancel", idem(h.cancel))
	r.Patch("/rentals/bookings/:id/schedule", h.schedule)
	r.Post("/rentals/bookings/:id/handover/:stage/confirm", h.confirmHandover)
	r.Post("/rentals/bookings/:id/review", h.review)

	r.Get("/practice/rentals/branches", h.myBranches)
	r.Post("/practice/rentals/branches", h.saveBranch)
	r.Put("/practice/rentals/branches/:id", h.saveBranch)
	r.Get("/practice/rentals/cars", h.myCars)
	r.Post("/practice/rentals/cars", h.saveCar)
	r.Get("/practice/rentals/cars/:id", h.myCar)
	r.Put("/practice/rentals/cars/:id", h.saveCar)
	r.Post("/practice/rentals/cars/:id/photos", h.addCarPhoto)
	r.Delete("/practice/rentals/cars/:id/photos/:index", h.removeCarPhoto)
	r.Get("/practice/rentals/bookings", h.companyRentals)
	r.Get("/practice/rentals/bookings/:id", h.companyRental)
	r.Post("/practice/rentals/bookings/:id/pickup", h.handover(StagePickup))
	r.Post("/practice/rentals/bookings/:id/return", h.handover(StageReturn))
	r.Post("/practice/rentals/bookings/:id/photos/:stage", h.handoverPhoto)
	r.Post("/practice/rentals/bookings/:id/deposit", idem(h.settle))
	r.Post("/practice/rentals/bookings/:id/cancel", idem(h.companyCancel))
	r.Get("/practice/rentals/calendar", h.calendar)
	r.Get("/practice/rentals/dashboard", h.dashboard)
	r.Get("/practice/rentals/clients", httpx.OwnCursorList(s.Clients))

	r.Get("/admin/rentals/cars", h.adminCars)
	r.Post("/admin/rentals/cars/:id/hide", h.moderate("hide"))
	r.Post("/admin/rentals/cars/:id/restore", h.moderate("restore"))
}

type handler struct{ s *Service }

func uid(c fiber.Ctx) (string, error) {
	p, err := authn.Must(c)
	if err != nil {
		return "", err
	}
	return p.UserID, nil
}

func data[T any](c fiber.Ctx, v T, err error) error {
	if err != nil {
		return err
	}
	return c.JSON(httpx.Data[T]{Data: v})
}

func created[T any](c fiber.Ctx, v T, err error) error {
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(httpx.Data[T]{Data: v})
}

// parseTime reads an RFC 3339 time between 2000 and 2100.
func parseTime(f apperr.Fields, field, v string) time.Time {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil || t.Year() < 2000 || t.Year() >= 2100 {
		f.Add(field, "must be an RFC 3339 time between 2000 and 2100")
	}
	return t.UTC()
}

func atoiField(f apperr.Fields, field, v string, min, max int64) int64 {
	if v == "" {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < min || n > max {
		f.Add(field, "must be a whole number from "+strconv.FormatInt(min, 10)+" to "+strconv.FormatInt(max, 10))
		return 0
	}
	return n
}

// searchCursor encodes the keyset position (day_rate, id) in a page.Key
// (the rate rides in the key's time as microseconds).
func searchCursor(c *Car) *page.Key {
	if c == nil {
		return nil
	}
	return &page.Key{CreatedAt: time.UnixMicro(c.DayRate.Amount).UTC(), ID: c.ID}
}

func (h *handler) search(c fiber.Ctx) error {
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	q := Search{City: c.Query("city"), ProviderID: c.Query("provider_id"), Category: c.Query("category"),
		Transmission: c.Query("transmission"), Limit: cur.Limit}
	q.MinSeats = int(atoiField(f, "seats", c.Query("seats"), 1, 60))
	q.MinPrice = atoiField(f, "min_price", c.Query("min_price"), 0, MaxAmount)
	q.MaxPrice = atoiField(f, "max_price", c.Query("max_price"), 0, MaxAmount)
	f.Check(len(q.ProviderID) <= 64, "provider_id", "must be at most 64 characters")
	if v := c.Query("from"); v != "" {
		t := parseTime(f, "from", v)
		q.Start = &t
	}
	if v := c.Query("to"); v != "" {
		t := parseTime(f, "to", v)
		q.End = &t
	}
	if err := f.Err(); err != nil {
		return err
	}
	if cur.After != nil {
		q.AfterRate, q.AfterID = cur.After.CreatedAt.UnixMicro(), cur.After.ID
	}
	cars, next, err := h.s.SearchCars(c.Context(), q)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(cars, cur, searchCursor(next)))
}

func (h *handler) car(c fiber.Ctx) error {
	car, err := h.s.PublicCar(c.Context(), c.Params("id"))
	return data(c, car, err)
}

func quoteInput(c fiber.Ctx, f apperr.Fields) QuoteInput {
	in := QuoteInput{CarID: c.Params("id"), PickupBranchID: c.Query("pickup_branch_id"),
		DropoffBranchID: c.Query("dropoff_branch_id")}
	in.Start = parseTime(f, "start", c.Query("start"))
	in.End = parseTime(f, "end", c.Query("end"))
	if x := strings.TrimSpace(c.Query("extras")); x != "" {
		in.Extras = strings.Split(x, ",")
	}
	f.Check(len(in.PickupBranchID) <= 64 && len(in.DropoffBranchID) <= 64, "pickup_branch_id", "is not a branch")
	f.Check(len(in.Extras) <= 10, "extras", "at most 10")
	return in
}

func (h *handler) quote(c fiber.Ctx) error {
	f := apperr.Fields{}
	in := quoteInput(c, f)
	if err := f.Err(); err != nil {
		return err
	}
	q, err := h.s.Quote(c.Context(), in)
	return data(c, q, err)
}

func (h *handler) companyBranches(c fiber.Ctx) error {
	co, err := h.s.companyOf(c.Context(), c.Params("id"))
	if err != nil || !listed(co) {
		return errNoCompanyPublic
	}
	b, err := h.s.Branches(c.Context(), co.ID)
	return data(c, b, err)
}

func (h *handler) companies(c fiber.Ctx) error {
	f := apperr.Fields{}
	limit := int(atoiField(f, "limit", c.Query("limit"), 1, 100))
	if limit == 0 {
		limit = 20
	}
	after := c.Query("cursor")
	f.Check(len(after) <= 64, "cursor", "is not a cursor from this list: start again without it")
	if err := f.Err(); err != nil {
		return err
	}
	items, next, err := h.s.Companies(c.Context(), c.Query("city"), after, limit)
	if err != nil {
		return err
	}
	m := page.CursorMeta{Limit: limit}
	if next != "" {
		m.NextCursor = &next
	}
	return c.JSON(httpx.CursorList[CompanyCard]{Data: items, Meta: m})
}

func (h *handler) companyOne(c fiber.Ctx) error {
	co, err := h.s.companyOf(c.Context(), c.Params("id"))
	if err != nil || !listed(co) {
		return errNoCompanyPublic
	}
	return c.JSON(httpx.Data[CompanyCard]{Data: CompanyCard{Company: Company{ID: co.ID, Name: co.DisplayName, Rating: co.Rating,
		City: co.City, Verified: co.Verified}, Headline: co.Headline, AvatarURL: co.AvatarURL, Cities: []string{},
		FromRate: MoneyDTO{0, "NGN"}}})
}

var errNoCompanyPublic = apperr.NotFound("Car-rental company")

// createInput is POST /rentals/bookings.
type createInput struct {
	CarID           string   `json:"car_id"`
	PickupBranchID  string   `json:"pickup_branch_id"`
	DropoffBranchID string   `json:"dropoff_branch_id"`
	Start           string   `json:"start"`
	End             string   `json:"end"`
	Extras          []string `json:"extras"`
	Driver          Driver   `json:"driver"`
}

func (h *handler) create(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in createInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	f := apperr.Fields{}
	f.Check(in.CarID != "" && len(in.CarID) <= 64, "car_id", "is required")
	f.Check(len(in.PickupBranchID) <= 64, "pickup_branch_id", "is not a branch")
	f.Check(len(in.DropoffBranchID) <= 64, "dropoff_branch_id", "is not a branch")
	f.Check(len(in.Extras) <= 10, "extras", "at most 10")
	start, end := parseTime(f, "start", in.Start), parseTime(f, "end", in.End)
	if err := f.Err(); err != nil {
		return err
	}
	b, err := h.s.Create(c.Context(), u, CreateInput{QuoteInput: QuoteInput{CarID: in.CarID,
		PickupBranchID: in.PickupBranchID, DropoffBranchID: in.DropoffBranchID, Start: start, End: end,
		Extras: in.Extras}, Driver: in.Driver})
	return created(c, b, err)
}

func (h *handler) one(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	b, err := h.s.Mine(c.Context(), u, c.Params("id"))
	return data(c, b, err)
}

type payInput struct {
	PayWith string `json:"pay_with"`
}

func (h *handler) pay(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in payInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	b, err := h.s.Pay(c.Context(), u, c.Params("id"), PayInput{PayWith: in.PayWith, Origin: c.Get(fiber.HeaderOrigin)})
	return data(c, b, err)
}

func (h *handler) review(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in reviews.ReviewInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	r, err := h.s.Review(c.Context(), u, c.Params("id"), in)
	return created(c, r, err)
}

type reasonInput struct {
	Reason string `json:"reason"`
}

func (h *handler) cancel(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in reasonInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	b, err := h.s.Cancel(c.Context(), u, ActorUser, c.Params("id"), in.Reason)
	return data(c, b, err)
}

func (h *handler) confirmHandover(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	b, err := h.s.ConfirmHandover(c.Context(), u, c.Params("id"), c.Params("stage"))
	return data(c, b, err)
}

func (h *handler) myBranches(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	b, err := h.s.MyBranches(c.Context(), u)
	return data(c, b, err)
}

func (h *handler) saveBranch(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in BranchInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	id := c.Params("id")
	b, err := h.s.SaveBranch(c.Context(), u, id, in)
	if id == "" {
		return created(c, b, err)
	}
	return data(c, b, err)
}

func (h *handler) myCars(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	var after *cursorKey
	if cur.After != nil {
		after = &cursorKey{t: cur.After.CreatedAt, id: cur.After.ID}
	}
	cars, next, err := h.s.MyCars(c.Context(), u, after, cur.Limit)
	if err != nil {
		return err
	}
	var nk *page.Key
	if next != nil {
		nk = &page.Key{CreatedAt: next.t, ID: next.id}
	}
	return c.JSON(httpx.NewCursorList(cars, cur, nk))
}

func (h *handler) saveCar(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in CarInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	id := c.Params("id")
	car, err := h.s.SaveCar(c.Context(), u, id, in)
	if id == "" {
		return created(c, car, err)
	}
	return data(c, car, err)
}

func (h *handler) myCar(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	car, err := h.s.MyCar(c.Context(), u, c.Params("id"))
	return data(c, car, err)
}

// MaxPhotoBytes is the largest photo upload accepted.
const MaxPhotoBytes = 8 << 20

var photoUpload = httpx.Upload{Field: "file", Max: MaxPhotoBytes,
	NotMultipart: apperr.Validation(map[string]string{"file": "must be sent as multipart/form-data"}),
	Missing:      apperr.Validation(map[string]string{"file": "is required"}),
	TooLarge:     apperr.Validation(map[string]string{"file": "must be at most 8 MB"})}

func (h *handler) addCarPhoto(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	car, err := h.s.AddCarPhoto(c.Context(), u, c.Params("id"), b)
	return created(c, car, err)
}

func (h *handler) removeCarPhoto(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	i, err := strconv.Atoi(c.Params("index"))
	if err != nil || i < 0 || i > 100 {
		return apperr.NotFound("Photo")
	}
	car, err := h.s.RemoveCarPhoto(c.Context(), u, c.Params("id"), i)
	return data(c, car, err)
}

func (h *handler) companyRentals(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	cur, err := httpx.ParseCursor(c)
	if err != nil {
		return err
	}
	fl := CompanyFilter{CarID: c.Query("car_id"), Status: c.Query("status")}
	f := apperr.Fields{}
	f.Check(len(fl.CarID) <= 64, "car_id", "is not a car")
	f.Check(fl.Status == "" || oneOf(fl.Status, Statuses), "status", "must be one of "+strings.Join(Statuses, ", "))
	if err := f.Err(); err != nil {
		return err
	}
	items, next, err := h.s.CompanyRentals(c.Context(), u, fl, cur)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewCursorList(items, cur, next))
}

func (h *handler) companyRental(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	b, err := h.s.CompanyRental(c.Context(), u, c.Params("id"))
	return data(c, b, err)
}

func (h *handler) handover(stage string) fiber.Handler {
	return func(c fiber.Ctx) error {
		u, err := uid(c)
		if err != nil {
			return err
		}
		var in HandoverInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		if stage == StagePickup {
			b, err := h.s.RecordPickup(c.Context(), u, c.Params("id"), in)
			return data(c, b, err)
		}
		b, err := h.s.RecordReturn(c.Context(), u, c.Params("id"), in)
		return data(c, b, err)
	}
}

func (h *handler) handoverPhoto(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	stage := c.Params("stage")
	if stage != StagePickup && stage != StageReturn {
		return apperr.Validation(map[string]string{"stage": "must be pickup or return"})
	}
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	out, err := h.s.AddHandoverPhoto(c.Context(), u, c.Params("id"), stage, b)
	return created(c, out, err)
}

func (h *handler) settle(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in SettleInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	b, err := h.s.SettleDeposit(c.Context(), u, c.Params("id"), in)
	return data(c, b, err)
}

func (h *handler) companyCancel(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var in reasonInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	b, err := h.s.Cancel(c.Context(), u, ActorProvider, c.Params("id"), in.Reason)
	return data(c, b, err)
}

func (h *handler) calendar(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	from, to := parseTime(f, "from", c.Query("from")), parseTime(f, "to", c.Query("to"))
	if f.Err() == nil {
		f.Check(to.After(from) && to.Sub(from) <= 62*24*time.Hour, "to", "must be after from, at most 62 days later")
	}
	if err := f.Err(); err != nil {
		return err
	}
	out, err := h.s.Calendar(c.Context(), u, from, to)
	return data(c, out, err)
}

func (h *handler) dashboard(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	d, err := h.s.Dashboard(c.Context(), u)
	return data(c, d, err)
}

func (h *handler) adminCars(c fiber.Ctx) error {
	p, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	f := AdminCarFilter{Status: c.Query("status"), ProviderID: c.Query("provider_id"), Q: c.Query("q")}
	if len(f.ProviderID) > 64 {
		return apperr.Validation(map[string]string{"provider_id": "must be at most 64 characters"})
	}
	cars, total, err := h.s.AdminCars(c.Context(), f, p)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(cars, p, total))
}

func (h *handler) moderate(action string) fiber.Handler {
	return func(c fiber.Ctx) error {
		u, err := uid(c)
		if err != nil {
			return err
		}
		var in reasonInput
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
		car, err := h.s.Moderate(c.Context(), u, c.IP(), c.Params("id"), action, in.Reason)
		return data(c, car, err)
	}
}

type scheduleBody struct {
	StartsAt string  `json:"starts_at"`
	EndsAt   *string `json:"ends_at"`
}

func (h *handler) schedule(c fiber.Ctx) error {
	u, err := uid(c)
	if err != nil {
		return err
	}
	var b scheduleBody
	if err := httpx.Decode(c, &b); err != nil {
		return err
	}
	f := apperr.Fields{}
	in := ScheduleInput{StartsAt: parseTime(f, "starts_at", b.StartsAt)}
	if b.EndsAt != nil {
		e := parseTime(f, "ends_at", *b.EndsAt)
		in.EndsAt = &e
	}
	if err := f.Err(); err != nil {
		return err
	}
	v, err := h.s.Reschedule(c.Context(), u, c.Params("id"), in)
	return data(c, v, err)
}
