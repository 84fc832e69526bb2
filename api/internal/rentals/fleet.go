package rentals

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
)

// Car enums.
var (
	Categories    = []string{"economy", "compact", "midsize", "suv", "luxury", "van", "pickup"}
	Transmissions = []string{"automatic", "manual"}
	Fuels         = []string{"petrol", "diesel", "hybrid", "electric"}
	FuelPolicies  = []string{"full_to_full", "same_to_same", "prepaid"}
	Weekdays      = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)

// Car states (owner: draft | published; admins: hidden with a note).
const (
	CarDraft     = "draft"
	CarPublished = "published"
	CarHidden    = "hidden"
)

func oneOf(v string, set []string) bool {
	for _, s := range set {
		if s == v {
			return true
		}
	}
	return false
}

var (
	hhmm     = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)
	slug     = regexp.MustCompile(`^[a-z][a-z0-9_]{1,31}$`)
	currency = regexp.MustCompile(`^[A-Z]{3}$`)
)

// DayHours is a branch's opening time on one weekday ("HH:MM", Open < Close).
type DayHours struct {
	Open  string `json:"open"`
	Close string `json:"close"`
}

// BranchInput is a branch as its company writes it.
type BranchInput struct {
	Name    string              `json:"name"`
	Address string              `json:"address"`
	City    string              `json:"city"`
	Country string              `json:"country"`
	Lat     *float64            `json:"lat"`
	Lng     *float64            `json:"lng"`
	Phone   string              `json:"phone"`
	Hours   map[string]DayHours `json:"hours"`
	// TimeZone is optional: an IANA zone, "" for the company's.
	TimeZone string `json:"time_zone"`
}

func checkLen(f apperr.Fields, field, v string, min, max int) {
	n := len([]rune(strings.TrimSpace(v)))
	f.Check(n >= min && n <= max, field, "must be "+itoa(min)+" to "+itoa(max)+" characters")
}

func (in *BranchInput) validate() error {
	f := apperr.Fields{}
	checkLen(f, "name", in.Name, 2, 100)
	checkLen(f, "address", in.Address, 5, 300)
	checkLen(f, "city", in.City, 2, 100)
	f.Check(in.Country == "" || regexp.MustCompile(`^[A-Z]{2}$`).MatchString(in.Country), "country", "must be a two-letter country code")
	f.Check(len(in.Phone) <= 40, "phone", "must be at most 40 characters")
	if in.TimeZone != "" {
		_, err := time.LoadLocation(in.TimeZone)
		f.Check(err == nil && len(in.TimeZone) <= 64 && in.TimeZone != "Local", "time_zone", "must be an IANA time zone such as Africa/Accra")
	}
	f.Check((in.Lat == nil) == (in.Lng == nil), "lat", "give both coordinates or neither")
	if in.Lat != nil && in.Lng != nil {
		f.Check(*in.Lat >= -90 && *in.Lat <= 90, "lat", "must be from -90 to 90")
		f.Check(*in.Lng >= -180 && *in.Lng <= 180, "lng", "must be from -180 to 180")
	}
	f.Check(len(in.Hours) <= 7, "hours", "has one entry per weekday at most")
	for d, h := range in.Hours {
		if !oneOf(d, Weekdays) {
			f.Add("hours", "keys must be weekdays (monday to sunday)")
			continue
		}
		f.Check(hhmm.MatchString(h.Open) && hhmm.MatchString(h.Close) && h.Open < h.Close, "hours."+d,
			"must open and close at HH:MM, opening first")
	}
	in.Name, in.Address, in.City = strings.TrimSpace(in.Name), strings.TrimSpace(in.Address), strings.TrimSpace(in.City)
	return f.Err()
}

// SaveBranch adds a branch (id "") or replaces one of the caller's company.
func (s *Service) SaveBranch(ctx context.Context, userID, id string, in BranchInput) (Branch, error) {
	if err := in.validate(); err != nil {
		return Branch{}, err
	}
	co, err := s.company(ctx, userID)
	if err != nil {
		return Branch{}, err
	}
	hours, _ := json.Marshal(orEmpty(in.Hours))
	now := s.now()
	row := &branchRow{ID: id, ProviderID: co.ID, UserID: userID, Name: in.Name, Address: in.Address, City: in.City,
		Country: in.Country, Lat: in.Lat, Lng: in.Lng, Phone: in.Phone, Hours: string(hours), TimeZone: in.TimeZone, Active: true,
		CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if id == "" {
			n, err := tx.NewSelect().Model((*branchRow)(nil)).Where("provider_id = ?", co.ID).Count(ctx)
			if err != nil {
				return err
			}
			if n >= maxBranches {
				return apperr.Conflict("At most 50 branches.")
			}
			row.ID = ids.New()
			_, err = tx.NewInsert().Model(row).Exec(ctx)
			return err
		}
		res, err := tx.NewUpdate().Model(row).Column("name", "address", "city", "country", "lat", "lng", "phone",
			"hours", "time_zone", "updated_at").Where("id = ?", id).Where("provider_id = ?", co.ID).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errBranchNotFound
		}
		// The cars of the branch are searched by its city.
		_, err = tx.NewUpdate().Model((*carRow)(nil)).Set("city = ?", in.City).Where("branch_id = ?", id).Exec(ctx)
		return err
	})
	if err != nil {
		return Branch{}, err
	}
	if err := s.c.DB.NewSelect().Model(row).WherePK().Scan(ctx); err != nil {
		return Branch{}, err
	}
	return toBranch(row), nil
}

