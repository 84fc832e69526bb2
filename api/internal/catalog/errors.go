package catalog

import "sojourn/api/internal/platform/apperr"

// The catalog domain's errors.
var (
	// ErrOutOfStock is a reservation that found too little available stock
	// (or a variant no longer purchasable): 409 "out_of_stock". The error a
	// caller gets wraps it (errors.Is) and names the failing variant ids in
	// Fields.
	ErrOutOfStock = apperr.New(apperr.CodeOutOfStock, "Some items are no longer available in the quantity asked.")

	ErrProductNotFound     = apperr.NotFound("Product")
	ErrStoreNotFound       = apperr.NotFound("Store")
	ErrCategoryNotFound    = apperr.NotFound("Category")
	ErrPhotoNotFound       = apperr.NotFound("Photo")
	ErrCertificateNotFound = apperr.NotFound("Certificate")
	errNoStore             = apperr.Conflict("Set up your store first (PUT /vendor/store).")
	errStockLine           = apperr.Validation(map[string]string{"lines": "each line needs a variant id and a quantity of 1 to 10,000"})
	errStockState          = apperr.Conflict("The stock of a variant does not allow this change.")
	errWrongMove           = apperr.Conflict("The product cannot move to that status from its current one.")
	errSlugTaken           = apperr.Validation(map[string]string{"name": "another store already uses this name"})
	errCategorySlug        = apperr.Validation(map[string]string{"name": "another category already uses this name"})
	errCategoryInUse       = apperr.Conflict("The category still has products or sub-categories: move them first.")
	errCategoryLoop        = apperr.Validation(map[string]string{"parent_id": "cannot be the category itself or one of its descendants"})
	errSKUTaken            = apperr.Validation(map[string]string{"variants": "each SKU must be unique within your store"})
	errTooManyPhotos       = apperr.Validation(map[string]string{"file": "a product has at most 10 photos"})
	errPhotoMissing        = apperr.Validation(map[string]string{"file": "is required"})
	errPhotoTooLarge       = apperr.New(apperr.CodePayloadTooLarge, "A photo may be at most 5 MB.")
	errPhotoNotImage       = apperr.Validation(map[string]string{"file": "must be a JPEG, PNG, GIF or WebP image"})
	errPhotoPixels         = apperr.Validation(map[string]string{"file": "must be at most 40 megapixels"})
	errNotLuxury           = apperr.Conflict("Only a luxury product carries an authenticity certificate.")
	errCertDecided         = apperr.Conflict("This certificate has already been decided.")
	errStoreSuspended      = apperr.Conflict("Your store is suspended: products cannot be submitted until it is reinstated.")
)
