package catalog

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/httpx"
)

// Register mounts the catalogue's routes under /api/v1.
func (s *Service) Register(r httpx.Router) {
	h := &handler{s: s}
	// Shoppers (public)
	r.Get("/shop/products", h.search)
	r.Get("/shop/products/facets", h.facets)
	r.Get("/shop/products/suggest", h.suggest)
	r.Get("/shop/products/:id", h.product)
	r.Get("/shop/categories", h.categories)
	r.Get("/shop/stores", h.stores)
	r.Get("/shop/stores/:id", h.store)
	// Vendors
	r.Get("/vendor/store", h.myStore)
	r.Put("/vendor/store", h.saveStore)
	r.Post("/vendor/store/logo", h.logo)
	r.Get("/vendor/products", h.myProducts)
	r.Post("/vendor/products", h.createProduct)
	r.Get("/vendor/products/low-stock", h.lowStock)
	r.Post("/vendor/products/bulk", h.bulk)
	r.Get("/vendor/products/:id", httpx.OwnItem(s.MyProduct))
	r.Patch("/vendor/products/:id", h.updateProduct)
	r.Post("/vendor/products/:id/submit", httpx.OwnItem(s.Submit))
	r.Post("/vendor/products/:id/archive", httpx.OwnItem(s.Archive))
	r.Post("/vendor/products/:id/photos", h.addPhoto)
	r.Delete("/vendor/products/:id/photos/:photo_id", h.deletePhoto)
	r.Put("/vendor/products/:id/photos/order", h.orderPhotos)
	r.Post("/vendor/products/:id/certificate", h.uploadCertificate)
	r.Get("/vendor/products/:id/certificate", h.certificateFile)
	// Admins
	r.Get("/admin/shop/products", h.adminProducts)
	r.Post("/admin/shop/products", h.adminCreateProduct)
	r.Post("/admin/shop/products/:id/photos", h.adminAddPhoto)
	r.Get("/admin/shop/products/:id", h.adminProduct)
	r.Post("/admin/shop/products/:id/approve", h.approve)
	r.Post("/admin/shop/products/:id/reject", h.reject)
	r.Get("/admin/shop/products/:id/certificate", h.adminCertificateFile)
	r.Post("/admin/shop/products/:id/certificate/verify", h.verifyCertificate)
	r.Post("/admin/shop/products/:id/certificate/reject", h.rejectCertificate)
	r.Get("/admin/shop/categories", h.categories)
	r.Post("/admin/shop/categories", h.createCategory)
	r.Patch("/admin/shop/categories/:id", h.updateCategory)
	r.Delete("/admin/shop/categories/:id", h.deleteCategory)
	r.Get("/admin/shop/stores", h.adminStores)
	r.Get("/admin/shop/stores/:id", h.adminStore)
	r.Patch("/admin/shop/stores/:id", h.adminUpdateStore)
}

type handler struct{ s *Service }

var (
	errUploadMultipart = apperr.New(apperr.CodeUnsupportedMedia, "Send the file as multipart/form-data.")
	photoUpload        = httpx.Upload{Field: "file", Max: MaxPhotoBytes, NotMultipart: errUploadMultipart,
		Missing: errPhotoMissing, TooLarge: errPhotoTooLarge}
)

func data[T any](c fiber.Ctx, status int, v T) error {
	return c.Status(status).JSON(httpx.Data[T]{Data: v})
}

