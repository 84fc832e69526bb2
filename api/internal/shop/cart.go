package shop

import (
	"context"
	"sort"
	"strconv"

	"github.com/uptrace/bun"

	"sojourn/api/internal/platform/apperr"
)

// CartItemInput adds or merges a variant.
type CartItemInput struct {
	VariantID string `json:"variant_id"`
	Quantity  int    `json:"quantity"`
}

func checkItem(f apperr.Fields, prefix string, in CartItemInput) {
	f.Check(in.VariantID != "" && len(in.VariantID) <= 64, prefix+"variant_id", "must name a product variant")
	f.Check(in.Quantity >= 1 && in.Quantity <= maxLineQuantity, prefix+"quantity", "must be 1 to 99")
}

func problemOf(v Variant, ok bool, q int) *string {
	var p string
	switch {
	case !ok || !v.Purchasable:
		p = "unavailable"
	case v.Available <= 0:
		p = "out_of_stock"
	case v.Available < q:
		p = "not_enough_stock"
	default:
		return nil
	}
	return &p
}

// Cart answers the user's cart with today's prices and stock.
func (s *Service) Cart(ctx context.Context, userID string) (Cart, error) {
	rows, err := s.st.cartRows(ctx, s.c.DB, userID)
	if err != nil {
		return Cart{}, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.VariantID
	}
	vs, err := s.c.Catalog.Variants(ctx, s.c.DB, ids)
	if err != nil {
		return Cart{}, err
	}
	storeIDs := map[string]bool{}
	for _, v := range vs {
		storeIDs[v.StoreID] = true
	}
	stores, err := s.c.Catalog.Stores(ctx, s.c.DB, keys(storeIDs))
	if err != nil {
		return Cart{}, err
	}
	out := Cart{Items: []CartItem{}, Subtotal: m(0, "NGN")}
	for _, r := range rows {
		v, ok := vs[r.VariantID]
		if !ok {
			continue // gone from the catalogue
		}
		it := CartItem{VariantID: r.VariantID, ProductID: v.ProductID, Quantity: r.Quantity, Title: v.ProductTitle,
			VariantTitle: v.Title, PhotoURL: v.PhotoURL, UnitPrice: m(v.Price, v.Currency),
			LineTotal: m(v.Price*int64(r.Quantity), v.Currency), Available: max(v.Available, 0),
			Store: StoreRef{ID: v.StoreID, Name: stores[v.StoreID].Name}, Problem: problemOf(v, true, r.Quantity)}
		out.Items = append(out.Items, it)
		out.Count += r.Quantity
		if it.Problem == nil {
			out.Subtotal.Amount += it.LineTotal.Amount
		}
	}
	return out, nil
}

// AddToCart adds quantity of a variant to the cart (at most 99 per line,
// never more than is available).
func (s *Service) AddToCart(ctx context.Context, userID string, in CartItemInput) (Cart, error) {
	f := apperr.Fields{}
	checkItem(f, "", in)
	if err := f.Err(); err != nil {
		return Cart{}, err
	}
	v, err := s.purchasable(ctx, in.VariantID)
	if err != nil {
		return Cart{}, err
	}
	have, err := s.st.cartQuantity(ctx, s.c.DB, userID, in.VariantID)
	if err != nil {
		return Cart{}, err
	}
	want := have + in.Quantity
	if want > maxLineQuantity {
		return Cart{}, apperr.Validation(map[string]string{"quantity": "a cart line holds at most 99"})
	}
	if want > v.Available {
		return Cart{}, outOfStock(v.ID, v.Available)
	}
	if have == 0 {
		if n, err := s.st.cartLines(ctx, s.c.DB, userID); err != nil || n >= maxCartLines {
			return Cart{}, orErr(err, errCartFull)
		}
	}
	if err := s.st.addCart(ctx, s.c.DB, userID, in.VariantID, in.Quantity, s.now()); err != nil {
		return Cart{}, err
	}
	return s.Cart(ctx, userID)
}

