package airports

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/airportdata"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
)

// ErrNotFound is an unknown airport code.
var ErrNotFound = apperr.New(apperr.CodeNotFound, "No airport has that code.")

// Config is what the service needs.
type Config struct{ DB *db.DB }

// Service answers airport look-ups from an index of the airports table.
type Service struct {
	db *db.DB

	mu  sync.Mutex
	idx *index // nil until built
}

// New makes the service; the index is built on first use.
func New(c Config) *Service { return &Service{db: c.DB} }

// Register mounts the routes.
func (s *Service) Register(r httpx.Router) {
	h := &handler{s: s}
	r.Get("/airports", h.search)
	r.Get("/airports/:code", h.one)
}

type row struct {
	bun.BaseModel `bun:"table:airports"`
	IATA          string  `bun:"iata,pk"`
	ICAO          string  `bun:"icao"`
	Name          string  `bun:"name"`
	City          string  `bun:"city"`
	Country       string  `bun:"country"`
	CountryName   string  `bun:"country_name"`
	TimeZone      string  `bun:"time_zone"`
	Lat           float64 `bun:"lat"`
	Lng           float64 `bun:"lng"`
	Large         bool    `bun:"large"`
	Keywords      string  `bun:"keywords"`
}

func toRow(a airportdata.Airport) row {
	return row{IATA: a.IATA, ICAO: a.ICAO, Name: a.Name, City: a.City, Country: a.Country,
		CountryName: a.CountryName, TimeZone: a.TimeZone, Lat: a.Lat, Lng: a.Lng, Large: a.Large, Keywords: a.Keywords}
}

func fingerprint(rows []row) string {
	h := sha256.New()
	for _, r := range rows {
		fmt.Fprintf(h, "%s|%s|%s|%s|%s|%s|%s|%.6f|%.6f|%t|%s\n", r.IATA, r.ICAO, r.Name, r.City, r.Country,
			r.CountryName, r.TimeZone, r.Lat, r.Lng, r.Large, r.Keywords)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Sync makes the airports table hold exactly the embedded dataset. Idempotent: when the table already
// holds it (same fingerprint) nothing is written; otherwise every row is upserted and codes the dataset
// dropped are deleted, in one transaction. It reports how many rows it wrote.
func Sync(ctx context.Context, d *db.DB) (int, error) {
	want := make([]row, 0, len(airportdata.All()))
	for _, a := range airportdata.All() {
		want = append(want, toRow(a))
	}
	var have []row
	if err := d.NewSelect().Model(&have).OrderExpr("iata").Scan(ctx); err != nil {
		return 0, fmt.Errorf("airports: read table: %w", err)
	}
	if len(have) == len(want) && fingerprint(have) == fingerprint(want) {
		return 0, nil
	}
	err := d.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		codes := make([]string, len(want))
		for i, r := range want {
			codes[i] = r.IATA
		}
		if _, err := tx.NewDelete().Model((*row)(nil)).Where("iata NOT IN (?)", bun.In(codes)).Exec(ctx); err != nil {
			return err
		}
		const batch = 200 // under SQLite's bound-parameter limit (10 columns a row)
		for i := 0; i < len(want); i += batch {
			part := want[i:min(i+batch, len(want))]
			_, err := tx.NewInsert().Model(&part).On("CONFLICT (iata) DO UPDATE").
				Set("icao = EXCLUDED.icao, name = EXCLUDED.name, city = EXCLUDED.city, country = EXCLUDED.country").
				Set("country_name = EXCLUDED.country_name, time_zone = EXCLUDED.time_zone").
				Set("lat = EXCLUDED.lat, lng = EXCLUDED.lng, large = EXCLUDED.large, keywords = EXCLUDED.keywords").Exec(ctx)
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("airports: sync: %w", err)
	}
	return len(want), nil
}

// Sync fills the table from the dataset when needed (see the package Sync) and rebuilds the index.
func (s *Service) Sync(ctx context.Context) (int, error) {
	n, err := Sync(ctx, s.db)
	if err != nil {
		return 0, err
	}
	s.mu.Lock()
	s.idx = nil
	s.mu.Unlock()
	_, err = s.index(ctx)
	return n, err
}

// index returns the index, building it from the table (synced first when empty) on first use.
func (s *Service) index(ctx context.Context) (*index, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idx != nil {
		return s.idx, nil
	}
	var rows []row
	if err := s.db.NewSelect().Model(&rows).OrderExpr("iata").Scan(ctx); err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		if _, err := Sync(ctx, s.db); err != nil {
			return nil, err
		}
		if err := s.db.NewSelect().Model(&rows).OrderExpr("iata").Scan(ctx); err != nil {
			return nil, err
		}
	}
	s.idx = build(rows)
	return s.idx, nil
}

// Search is the autocomplete (doc.go); q must be valid (see Validate).
func (s *Service) Search(ctx context.Context, q string, limit int) ([]Airport, error) {
	ix, err := s.index(ctx)
	if err != nil {
		return nil, err
	}
	return ix.search(q, limit), nil
}

// Get is one airport by IATA code.
func (s *Service) Get(ctx context.Context, code string) (Airport, error) {
	ix, err := s.index(ctx)
	if err != nil {
		return Airport{}, err
	}
	a, ok := ix.byCode[normCode(code)]
	if !ok {
		return Airport{}, ErrNotFound
	}
	return a.Airport, nil
}