func parseSearch(c fiber.Ctx) (SearchQuery, error) {
	f := apperr.Fields{}
	q := SearchQuery{Q: c.Query("q"), Category: c.Query("category"), Store: c.Query("store"), Sort: c.Query("sort"),
		Cursor: c.Query("cursor")}
	q.MinPrice, q.MaxPrice = optInt64(f, c, "min_price"), optInt64(f, c, "max_price")
	if n := optInt64(f, c, "min_rating"); n != nil {
		v := int(*n)
		q.MinRating = &v
	}
	q.InStock, q.Luxury = optBool(f, c, "in_stock"), optBool(f, c, "luxury")
	if n := optInt64(f, c, "limit"); n != nil {
		f.Check(*n >= 1 && *n <= 100, "limit", "must be a whole number from 1 to 100")
		q.Limit = int(*n)
	}
	return q, f.Err()
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

func optBool(f apperr.Fields, c fiber.Ctx, name string) *bool {
	switch c.Query(name) {
	case "":
		return nil
	case "true", "1":
		b := true
		return &b
	case "false", "0":
		b := false
		return &b
	}
	f.Add(name, "must be true or false")
	return nil
}

func (h *handler) search(c fiber.Ctx) error {
	q, err := parseSearch(c)
	if err != nil {
		return err
	}
	out, err := h.s.Search(c.Context(), q)
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *handler) facets(c fiber.Ctx) error {
	q, err := parseSearch(c)
	if err != nil {
		return err
	}
	q.Cursor, q.Sort = "", ""
	out, err := h.s.Facets(c.Context(), q)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) suggest(c fiber.Ctx) error {
	out, err := h.s.Suggest(c.Context(), c.Query("q"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) product(c fiber.Ctx) error {
	out, err := h.s.PublicProduct(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) categories(c fiber.Ctx) error {
	out, err := h.s.Categories(c.Context())
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func cursorArgs(c fiber.Ctx) (string, int, error) {
	f := apperr.Fields{}
	limit := 20
	if n := optInt64(f, c, "limit"); n != nil {
		f.Check(*n >= 1 && *n <= 100, "limit", "must be a whole number from 1 to 100")
		limit = int(*n)
	}
	return c.Query("cursor"), limit, f.Err()
}

func (h *handler) stores(c fiber.Ctx) error {
	cur, limit, err := cursorArgs(c)
	if err != nil {
		return err
	}
	if len([]rune(c.Query("q"))) > 100 {
		return apperr.Validation(map[string]string{"q": "must be at most 100 characters"})
	}
	out, err := h.s.PublicStores(c.Context(), c.Query("q"), cur, limit)
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *handler) store(c fiber.Ctx) error {
	out, err := h.s.PublicStore(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) myStore(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.MyStore(c.Context(), p.UserID)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) saveStore(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in StoreInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.SaveStore(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) logo(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	out, err := h.s.SetLogo(c.Context(), p.UserID, b)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) myProducts(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	cur, limit, err := cursorArgs(c)
	if err != nil {
		return err
	}
	if len([]rune(c.Query("q"))) > 200 {
		return apperr.Validation(map[string]string{"q": "must be at most 200 characters"})
	}
	out, err := h.s.MyProducts(c.Context(), p.UserID, c.Query("status"), c.Query("q"), cur, limit)
	if err != nil {
		return err
	}
	return c.JSON(out)
}

func (h *handler) createProduct(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ProductInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateProduct(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) updateProduct(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in ProductInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateProduct(c.Context(), p.UserID, c.Params("id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) lowStock(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	f := apperr.Fields{}
	threshold := 5
	if n := optInt64(f, c, "threshold"); n != nil {
		f.Check(*n >= 0 && *n <= 1000, "threshold", "must be from 0 to 1000")
		threshold = int(*n)
	}
	if err := f.Err(); err != nil {
		return err
	}
	out, err := h.s.LowStock(c.Context(), p.UserID, threshold)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) bulk(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in BulkInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Bulk(c.Context(), p.UserID, in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) addPhoto(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	out, err := h.s.AddPhoto(c.Context(), p.UserID, c.Params("id"), b)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) deletePhoto(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.DeletePhoto(c.Context(), p.UserID, c.Params("id"), c.Params("photo_id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) orderPhotos(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in struct {
		PhotoIDs []string `json:"photo_ids"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.OrderPhotos(c.Context(), p.UserID, c.Params("id"), in.PhotoIDs)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) uploadCertificate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	out, err := h.s.UploadCertificate(c.Context(), p.UserID, c.Params("id"), b)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func previewArg(c fiber.Ctx) (bool, error) {
	switch c.Query("size") {
	case "", "full":
		return false, nil
	case "preview":
		return true, nil
	}
	return false, apperr.Validation(map[string]string{"size": "must be full or preview"})
}

func (h *handler) certificateFile(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	preview, err := previewArg(c)
	if err != nil {
		return err
	}
	f, err := h.s.CertificateFile(c.Context(), p.UserID, c.Params("id"), preview)
	if err != nil {
		return err
	}
	return sendDocument(c, f)
}

func (h *handler) adminCertificateFile(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	preview, err := previewArg(c)
	if err != nil {
		return err
	}
	f, err := h.s.AdminCertificateFile(c.Context(), p.UserID, c.IP(), c.Params("id"), preview)
	if err != nil {
		return err
	}
	return sendDocument(c, f)
}

var docExtensions = map[string]string{"image/jpeg": ".jpg", "image/png": ".png"}

// sendDocument answers a private document: an attachment of type
// application/octet-stream, never cached, its real type in X-Document-Type.
func sendDocument(c fiber.Ctx, f DocumentFile) error {
	ext, ok := docExtensions[f.ContentType]
	if !ok {
		ext = ".bin"
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEOctetStream)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="certificate-`+f.ID+ext+`"`)
	c.Set("X-Document-Type", f.ContentType)
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	return c.Send(f.Data)
}

func (h *handler) adminProducts(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	if len([]rune(c.Query("q"))) > 200 {
		return apperr.Validation(map[string]string{"q": "must be at most 200 characters"})
	}
	items, total, err := h.s.AdminProducts(c.Context(), c.Query("status"), c.Query("certificate"), c.Query("q"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *handler) adminProduct(c fiber.Ctx) error {
	out, err := h.s.AdminProduct(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) approve(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.Approve(c.Context(), p.UserID, c.IP(), c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

type reasonInput struct {
	Reason string `json:"reason"`
}

func (h *handler) reject(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in reasonInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.Reject(c.Context(), p.UserID, c.IP(), c.Params("id"), in.Reason)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) verifyCertificate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	out, err := h.s.DecideCertificate(c.Context(), p.UserID, c.IP(), c.Params("id"), true, "")
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) rejectCertificate(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in reasonInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.DecideCertificate(c.Context(), p.UserID, c.IP(), c.Params("id"), false, in.Reason)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) createCategory(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in CategoryInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.CreateCategory(c.Context(), p.UserID, c.IP(), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) updateCategory(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in CategoryInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.UpdateCategory(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) deleteCategory(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	if err := h.s.DeleteCategory(c.Context(), p.UserID, c.IP(), c.Params("id")); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (h *handler) adminStores(c fiber.Ctx) error {
	pg, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	if len([]rune(c.Query("q"))) > 100 {
		return apperr.Validation(map[string]string{"q": "must be at most 100 characters"})
	}
	items, total, err := h.s.AdminStores(c.Context(), c.Query("q"), pg)
	if err != nil {
		return err
	}
	return c.JSON(httpx.NewList(items, pg, total))
}

func (h *handler) adminStore(c fiber.Ctx) error {
	out, err := h.s.AdminStore(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) adminUpdateStore(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AdminStorePatch
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AdminUpdateStore(c.Context(), p.UserID, c.IP(), c.Params("id"), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusOK, out)
}

func (h *handler) adminCreateProduct(c fiber.Ctx) error {
	p, err := authn.Must(c)
	if err != nil {
		return err
	}
	var in AdminProductInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	out, err := h.s.AdminCreateProduct(c.Context(), p.UserID, c.IP(), in)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}

func (h *handler) adminAddPhoto(c fiber.Ctx) error {
	b, err := httpx.ReadUpload(c, photoUpload)
	if err != nil {
		return err
	}
	out, err := h.s.AdminAddPhoto(c.Context(), c.Params("id"), b)
	if err != nil {
		return err
	}
	return data(c, fiber.StatusCreated, out)
}
