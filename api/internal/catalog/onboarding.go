package catalog

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"sojourn/api/internal/onboarding"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
)

// FlowName is the vendor's set-up wizard (api/internal/onboarding).
const FlowName = "vendor_store"

// OnboardingSteps are the wizard's step slugs, in order: the store's name
// (its slug follows), about and address, shipping methods, returns, logo,
// payout account, review. The logo comes after the storefront's own steps:
// its screen uploads through POST /vendor/store/logo, which needs the store,
// so the screen first saves the storefront from the steps before it.
var OnboardingSteps = []string{"store", "about", "shipping", "returns", "logo", "payout", "review"}

// PayoutAccounts is what the wizard checks of payments: the account the
// step screen set through POST /payout-accounts is the caller's.
type PayoutAccounts interface {
	Accounts(ctx context.Context, userID string) ([]payments.Account, error)
}

// The steps' saved data.
type (
	stepStore struct {
		Name string `json:"name"`
		Slug string `json:"slug"` // for the screen; the name decides it
	}
	stepAbout struct {
		About   string `json:"about"`
		Address string `json:"address"`
		City    string `json:"city"`
		Country string `json:"country"`
	}
	stepShipping struct {
		Shipping []ShippingInput `json:"shipping"`
	}
	stepReturns struct {
		ReturnDays   *int   `json:"return_days"`
		ReturnPolicy string `json:"return_policy"`
	}
	stepLogo struct {
		LogoURL string `json:"logo_url"` // "" skips the logo for now
	}
	stepPayout struct {
		PayoutAccountID string `json:"payout_account_id"`
		BankName        string `json:"bank_name"`
		AccountLast4    string `json:"account_last4"`
	}
	stepReview struct {
		Confirmed bool `json:"confirmed"`
	}
)

// OnboardingFlow is the vendor's seven-step shop set-up: each step is
// checked when saved (the storefront's own rules, 422 naming the fields),
// and Submit applies the storefront through SaveStore. The logo and the
// payout account are set by the step screens through their own routes; the
// steps keep the logo's address and the account's id, checked to be the
// caller's.
func (s *Service) OnboardingFlow(payouts PayoutAccounts) onboarding.Flow {
	w := &vendorWizard{s: s, payouts: payouts}
	return onboarding.Flow{Name: FlowName, Role: "vendor", Steps: OnboardingSteps, Check: w.check, Submit: w.submit}
}

type vendorWizard struct {
	s       *Service
	payouts PayoutAccounts
}

func decodeStep(data json.RawMessage, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te) && te.Field != "":
			return apperr.Validation(map[string]string{te.Field: "has the wrong type (" + te.Value + ")"})
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
			return apperr.Validation(map[string]string{name: "is not a field of this step"})
		}
		return apperr.Validation(map[string]string{"data": "is not a valid object for this step"})
	}
	return nil
}

func (w *vendorWizard) check(ctx context.Context, userID, step string, data json.RawMessage) error {
	_, err := w.parse(ctx, userID, step, data)
	return err
}