func orEmpty(m map[string]DayHours) map[string]DayHours {
	if m == nil {
		return map[string]DayHours{}
	}
	return m
}

// Branches lists a company's branches (its public id).
func (s *Service) Branches(ctx context.Context, providerID string) ([]Branch, error) {
	var rows []*branchRow
	if err := s.c.DB.NewSelect().Model(&rows).Where("provider_id = ?", providerID).Where("active").
		Order("created_at", "id").Limit(maxBranches).Scan(ctx); err != nil {
		return nil, err
	}
	out := make([]Branch, 0, len(rows))
	for _, r := range rows {
		out = append(out, toBranch(r))
	}
	return out, nil
}

// MyBranches lists the caller's company's branches.
func (s *Service) MyBranches(ctx context.Context, userID string) ([]Branch, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return nil, err
	}
	return s.Branches(ctx, co.ID)
}

// CarInput is a car as its company writes it (the whole car on every save).
type CarInput struct {
	BranchID         string   `json:"branch_id"`
	Make             string   `json:"make"`
	Model            string   `json:"model"`
	Year             int      `json:"year"`
	Category         string   `json:"category"`
	Seats            int      `json:"seats"`
	Doors            int      `json:"doors"`
	Transmission     string   `json:"transmission"`
	Fuel             string   `json:"fuel"`
	AirConditioning  bool     `json:"air_conditioning"`
	Description      string   `json:"description"`
	MinDriverAge     int      `json:"min_driver_age"`
	Deposit          int64    `json:"deposit"`
	MileageLimitKm   int      `json:"mileage_limit_km"`
	FuelPolicy       string   `json:"fuel_policy"`
	DayRate          int64    `json:"day_rate"`
	Currency         string   `json:"currency"`
	Seasons          []Season `json:"seasons"`
	Extras           []Extra  `json:"extras"`
	OneWayAllowed    bool     `json:"one_way_allowed"`
	OneWayFee        int64    `json:"one_way_fee"`
	FreeCancelHours  int      `json:"free_cancel_hours"`
	LateCancelFeePct int      `json:"late_cancel_fee_pct"`
	Published        bool     `json:"published"`
}

func amountOK(v int64, min int64) bool { return v >= min && v <= MaxAmount }

