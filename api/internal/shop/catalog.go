package shop

import "sojourn/api/internal/platform/apperr"

// The catalogue's types (package catalog, helper catalog-api): until its
// first commit is merged they are declared here with the agreed shape
// (docs shop-interface.md); after the merge they are aliases.

// StockLine is a quantity of one variant.
type StockLine struct {
	VariantID string
	Quantity  int
}

// Variant is a product variant as the catalogue sells it.
type Variant struct {
	ID, ProductID, StoreID, VendorID, ProductTitle, Title, SKU, CategoryID string
	Price, CompareAt                                                       int64
	Currency                                                               string
	Available                                                              int
	WeightGrams                                                            int
	Purchasable                                                            bool
	Luxury                                                                 bool
	PhotoURL                                                               string
}

// ShippingMethod is one of a store's shipping methods.
type ShippingMethod struct {
	Code, Label      string
	Fee              int64
	MinDays, MaxDays int
}

// Store is a vendor's storefront.
type Store struct {
	ID, UserID, Name, Slug, LogoURL string
	Active                          bool
	ReturnDays                      int
	Shipping                        []ShippingMethod
}

// CodeOutOfStock is the catalogue's error code for stock that ran out (409).
const CodeOutOfStock apperr.Code = "out_of_stock"