// SetCartQuantity sets a cart line's quantity.
func (s *Service) SetCartQuantity(ctx context.Context, userID, variantID string, quantity int) (Cart, error) {
	f := apperr.Fields{}
	checkItem(f, "", CartItemInput{VariantID: variantID, Quantity: quantity})
	if err := f.Err(); err != nil {
		return Cart{}, err
	}
	v, err := s.purchasable(ctx, variantID)
	if err != nil {
		return Cart{}, err
	}
	if quantity > v.Available {
		return Cart{}, outOfStock(v.ID, v.Available)
	}
	if have, err := s.st.cartQuantity(ctx, s.c.DB, userID, variantID); err != nil || have == 0 {
		return Cart{}, orErr(err, ErrProductNotFound)
	}
	if err := s.st.setCart(ctx, s.c.DB, userID, variantID, quantity, s.now()); err != nil {
		return Cart{}, err
	}
	return s.Cart(ctx, userID)
}

// RemoveFromCart deletes a cart line.
func (s *Service) RemoveFromCart(ctx context.Context, userID, variantID string) (Cart, error) {
	if err := s.st.deleteCart(ctx, s.c.DB, userID, []string{variantID}); err != nil {
		return Cart{}, err
	}
	return s.Cart(ctx, userID)
}

// MergeCart merges the browser's cart at sign-in: per variant the larger
// quantity wins, capped by what is available; unknown and unsellable
// variants are skipped.
func (s *Service) MergeCart(ctx context.Context, userID string, items []CartItemInput) (Cart, error) {
	f := apperr.Fields{}
	if len(items) > maxCartLines {
		f.Add("items", "at most 100 items")
	}
	want := map[string]int{}
	for i, it := range items {
		checkItem(f, "items["+strconv.Itoa(i)+"].", it)
		want[it.VariantID] = max(want[it.VariantID], it.Quantity)
	}
	if err := f.Err(); err != nil {
		return Cart{}, err
	}
	vs, err := s.c.Catalog.Variants(ctx, s.c.DB, keysInt(want))
	if err != nil {
		return Cart{}, err
	}
	rows, err := s.st.cartRows(ctx, s.c.DB, userID)
	if err != nil {
		return Cart{}, err
	}
	have := map[string]int{}
	for _, r := range rows {
		have[r.VariantID] = r.Quantity
	}
	lines := len(rows)
	now := s.now()
	err = s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		for _, id := range keysInt(want) {
			v, ok := vs[id]
			if !ok || !v.Purchasable || v.Available <= 0 {
				continue
			}
			q := min(max(want[id], have[id]), v.Available, maxLineQuantity)
			if q <= have[id] {
				continue
			}
			if have[id] == 0 {
				if lines >= maxCartLines {
					continue
				}
				lines++
			}
			if err := s.st.setCart(ctx, tx, userID, id, q, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Cart{}, err
	}
	return s.Cart(ctx, userID)
}

// purchasable reads one variant that is for sale (404 otherwise).
func (s *Service) purchasable(ctx context.Context, id string) (Variant, error) {
	vs, err := s.c.Catalog.Variants(ctx, s.c.DB, []string{id})
	if err != nil {
		return Variant{}, err
	}
	v, ok := vs[id]
	if !ok || !v.Purchasable {
		return Variant{}, ErrProductNotFound
	}
	return v, nil
}

// outOfStock is the 409 for a quantity over what is available.
func outOfStock(variantID string, available int) error {
	msg := "Only " + strconv.Itoa(max(available, 0)) + " left in stock."
	if available <= 0 {
		msg = "Out of stock."
	}
	return &apperr.Error{Code: apperr.CodeOutOfStock, Message: msg, Fields: map[string]string{variantID: msg}}
}

func orErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

func keys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func keysInt(set map[string]int) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