func (in *CarInput) validate(now time.Time) error {
	f := apperr.Fields{}
	f.Check(in.BranchID != "" && len(in.BranchID) <= 64, "branch_id", "is required")
	checkLen(f, "make", in.Make, 2, 40)
	checkLen(f, "model", in.Model, 1, 60)
	f.Check(in.Year >= 1990 && in.Year <= now.Year()+1, "year", "must be from 1990 to next year")
	f.Check(oneOf(in.Category, Categories), "category", "must be one of "+strings.Join(Categories, ", "))
	f.Check(in.Seats >= 1 && in.Seats <= 60, "seats", "must be from 1 to 60")
	f.Check(in.Doors >= 2 && in.Doors <= 6, "doors", "must be from 2 to 6")
	f.Check(oneOf(in.Transmission, Transmissions), "transmission", "must be automatic or manual")
	f.Check(oneOf(in.Fuel, Fuels), "fuel", "must be one of "+strings.Join(Fuels, ", "))
	f.Check(len([]rune(in.Description)) <= maxText, "description", "must be at most 2000 characters")
	f.Check(in.MinDriverAge >= 18 && in.MinDriverAge <= 80, "min_driver_age", "must be from 18 to 80")
	f.Check(in.Deposit >= 0 && in.Deposit <= deposits.MaxAmount, "deposit", "must be from 0 to 500,000,000 minor units")
	f.Check(in.MileageLimitKm >= 0 && in.MileageLimitKm <= 10000, "mileage_limit_km", "must be from 0 (unlimited) to 10000")
	f.Check(oneOf(in.FuelPolicy, FuelPolicies), "fuel_policy", "must be one of "+strings.Join(FuelPolicies, ", "))
	f.Check(amountOK(in.DayRate, 1), "day_rate", "must be from 1 to 10,000,000,000 minor units")
	f.Check(currency.MatchString(in.Currency), "currency", "must be a three-letter currency code")
	f.Check(amountOK(in.OneWayFee, 0), "one_way_fee", "must be from 0 to 10,000,000,000 minor units")
	f.Check(in.FreeCancelHours >= 0 && in.FreeCancelHours <= 720, "free_cancel_hours", "must be from 0 to 720")
	f.Check(in.LateCancelFeePct >= 0 && in.LateCancelFeePct <= 100, "late_cancel_fee_pct", "must be from 0 to 100")
	f.Check(len(in.Seasons) <= 20, "seasons", "at most 20")
	for i, se := range in.Seasons {
		k := "seasons[" + itoa(i) + "]"
		from, e1 := time.Parse("2006-01-02", se.From)
		to, e2 := time.Parse("2006-01-02", se.To)
		f.Check(e1 == nil && e2 == nil && !to.Before(from) && from.Year() >= 2000 && to.Year() < 2100, k+".from",
			"needs dates YYYY-MM-DD from 2000 to 2099, from not after to")
		checkLen(f, k+".name", se.Name, 2, 60)
		f.Check(amountOK(se.DayRate, 1), k+".day_rate", "must be from 1 to 10,000,000,000 minor units")
		for j := 0; j < i; j++ {
			o := in.Seasons[j]
			f.Check(se.To < o.From || se.From > o.To, k+".from", "overlaps "+o.Name)
		}
	}
	f.Check(len(in.Extras) <= 10, "extras", "at most 10")
	seen := map[string]bool{}
	for i, x := range in.Extras {
		k := "extras[" + itoa(i) + "]"
		f.Check(slug.MatchString(x.Code) && !seen[x.Code], k+".code", "must be a unique lower-case code (a-z, 0-9, _)")
		seen[x.Code] = true
		checkLen(f, k+".name", x.Name, 2, 60)
		f.Check(amountOK(x.Price, 0), k+".price", "must be from 0 to 10,000,000,000 minor units")
		f.Check(x.Per == "day" || x.Per == "rental", k+".per", "must be day or rental")
	}
	return f.Err()
}

// SaveCar adds a car (id "") or replaces one of the caller's fleet.
func (s *Service) SaveCar(ctx context.Context, userID, id string, in CarInput) (Car, error) {
	now := s.now()
	if in.Seasons == nil {
		in.Seasons = []Season{}
	}
	if in.Extras == nil {
		in.Extras = []Extra{}
	}
	if err := in.validate(now); err != nil {
		return Car{}, err
	}
	co, err := s.company(ctx, userID)
	if err != nil {
		return Car{}, err
	}
	status := CarDraft
	if in.Published {
		if !listed(co) {
			return Car{}, apperr.Validation(map[string]string{"published": "your company's licence must be verified " +
				"(and the company not suspended) before its cars can be published"})
		}
		status = CarPublished
	}
	seasons, _ := json.Marshal(in.Seasons)
	extras, _ := json.Marshal(in.Extras)
	row := &carRow{ProviderID: co.ID, UserID: userID, BranchID: in.BranchID, Make: strings.TrimSpace(in.Make),
		Model: strings.TrimSpace(in.Model), Year: in.Year, Category: in.Category, Seats: in.Seats, Doors: in.Doors,
		Transmission: in.Transmission, Fuel: in.Fuel, AirConditioning: in.AirConditioning, Description: in.Description,
		MinDriverAge: in.MinDriverAge, Deposit: in.Deposit, MileageLimitKm: in.MileageLimitKm, FuelPolicy: in.FuelPolicy,
		DayRate: in.DayRate, Currency: in.Currency, Seasons: string(seasons), Extras: string(extras), Photos: "[]",
		OneWayAllowed: in.OneWayAllowed, OneWayFee: in.OneWayFee, FreeCancelHours: in.FreeCancelHours,
		LateCancelFeePct: in.LateCancelFeePct, Status: status, CreatedAt: now, UpdatedAt: now}
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		br := new(branchRow)
		if err := tx.NewSelect().Model(br).Where("id = ?", in.BranchID).Where("provider_id = ?", co.ID).Scan(ctx); err != nil {
			return apperr.Validation(map[string]string{"branch_id": "is not one of your branches"})
		}
		row.City = br.City
		if id == "" {
			n, err := tx.NewSelect().Model((*carRow)(nil)).Where("provider_id = ?", co.ID).Count(ctx)
			if err != nil {
				return err
			}
			if n >= maxCars {
				return apperr.Conflict("At most 500 cars per company.")
			}
			row.ID = ids.New()
			_, err = tx.NewInsert().Model(row).Exec(ctx)
			return err
		}
		row.ID = id
		q := tx.NewUpdate().Model(row).ExcludeColumn("id", "provider_id", "user_id", "photos", "moderation_note",
			"created_at").Where("id = ?", id).Where("provider_id = ?", co.ID)
		// A car an admin hid stays hidden whatever its company saves.
		q = q.Where("status <> ?", CarHidden)
		res, err := q.Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var cur carRow
			if err := tx.NewSelect().Model(&cur).Where("id = ?", id).Where("provider_id = ?", co.ID).Scan(ctx); err != nil {
				return errCarNotFound
			}
			return apperr.Conflict("An admin hid this car: " + cur.ModerationNote)
		}
		return nil
	})
	if err != nil {
		return Car{}, err
	}
	return s.MyCar(ctx, userID, row.ID)
}

