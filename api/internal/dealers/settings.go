package dealers

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"sojourn/api/internal/deposits"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/practice"
)

// DefaultReservationDays is how long a reservation holds a car unless the
// dealer sets another number (1 to 14).
const DefaultReservationDays = 3

// currencyOf is a dealership's currency, from its country.
func currencyOf(country string) string {
	switch country {
	case "GH":
		return "GHS"
	case "KE":
		return "KES"
	case "ZA":
		return "ZAR"
	case "US":
		return "USD"
	}
	return "NGN"
}

// defaultDeposit is the deposit a new dealership asks, per currency (minor
// units): about three hundred US dollars.
var defaultDeposit = map[string]int64{"NGN": 50_000_000, "GHS": 500_000, "KES": 5_000_000, "ZAR": 600_000,
	"USD": 30_000}

// Test drive offering defaults: 30 minutes at the dealership, free, one at
// a time (the dealer's time is the kernel's resource), booked at least two
// hours ahead and at most thirty days ahead, cancellable until two hours
// before.
const (
	testDriveMinutes = 30
	testDriveTitle   = "Test drive"
)

// setup answers the caller's dealership and its settings, creating them
// (and the free "Test drive" offering the kernel books) the first time.
func (s *Service) setup(ctx context.Context, userID string) (practice.Provider, *settingsRow, error) {
	p, err := s.dealership(ctx, userID)
	if err != nil {
		return practice.Provider{}, nil, err
	}
	if set, err := s.st.settings(ctx, s.c.DB, p.ID); err == nil {
		return p, set, nil
	} else if err != errNoDealership {
		return practice.Provider{}, nil, err
	}
	cur := currencyOf(p.Country)
	title, desc, format := testDriveTitle, "A test drive of the car you choose, with one of our sales team. Bring your driving licence.", "in_person"
	dur, capacity, notice, adv, free, fee, zero, no := testDriveMinutes, 1, 120, 30, 2, 0, 0, false
	off, err := s.c.Practice.CreateOffering(ctx, userID, Kind, practice.OfferingInput{Title: &title, Description: &desc,
		Format: &format, DurationMin: &dur, Price: &practice.Money{Amount: 0, Currency: cur}, Capacity: &capacity,
		RequiresConfirmation: &no, BufferAfterMin: &zero, MinNoticeMin: &notice, MaxAdvanceDays: &adv,
		FreeCancelHours: &free, LateCancelFeePct: &fee})
	if err != nil {
		return practice.Provider{}, nil, err
	}
	now := s.now()
	set := &settingsRow{ProviderID: p.ID, UserID: userID, ReservationDays: DefaultReservationDays,
		DepositAmount: defaultDeposit[cur], Currency: cur, TestDriveOfferingID: off.ID, Branches: "[]", CreatedAt: now,
		UpdatedAt: now}
	if err := s.st.insertSettings(ctx, set); err != nil {
		return practice.Provider{}, nil, err
	}
	// A concurrent first call may have won: its row is the one.
	got, err := s.st.settings(ctx, s.c.DB, p.ID)
	return p, got, err
}

func settingsView(r *settingsRow) Settings {
	return Settings{ProviderID: r.ProviderID, ReservationDays: r.ReservationDays, DepositAmount: r.DepositAmount,
		Currency: r.Currency, TestDriveOfferingID: r.TestDriveOfferingID, Branches: decodeBranches(r.Branches)}
}

// Bounds of a dealership's branches (the wizard's step three and the
// settings alike).
const (
	MaxBranches   = 5
	maxBranchName = 80
	maxAddressLen = 200
)

// checkBranches trims and bounds a list of branches: at most MaxBranches,
// each a name (1-80 characters) and an address (1-200), one line, no
// control characters. Errors name branches[i].name and the like.
func checkBranches(f apperr.Fields, list []Branch) {
	if len(list) > MaxBranches {
		f.Add("branches", fmt.Sprintf("must have at most %d items", MaxBranches))
		return
	}
	for i := range list {
		for _, fl := range []struct {
			name string
			p    *string
			max  int
		}{{"name", &list[i].Name, maxBranchName}, {"address", &list[i].Address, maxAddressLen}} {
			field := fmt.Sprintf("branches[%d].%s", i, fl.name)
			text(f, field, fl.p, 1, fl.max, true)
			if _, bad := f[field]; !bad && strings.IndexFunc(*fl.p, unicode.IsControl) >= 0 {
				f.Add(field, "must not contain control characters")
			}
		}
	}
}

func decodeBranches(s string) []Branch {
	out := []Branch{}
	_ = json.Unmarshal([]byte(s), &out)
	return out
}

// MySettings answers the caller's dealership terms.
func (s *Service) MySettings(ctx context.Context, userID string) (Settings, error) {
	_, set, err := s.setup(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	return settingsView(set), nil
}

// SaveSettings changes the reservation days (1-14), the deposit
// (1 to deposits.MaxAmount) and the branches (checkBranches; the list
// given replaces the old one); reservations already held keep their terms.
func (s *Service) SaveSettings(ctx context.Context, userID string, in SettingsInput) (Settings, error) {
	f := apperr.Fields{}
	if in.ReservationDays != nil {
		f.Check(*in.ReservationDays >= 1 && *in.ReservationDays <= 14, "reservation_days", "must be from 1 to 14")
	}
	if in.DepositAmount != nil {
		f.Check(*in.DepositAmount >= 1 && *in.DepositAmount <= deposits.MaxAmount, "deposit_amount",
			"must be from 1 to 500000000 (minor units)")
	}
	if in.Branches != nil {
		checkBranches(f, *in.Branches)
	}
	if err := f.Err(); err != nil {
		return Settings{}, err
	}
	_, set, err := s.setup(ctx, userID)
	if err != nil {
		return Settings{}, err
	}
	if in.ReservationDays != nil {
		set.ReservationDays = *in.ReservationDays
	}
	if in.DepositAmount != nil {
		set.DepositAmount = *in.DepositAmount
	}
	if in.Branches != nil {
		set.Branches = encodeJSON(*in.Branches)
	}
	set.UpdatedAt = s.now()
	if err := s.st.updateSettings(ctx, set); err != nil {
		return Settings{}, err
	}
	return settingsView(set), nil
}