// parse decodes and checks one step, answering the decoded value.
func (w *vendorWizard) parse(ctx context.Context, userID, step string, data json.RawMessage) (any, error) {
	f := apperr.Fields{}
	switch step {
	case "store":
		var v stepStore
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		line(f, "name", &v.Name, 2, 80)
		if err := f.Err(); err != nil {
			return nil, err
		}
		v.Slug = slugify(v.Name)
		f.Check(v.Slug != "", "name", "needs at least one letter or digit")
		if err := f.Err(); err != nil {
			return nil, err
		}
		taken, err := w.s.c.DB.NewSelect().Table("shop_stores").Where("slug = ?", v.Slug).Where("user_id <> ?", userID).Exists(ctx)
		if err != nil {
			return nil, err
		}
		f.Check(!taken, "name", "another store already uses this name")
		return v, f.Err()
	case "about":
		var v stepAbout
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		in := StoreInput{Name: "xx", About: v.About, Address: v.Address, City: v.City, Country: v.Country, Shipping: []ShippingInput{{Code: "xx", Label: "xx"}}}
		if _, err := in.validate(); err != nil {
			var ae *apperr.Error
			if !errors.As(err, &ae) {
				return nil, err
			}
			for k, m := range ae.Fields {
				f.Add(k, m)
			}
		}
		v.About, v.Address, v.City, v.Country = in.About, in.Address, in.City, in.Country
		f.Check(len([]rune(v.About)) >= 20, "about", "tell buyers about your shop in at least 20 characters")
		f.Check(v.City != "", "city", "is required")
		return v, f.Err()
	case "shipping":
		var v stepShipping
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		in := StoreInput{Name: "xx", Shipping: v.Shipping}
		if _, err := in.validate(); err != nil {
			return nil, err
		}
		v.Shipping = in.Shipping
		return v, nil
	case "returns":
		var v stepReturns
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		f.Check(v.ReturnDays != nil, "return_days", "is required")
		if err := f.Err(); err != nil {
			return nil, err
		}
		in := StoreInput{Name: "xx", ReturnDays: *v.ReturnDays, ReturnPolicy: v.ReturnPolicy, Shipping: []ShippingInput{{Code: "xx", Label: "xx"}}}
		if _, err := in.validate(); err != nil {
			return nil, err
		}
		v.ReturnPolicy = in.ReturnPolicy
		f.Check(*v.ReturnDays == 0 || v.ReturnPolicy != "", "return_policy", "say what buyers may return and how")
		return v, f.Err()
	case "logo":
		var v stepLogo
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		if v.LogoURL == "" {
			return v, nil
		}
		r, err := w.s.st.storeOfUser(ctx, w.s.c.DB, userID)
		if err != nil && !errors.Is(err, ErrStoreNotFound) {
			return nil, err
		}
		f.Check(r != nil && len(v.LogoURL) <= 500 && r.LogoURL == v.LogoURL, "logo_url", "is not your store's uploaded logo")
		return v, f.Err()
	case "payout":
		var v stepPayout
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		line(f, "bank_name", &v.BankName, 0, 100)
		line(f, "account_last4", &v.AccountLast4, 0, 4)
		if v.PayoutAccountID == "" || len(v.PayoutAccountID) > 64 {
			f.Add("payout_account_id", "set a payout account first")
			return nil, f.Err()
		}
		accts, err := w.payouts.Accounts(ctx, userID)
		if err != nil {
			return nil, err
		}
		f.Check(slices.ContainsFunc(accts, func(a payments.Account) bool { return a.ID == v.PayoutAccountID }),
			"payout_account_id", "is not one of your payout accounts")
		return v, f.Err()
	case "review":
		var v stepReview
		if err := decodeStep(data, &v); err != nil {
			return nil, err
		}
		f.Check(v.Confirmed, "confirmed", "confirm that the details are true")
		return v, f.Err()
	}
	return nil, onboarding.ErrStepNotFound
}

// stepError names the step a saved answer failed in.
func stepError(step string, err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code == apperr.CodeValidation {
		fields := map[string]string{"step": "step " + step + " needs correcting"}
		for k, v := range ae.Fields {
			fields[step+"."+k] = v
		}
		return &apperr.Error{Code: apperr.CodeValidation, Message: "Step " + step + " needs correcting: " + ae.Message,
			Fields: fields}
	}
	return err
}

// submit checks every step again and applies the storefront through
// SaveStore (the logo stays as its step's screen uploaded it).
func (w *vendorWizard) submit(ctx context.Context, userID string, steps map[string]json.RawMessage) error {
	got := map[string]any{}
	for _, st := range OnboardingSteps {
		v, err := w.parse(ctx, userID, st, steps[st])
		if err != nil {
			return stepError(st, err)
		}
		got[st] = v
	}
	one, about := got["store"].(stepStore), got["about"].(stepAbout)
	ret := got["returns"].(stepReturns)
	in := StoreInput{Name: one.Name, About: about.About, Address: about.Address, City: about.City, Country: about.Country,
		ReturnDays: *ret.ReturnDays, ReturnPolicy: ret.ReturnPolicy, Shipping: got["shipping"].(stepShipping).Shipping}
	if _, err := w.s.SaveStore(ctx, userID, in); err != nil {
		return stepError("store", err)
	}
	return nil
}
