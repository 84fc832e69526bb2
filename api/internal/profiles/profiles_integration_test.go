package profiles_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sojourn/api/internal/platform/roledef"
	"sojourn/api/internal/profiles"
	"sojourn/api/internal/testkit"
)

type profileBody struct {
	Data struct {
		profiles.Profile
		Username string `json:"username"`
	} `json:"data"`
}

type completenessBody struct {
	Data struct {
		Completeness  int      `json:"completeness"`
		MissingFields []string `json:"missingFields"`
	} `json:"data"`
}

func completeness(t *testing.T, e *testkit.Env, token string) (int, []string) {
	t.Helper()
	var b completenessBody
	e.Get("/api/v1/profile/completeness", token).Expect(http.StatusOK).JSON(&b)
	if b.Data.MissingFields == nil {
		t.Fatalf("missingFields is null")
	}
	return b.Data.Completeness, b.Data.MissingFields
}

func testPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		for y := range h {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// testJPEGWithExif encodes a JPEG and inserts an APP1 (Exif) segment right
// after the SOI marker, carrying a recognisable secret.
func testJPEGWithExif(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for x := range 64 {
		for y := range 48 {
			img.Set(x, y, color.RGBA{200, uint8(4 * x), uint8(5 * y), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	payload := append([]byte("Exif\x00\x00"), []byte("GPS-SECRET-6.5244N-3.3792E")...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	raw := buf.Bytes()
	out := append([]byte{}, raw[:2]...)
	out = append(out, seg...)
	out = append(out, raw[2:]...)
	if !bytes.Contains(out, []byte("GPS-SECRET")) {
		t.Fatal("test JPEG lacks its APP1 segment")
	}
	return out
}

func TestIntegrationProfileAndCompleteness(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("ada@example.com", "ada_obi")

		var p profileBody
		e.Get("/api/v1/profile", u.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.Username != "ada_obi" || p.Data.AvatarURL != nil || p.Data.DateOfBirth != nil ||
			p.Data.Languages == nil || len(p.Data.Languages) != 0 {
			t.Fatalf("new profile: %+v", p.Data)
		}
		e.Get("/api/v1/profile", "").Expect(http.StatusUnauthorized)
		e.Get("/api/v1/profile/completeness", "").Expect(http.StatusUnauthorized)

		pct, missing := completeness(t, e, u.AccessToken)
		if pct >= 100 || !slices.Equal(missing, roledef.BaseProfileFields) {
			t.Fatalf("new account: %d %v", pct, missing)
		}

		e.Patch("/api/v1/profile", u.AccessToken, map[string]any{
			"display_name": "Ada Obi", "bio": "Traveller and reader.", "phone": "+234 801 234 5678",
			"date_of_birth": "1994-06-12", "gender": "woman", "city": "Lagos", "country": "ng",
			"languages": []string{"English", "Yoruba", "english"}, "interests": []string{"hiking"},
		}).Expect(http.StatusOK).JSON(&p)
		if p.Data.Phone != "+2348012345678" || p.Data.Country != "NG" || *p.Data.DateOfBirth != "1994-06-12" ||
			!slices.Equal(p.Data.Languages, []string{"English", "Yoruba"}) || p.Data.UpdatedAt == nil {
			t.Fatalf("patched: %+v", p.Data)
		}
		pct, missing = completeness(t, e, u.AccessToken)
		if pct != 87 || !slices.Equal(missing, []string{"avatar_url"}) {
			t.Fatalf("all but avatar: %d %v", pct, missing)
		}
		e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "me.png", testPNG(t, 32, 32)).Expect(http.StatusOK)
		if pct, missing = completeness(t, e, u.AccessToken); pct != 100 || len(missing) != 0 {
			t.Fatalf("complete: %d %v", pct, missing)
		}

		// A therapist also needs a licence number and specialties.
		e.GrantRole(u.UserID, "therapist")
		pct, missing = completeness(t, e, u.AccessToken)
		if pct != 80 || !slices.Equal(missing, []string{"licence_number", "specialties"}) {
			t.Fatalf("therapist: %d %v", pct, missing)
		}
		e.Patch("/api/v1/profile", u.AccessToken, map[string]any{"licence_number": "MDCN/2019/4471",
			"specialties": []string{"CBT", "Grief"}}).Expect(http.StatusOK)
		if pct, missing = completeness(t, e, u.AccessToken); pct != 100 || len(missing) != 0 {
			t.Fatalf("complete therapist: %d %v", pct, missing)
		}

		// A partial update leaves the other fields alone.
		e.Patch("/api/v1/profile", u.AccessToken, map[string]any{"city": "Abuja"}).Expect(http.StatusOK).JSON(&p)
		if p.Data.City != "Abuja" || p.Data.Bio != "Traveller and reader." || p.Data.AvatarURL == nil {
			t.Fatalf("partial update: %+v", p.Data)
		}
		// The service answers the same profile the accounts domain embeds.
		got, err := e.App.Profiles.ProfileFor(testkit.Ctx(), u.UserID)
		if err != nil || got.City != "Abuja" || got.LicenceNumber != "MDCN/2019/4471" {
			t.Fatalf("ProfileFor: %+v %v", got, err)
		}
	})
}

func TestIntegrationProfileValidation(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("bola@example.com", "bola")
		e.Patch("/api/v1/profile", u.AccessToken, map[string]any{"display_name": "Bola", "city": "Ibadan"}).
			Expect(http.StatusOK)

		bad := map[string]any{
			"display_name": strings.Repeat("n", 81), "bio": strings.Repeat("b", 1001), "phone": "12345",
			"date_of_birth": "2020-02-30", "gender": "robot", "country": "Nigeria", "city": "Oyo",
			"languages": []string{"English", ""}, "interests": make([]string, 21),
			"specialties": []string{strings.Repeat("x", 41)}, "username": "x",
		}
		res := e.Patch("/api/v1/profile", u.AccessToken, bad).Expect(http.StatusUnprocessableEntity)
		var body struct {
			Error struct {
				Code   string            `json:"code"`
				Fields map[string]string `json:"fields"`
			} `json:"error"`
		}
		res.JSON(&body)
		for _, f := range []string{"display_name", "bio", "phone", "date_of_birth", "gender", "country",
			"languages", "interests", "specialties", "username"} {
			if body.Error.Fields[f] == "" {
				t.Errorf("no message for %s: %v", f, body.Error.Fields)
			}
		}
		if _, ok := body.Error.Fields["city"]; ok {
			t.Errorf("valid city reported: %v", body.Error.Fields)
		}

		// Too young (the fake clock is 2026-03-02) and a wrong JSON type.
		res = e.Patch("/api/v1/profile", u.AccessToken, map[string]any{"date_of_birth": "2013-03-03"})
		res.Expect(http.StatusUnprocessableEntity)
		e.Patch("/api/v1/profile", u.AccessToken, map[string]any{"languages": "English"}).
			Expect(http.StatusUnprocessableEntity)
		e.Do(testkit.Req{Method: http.MethodPatch, Path: "/api/v1/profile", Token: u.AccessToken,
			Body: `{"city":`, RawType: "application/json"}).Expect(http.StatusBadRequest)

		var p profileBody
		e.Get("/api/v1/profile", u.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.City != "Ibadan" || p.Data.DisplayName != "Bola" || p.Data.Bio != "" || p.Data.Username != "bola" {
			t.Fatalf("a rejected update changed the profile: %+v", p.Data)
		}
	})
}

func TestIntegrationUsernameChange(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		a := e.Register("chidi@example.com", "chidi")
		e.Register("dayo@example.com", "dayo")

		e.Patch("/api/v1/profile", a.AccessToken, map[string]any{"username": "DAYO", "display_name": "Chidi E."}).
			Expect(http.StatusConflict)
		var p profileBody
		e.Get("/api/v1/profile", a.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.Username != "chidi" || p.Data.DisplayName != "" {
			t.Fatalf("a conflicting change left traces: %+v", p.Data)
		}

		e.Patch("/api/v1/profile", a.AccessToken, map[string]any{"username": "chidi.e", "display_name": "Chidi E."}).
			Expect(http.StatusOK).JSON(&p)
		if p.Data.Username != "chidi.e" || p.Data.DisplayName != "Chidi E." {
			t.Fatalf("rename: %+v", p.Data)
		}
	})
}

func TestIntegrationAvatar(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		u := e.Register("efe@example.com", "efe")
		other := e.Register("femi@example.com", "femi")

		// PNG: accepted, stored under the user's folder, served at its URL.
		var p profileBody
		e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "me.png", testPNG(t, 1500, 900)).
			Expect(http.StatusOK).JSON(&p)
		if p.Data.AvatarURL == nil || !strings.HasPrefix(*p.Data.AvatarURL, "/media/avatars/"+u.UserID+"/") ||
			!strings.HasSuffix(*p.Data.AvatarURL, ".png") {
			t.Fatalf("avatar_url: %v", p.Data.AvatarURL)
		}
		first := *p.Data.AvatarURL
		res := e.Do(testkit.Req{Method: http.MethodGet, Path: first}).Expect(http.StatusOK)
		cfg, format, err := image.DecodeConfig(bytes.NewReader(res.Body))
		if err != nil || format != "png" || cfg.Width != 1024 || cfg.Height != 614 {
			t.Fatalf("served avatar: %v %s %+v", err, format, cfg)
		}

		// JPEG with an Exif block: accepted, re-encoded without it; the old file is gone.
		e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "holiday.jpg", testJPEGWithExif(t)).
			Expect(http.StatusOK).JSON(&p)
		second := *p.Data.AvatarURL
		if !strings.HasSuffix(second, ".jpg") || second == first {
			t.Fatalf("jpeg avatar_url: %s", second)
		}
		res = e.Do(testkit.Req{Method: http.MethodGet, Path: second}).Expect(http.StatusOK)
		if _, format, err := image.DecodeConfig(bytes.NewReader(res.Body)); err != nil || format != "jpeg" {
			t.Fatalf("served jpeg: %v %s", err, format)
		}
		if bytes.Contains(res.Body, []byte("Exif")) || bytes.Contains(res.Body, []byte("GPS-SECRET")) {
			t.Fatal("the re-encoded JPEG still carries its Exif block")
		}
		if _, err := os.Stat(mediaPath(e, first)); !os.IsNotExist(err) {
			t.Fatalf("the previous avatar file was not deleted: %v", err)
		}

		// A text file renamed .png, and a file over 5 MB.
		res = e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "evil.png",
			[]byte("<?php echo 'not an image'; ?>\n")).Expect(http.StatusUnprocessableEntity)
		var errBody struct {
			Error struct {
				Fields map[string]string `json:"fields"`
			} `json:"error"`
		}
		res.JSON(&errBody)
		if errBody.Error.Fields["avatar"] != "must be a JPEG, PNG, GIF or WebP image" {
			t.Fatalf("non-image: %s", res.Body)
		}
		big := append(testPNG(t, 8, 8), make([]byte, 5<<20)...)
		if e.Upload("/api/v1/profile/avatar", u.AccessToken, "avatar", "big.png", big).
			Expect(http.StatusRequestEntityTooLarge).ErrCode() != "payload_too_large" {
			t.Fatal("oversize avatar: wrong code")
		}
		e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/profile/avatar", Token: u.AccessToken,
			Body: testPNG(t, 8, 8), RawType: "image/png"}).Expect(http.StatusUnsupportedMediaType)
		e.Upload("/api/v1/profile/avatar", u.AccessToken, "picture", "me.png", testPNG(t, 8, 8)).
			Expect(http.StatusUnprocessableEntity)
		e.Upload("/api/v1/profile/avatar", "", "avatar", "me.png", testPNG(t, 8, 8)).Expect(http.StatusUnauthorized)

		// The rejected uploads left the avatar alone; the other user has none.
		e.Get("/api/v1/profile", u.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.AvatarURL == nil || *p.Data.AvatarURL != second {
			t.Fatalf("avatar after rejects: %v", p.Data.AvatarURL)
		}
		e.Get("/api/v1/profile", other.AccessToken).Expect(http.StatusOK).JSON(&p)
		if p.Data.AvatarURL != nil {
			t.Fatalf("another user's avatar leaked: %v", *p.Data.AvatarURL)
		}

		// GIF is accepted too, and stored re-encoded as PNG.
		var gifBuf bytes.Buffer
		if err := gif.Encode(&gifBuf, image.NewPaletted(image.Rect(0, 0, 16, 16), color.Palette{color.White, color.Black}), nil); err != nil {
			t.Fatal(err)
		}
		e.Upload("/api/v1/profile/avatar", other.AccessToken, "avatar", "me.gif", gifBuf.Bytes()).
			Expect(http.StatusOK).JSON(&p)
		if p.Data.AvatarURL == nil || !strings.HasSuffix(*p.Data.AvatarURL, ".png") {
			t.Fatalf("gif avatar_url: %v", p.Data.AvatarURL)
		}

		// DELETE removes it and its file.
		e.Do(testkit.Req{Method: http.MethodDelete, Path: "/api/v1/profile/avatar", Token: u.AccessToken}).
			Expect(http.StatusOK).JSON(&p)
		if p.Data.AvatarURL != nil {
			t.Fatalf("avatar after delete: %v", *p.Data.AvatarURL)
		}
		if _, err := os.Stat(mediaPath(e, second)); !os.IsNotExist(err) {
			t.Fatalf("the deleted avatar's file remains: %v", err)
		}
	})
}

func mediaPath(e *testkit.Env, url string) string {
	return filepath.Join(e.Config.MediaDir, filepath.FromSlash(strings.TrimPrefix(url, "/media/")))
}