// MyCar is one car of the caller's fleet.
func (s *Service) MyCar(ctx context.Context, userID, id string) (Car, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return Car{}, err
	}
	row := new(carRow)
	if err := s.c.DB.NewSelect().Model(row).Where("id = ?", id).Where("provider_id = ?", co.ID).Scan(ctx); err != nil {
		return Car{}, errCarNotFound
	}
	return toCar(row, co), nil
}

// photoLimits: a car or handover photo is at most 40 megapixels and stored
// at most 1600 pixels on its longest side, without metadata.
var photoLimits = images.Limits{MaxPixels: 40_000_000, MaxSide: 1600}

func photoErr(err error) error {
	switch {
	case errors.Is(err, images.ErrNotImage):
		return errPhotoNotImage
	case errors.Is(err, images.ErrTooLarge):
		return errPhotoPixels
	}
	return err
}

// storePhoto checks an upload through the image guard and stores it.
func (s *Service) storePhoto(ctx context.Context, prefix string, data []byte) (string, error) {
	img, err := s.c.Images.Reencode(ctx, data, photoLimits)
	if err != nil {
		return "", photoErr(err)
	}
	return s.c.Storage.Put(ctx, prefix+"/"+ids.New()+"."+img.Ext, img.Data)
}

// AddCarPhoto adds a photo to one of the caller's cars.
func (s *Service) AddCarPhoto(ctx context.Context, userID, carID string, data []byte) (Car, error) {
	car, err := s.MyCar(ctx, userID, carID)
	if err != nil {
		return Car{}, err
	}
	if len(car.Photos) >= maxCarPhotos {
		return Car{}, errTooManyPhotos
	}
	url, err := s.storePhoto(ctx, "rentals/"+car.ProviderID, data)
	if err != nil {
		return Car{}, err
	}
	if err := s.SetCarPhotos(ctx, carID, append(car.Photos, url)); err != nil {
		return Car{}, err
	}
	return s.MyCar(ctx, userID, carID)
}

// RemoveCarPhoto removes the photo at index i of one of the caller's cars.
func (s *Service) RemoveCarPhoto(ctx context.Context, userID, carID string, i int) (Car, error) {
	car, err := s.MyCar(ctx, userID, carID)
	if err != nil {
		return Car{}, err
	}
	if i < 0 || i >= len(car.Photos) {
		return Car{}, apperr.NotFound("Photo")
	}
	photos := append(append([]string{}, car.Photos[:i]...), car.Photos[i+1:]...)
	if err := s.SetCarPhotos(ctx, carID, photos); err != nil {
		return Car{}, err
	}
	return s.MyCar(ctx, userID, carID)
}

// SetCarPhotos replaces a car's photo URLs (the seed writes rendered ones).
func (s *Service) SetCarPhotos(ctx context.Context, carID string, urls []string) error {
	b, _ := json.Marshal(urls)
	_, err := s.c.DB.NewUpdate().Model((*carRow)(nil)).Set("photos = ?", string(b)).Set("updated_at = ?", s.now()).
		Where("id = ?", carID).Exec(ctx)
	return err
}

// MyCars lists the caller's fleet, newest first (keyset).
func (s *Service) MyCars(ctx context.Context, userID string, after *cursorKey, limit int) ([]Car, *cursorKey, error) {
	co, err := s.company(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	var rows []*carRow
	q := s.c.DB.NewSelect().Model(&rows).Where("provider_id = ?", co.ID)
	if after != nil {
		q = q.Where("(created_at, id) < (?, ?)", after.t, after.id)
	}
	if err := q.OrderExpr("created_at DESC, id DESC").Limit(int64(limit + 1)).Scan(ctx); err != nil {
		return nil, nil, err
	}
	var next *cursorKey
	if len(rows) > limit {
		rows = rows[:limit]
		l := rows[len(rows)-1]
		next = &cursorKey{t: l.CreatedAt, id: l.ID}
	}
	out := make([]Car, 0, len(rows))
	for _, r := range rows {
		out = append(out, toCar(r, co))
	}
	return out, next, nil
}

// cursorKey is a keyset position.
type cursorKey struct {
	t  time.Time
	id string
}
