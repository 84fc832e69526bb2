package practice_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io/fs"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"sojourn/api/internal/testkit"
)

// hugePNG is a PNG whose header claims w×h pixels and whose pixels are
// missing: the guard must refuse it from the header alone.
func hugePNG(t *testing.T, w, h uint32) []byte {
	t.Helper()
	b := pngBytes(t, 2, 2)
	// The IHDR chunk starts at byte 8: length (4), type (4), width, height.
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func auditCount(t *testing.T, e *testkit.Env, action, targetID string) int {
	t.Helper()
	n, err := e.DB.NewSelect().Table("audit_log").Where("action = ? AND target_id = ?", action, targetID).
		Count(testkit.Ctx())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestIntegrationLicenceDocuments(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		const base = "/api/v1/practice/profile?kind=therapist"
		const upload = "/api/v1/practice/licence/documents?kind=therapist"
		ada := provider(e, "ada", "therapist")
		bola := provider(e, "bola", "therapist")
		user := e.Register("chidi@example.com", "chidi")
		admin := e.Admin("admin@example.com", "admin")
		prof := put(e, base, ada.AccessToken, fullProfile()).Expect(http.StatusOK).Data()
		pid := prof["id"].(string)

		// The upload guard: not an image, too many bytes, too many pixels,
		// not multipart, no file: each a 4xx naming the file, nothing kept.
		for want, data := range map[string][]byte{
			"JPEG, PNG, GIF or WebP": []byte("%PDF-1.7 this is a PDF, not an image"),
			"at most 5 MB":           append(pngBytes(t, 4, 4), bytes.Repeat([]byte{0}, 5<<20)...),
			"at most 40 megapixels":  hugePNG(t, 9000, 6000),
		} {
			r := e.Upload(upload, ada.AccessToken, "file", "licence.png", data).Expect(http.StatusUnprocessableEntity)
			if !strings.Contains(string(r.Body), `"file":"`) || !strings.Contains(string(r.Body), want) {
				t.Fatalf("%s: %s", want, r.Body)
			}
		}
		e.Post(upload, ada.AccessToken, map[string]any{"file": "x"}).Expect(http.StatusUnprocessableEntity)
		e.Upload(upload, ada.AccessToken, "other", "x.png", pngBytes(t, 8, 8)).Expect(http.StatusUnprocessableEntity)
		e.Upload(upload, user.AccessToken, "file", "x.png", pngBytes(t, 8, 8)).Expect(http.StatusForbidden)
		e.Upload(upload, "", "file", "x.png", pngBytes(t, 8, 8)).Expect(http.StatusUnauthorized)

		// A scan is kept (re-encoded), listed with the licence, never served
		// under /media.
		doc := e.Upload(upload, ada.AccessToken, "file", "licence.png", pngBytes(t, 1200, 800)).
			Expect(http.StatusCreated).Data()
		id := doc["id"].(string)
		if doc["content_type"] != "image/png" || doc["width"].(float64) != 1200 {
			t.Fatalf("document: %v", doc)
		}
		own := e.Get(base, ada.AccessToken).Expect(http.StatusOK).Data()
		docs := own["credentials"].(map[string]any)["documents"].([]any)
		if len(docs) != 1 || docs[0].(map[string]any)["id"] != id {
			t.Fatalf("documents: %v", docs)
		}
		_ = filepath.WalkDir(e.Config.MediaDir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				t.Errorf("a file under /media: %s", path)
			}
			return nil
		})

		// Its owner reads it, full size and as a preview.
		file := "/api/v1/practice/licence/documents/" + id + "/file"
		full := e.Get(file, ada.AccessToken).Expect(http.StatusOK)
		if full.Header.Get("Content-Type") != "application/octet-stream" || full.Header.Get("X-Document-Type") != "image/png" ||
			!strings.Contains(full.Header.Get("Cache-Control"), "no-store") {
			t.Fatalf("headers: %v", full.Header)
		}
		prev := e.Get(file+"?size=preview", ada.AccessToken).Expect(http.StatusOK)
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(prev.Body)); err != nil || cfg.Width > 320 || cfg.Height > 320 {
			t.Fatalf("preview: %v %v", cfg, err)
		}
		e.Get(file+"?size=huge", ada.AccessToken).Expect(http.StatusUnprocessableEntity)

		// Nobody else does: another provider 404, a member 403, anonymous 401.
		e.Get(file, bola.AccessToken).Expect(http.StatusNotFound)
		del(e, "/api/v1/practice/licence/documents/"+id, bola.AccessToken).Expect(http.StatusNotFound)
		e.Get(file, user.AccessToken).Expect(http.StatusForbidden)
		e.Get(file, "").Expect(http.StatusUnauthorized)
		if strings.Contains(string(e.Get("/api/v1/providers/"+pid, "").Body), id) {
			t.Fatal("a document is named publicly")
		}

		// Admins read it, and every read is written to the audit log; the
		// admin route is admins' only.
		adminFile := "/api/v1/admin/providers/" + pid + "/licence/documents/" + id + "/file"
		e.Get(adminFile+"?size=preview", admin.AccessToken).Expect(http.StatusOK)
		if got := e.Get(adminFile, admin.AccessToken).Expect(http.StatusOK); !bytes.Equal(got.Body, full.Body) {
			t.Fatal("the admin's copy differs")
		}
		if n := auditCount(t, e, "provider.licence_document.read", pid); n != 2 {
			t.Fatalf("audited reads: %d", n)
		}
		e.Get(adminFile, ada.AccessToken).Expect(http.StatusForbidden)
		e.Get(adminFile, "").Expect(http.StatusUnauthorized)
		otherProfile := put(e, base, bola.AccessToken, fullProfile()).Expect(http.StatusOK).Data()["id"].(string)
		e.Get("/api/v1/admin/providers/"+otherProfile+"/licence/documents/"+id+"/file", admin.AccessToken).
			Expect(http.StatusNotFound)
		if n := auditCount(t, e, "provider.licence_document.read", pid); n != 2 {
			t.Fatalf("audited reads after refusals: %d", n)
		}

		// At most five.
		for i := 0; i < 4; i++ {
			e.Upload(upload, ada.AccessToken, "file", "page.png", pngBytes(t, 40, 30)).Expect(http.StatusCreated)
		}
		e.Upload(upload, ada.AccessToken, "file", "page.png", pngBytes(t, 40, 30)).Expect(http.StatusUnprocessableEntity)
		del(e, "/api/v1/practice/licence/documents/"+id, ada.AccessToken).Expect(http.StatusNoContent)
		e.Get(file, ada.AccessToken).Expect(http.StatusNotFound)

		// A rejection tells the provider why; a new document sends the
		// licence back to the admins.
		verif := "/api/v1/admin/providers/" + pid + "/verification"
		note := "The scan is too blurred to read the registration number; please upload a clearer photo."
		e.Post(verif, admin.AccessToken, map[string]any{"decision": "rejected", "note": note}).Expect(http.StatusOK)
		cr := e.Get(base, ada.AccessToken).Expect(http.StatusOK).Data()["credentials"].(map[string]any)
		if cr["verification"] != "rejected" || cr["verification_note"] != note {
			t.Fatalf("rejected: %v", cr)
		}
		var first string
		for _, d := range cr["documents"].([]any) {
			first = d.(map[string]any)["id"].(string)
			break
		}
		del(e, "/api/v1/practice/licence/documents/"+first, ada.AccessToken).Expect(http.StatusNoContent)
		e.Upload(upload, ada.AccessToken, "file", "clear.jpg", pngBytes(t, 600, 400)).Expect(http.StatusCreated)
		cr = e.Get(base, ada.AccessToken).Expect(http.StatusOK).Data()["credentials"].(map[string]any)
		if cr["verification"] != "pending" || cr["verification_note"] != "" {
			t.Fatalf("after a new document: %v", cr)
		}

		// Once verified, the documents stay as they were checked.
		e.Post(verif, admin.AccessToken, map[string]any{"decision": "verified"}).Expect(http.StatusOK)
		e.Upload(upload, ada.AccessToken, "file", "more.png", pngBytes(t, 40, 30)).Expect(http.StatusConflict)
		cr = e.Get(base, ada.AccessToken).Expect(http.StatusOK).Data()["credentials"].(map[string]any)
		last := cr["documents"].([]any)[0].(map[string]any)["id"].(string)
		del(e, "/api/v1/practice/licence/documents/"+last, ada.AccessToken).Expect(http.StatusConflict)
	})
}
