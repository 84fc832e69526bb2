package catalog_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"testing"

	"sojourn/api/internal/testkit"
)

// vendorSession registers a vendor and sets up their store.
func vendorSession(t *testing.T, e *testkit.Env, name string) *testkit.Session {
	t.Helper()
	s := e.Register(name+"@example.com", name)
	e.GrantRole(s.UserID, "vendor")
	e.Do(testkit.Req{Method: http.MethodPut, Path: "/api/v1/vendor/store", Token: s.AccessToken, Body: map[string]any{
		"name": "The " + name + " Shop", "about": "Travel goods, carefully chosen.", "city": "Lagos", "country": "NG",
		"return_days": 14, "return_policy": "Unused items in their packaging.",
		"shipping": []map[string]any{{"code": "standard", "label": "Standard delivery", "fee": 250000, "min_days": 2, "max_days": 5}},
	}}).Expect(http.StatusOK)
	return s
}

func category(t *testing.T, e *testkit.Env, admin *testkit.Session, name, parent string) string {
	t.Helper()
	body := map[string]any{"name": name}
	if parent != "" {
		body["parent_id"] = parent
	}
	return e.Post("/api/v1/admin/shop/categories", admin.AccessToken, body).Expect(http.StatusCreated).Data()["id"].(string)
}

// product creates a one-variant draft product and answers its id.
func product(t *testing.T, e *testkit.Env, v *testkit.Session, cat, title, desc string, price int64, stock int) string {
	t.Helper()
	return e.Post("/api/v1/vendor/products", v.AccessToken, map[string]any{
		"title": title, "description": "<p>" + desc + "</p>", "category_id": cat, "brand": "Harmattan",
		"tags": []string{"travel"}, "variants": []map[string]any{{"price": price, "stock": stock, "weight_grams": 500}},
	}).Expect(http.StatusCreated).Data()["id"].(string)
}

// published creates a product and has it published (approved by admin
// when the store is not yet trusted).
func published(t *testing.T, e *testkit.Env, v, admin *testkit.Session, cat, title, desc string, price int64, stock int) string {
	t.Helper()
	id := product(t, e, v, cat, title, desc, price, stock)
	st := e.Post("/api/v1/vendor/products/"+id+"/submit", v.AccessToken, nil).Expect(http.StatusOK).Data()["status"]
	if st == "pending_review" {
		e.Post("/api/v1/admin/shop/products/"+id+"/approve", admin.AccessToken, nil).Expect(http.StatusOK)
	}
	return id
}

func pngBytes(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			img.Set(x, y, color.RGBA{uint8(x * 3), uint8(y * 2), 140, 255})
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	return b.Bytes()
}

// searchIDs runs a search and answers the ids in order and the next cursor.
func searchIDs(t *testing.T, e *testkit.Env, params url.Values) ([]string, string) {
	t.Helper()
	var body struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
		Meta struct {
			NextCursor *string `json:"next_cursor"`
		} `json:"meta"`
	}
	e.Get("/api/v1/shop/products?"+params.Encode(), "").Expect(http.StatusOK).JSON(&body)
	out := make([]string, len(body.Data))
	for i, d := range body.Data {
		out[i] = d.ID
	}
	next := ""
	if body.Meta.NextCursor != nil {
		next = *body.Meta.NextCursor
	}
	return out, next
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func must(t *testing.T, cond bool, format string, args ...any) {
	t.Helper()
	if !cond {
		t.Fatalf(format, args...)
	}
}

var _ = fmt.Sprintf
