package shop

import "sojourn/api/internal/catalog"

// The catalogue's types the shop works with (package catalog).
type (
	StockLine      = catalog.StockLine
	Variant        = catalog.Variant
	ShippingMethod = catalog.ShippingMethod
	Store          = catalog.Store
)
