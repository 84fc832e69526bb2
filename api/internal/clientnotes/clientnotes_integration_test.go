package clientnotes_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"
	"time"

	"sojourn/api/internal/clientnotes"
	"sojourn/api/internal/testkit"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for x := range 40 {
		img.Set(x, x%30, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func audited(t *testing.T, e *testkit.Env, action, actor string) int {
	t.Helper()
	n, err := e.DB.NewSelect().Table("audit_log").Where("action = ? AND actor_id = ?", action, actor).
		Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func TestIntegrationClientNotesPrivacy(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		amaka := e.Register("amaka@example.com", "amaka") // Ada's therapist
		bayo := e.Register("bayo@example.com", "bayo")    // Ada's coach: also has her as a client
		chidi := e.Register("chidi@example.com", "chidi") // a provider Ada never booked
		ada := e.Register("ada@example.com", "ada")
		_, therapy := e.Provider(amaka.UserID, "therapist", 150000)
		_, coaching := e.Provider(bayo.UserID, "coach", 80000)
		e.Provider(chidi.UserID, "therapist", 120000)
		session := e.Booking(therapy, ada.UserID, "completed", e.Clock.Now().Add(-48*time.Hour))
		e.Booking(coaching, ada.UserID, "confirmed", e.Clock.Now().Add(72*time.Hour))
		notes := "/api/v1/practice/clients/" + ada.UserID + "/notes"

		var made struct{ Data clientnotes.Note }
		e.Post(notes, amaka.AccessToken, map[string]any{"booking_id": session,
			"subjective": "Sleeping badly since the move; worries about work.",
			"assessment": "Adjustment stress, no risk indicators.", "plan": "Sleep diary; review in two weeks."}).
			Expect(http.StatusCreated).JSON(&made)
		e.Post(notes, amaka.AccessToken, map[string]any{"text": "  "}).Expect(http.StatusUnprocessableEntity)
		e.Post(notes, bayo.AccessToken, map[string]any{"booking_id": session, "text": "Not my booking"}).
			Expect(http.StatusUnprocessableEntity)
		e.Post(notes, chidi.AccessToken, map[string]any{"text": "A stranger"}).Expect(http.StatusNotFound)

		// Only the author reads it, and every read is audited.
		var list struct{ Data []clientnotes.Note }
		e.Get(notes, amaka.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 1 || list.Data[0].Plan != "Sleep diary; review in two weeks." {
			t.Fatalf("author's list: %+v", list.Data)
		}
		e.Get(notes+"/"+made.Data.ID, amaka.AccessToken).Expect(http.StatusOK)
		if audited(t, e, "client_note.list", amaka.UserID) != 1 || audited(t, e, "client_note.read", amaka.UserID) != 1 {
			t.Fatal("the reads were not audited")
		}
		e.Get(notes, bayo.AccessToken).Expect(http.StatusOK).JSON(&list)
		if len(list.Data) != 0 {
			t.Fatal("another provider of the same client sees the notes")
		}
		e.Get(notes+"/"+made.Data.ID, bayo.AccessToken).Expect(http.StatusNotFound)
		e.Patch(notes+"/"+made.Data.ID, bayo.AccessToken, map[string]any{"text": "x"}).Expect(http.StatusNotFound)
		e.Get(notes, chidi.AccessToken).Expect(http.StatusNotFound)
		e.Get(notes, ada.AccessToken).Expect(http.StatusForbidden) // the client never sees them
		e.Get("/api/v1/practice/clients/"+bayo.UserID+"/notes", amaka.AccessToken).Expect(http.StatusNotFound)

		var changed struct{ Data clientnotes.Note }
		e.Patch(notes+"/"+made.Data.ID, amaka.AccessToken, map[string]any{"text": "Agreed a sleep routine."}).
			Expect(http.StatusOK).JSON(&changed)
		if changed.Data.Text != "Agreed a sleep routine." || changed.Data.Subjective == "" {
			t.Fatalf("patched: %+v", changed.Data)
		}
	})
}

func TestIntegrationClientDocumentsPrivacy(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		amaka := e.Register("amaka@example.com", "amaka")
		bayo := e.Register("bayo@example.com", "bayo")
		ada := e.Register("ada@example.com", "ada")
		bola := e.Register("bola@example.com", "bola")
		_, therapy := e.Provider(amaka.UserID, "therapist", 150000)
		_, coaching := e.Provider(bayo.UserID, "coach", 80000)
		session := e.Booking(therapy, ada.UserID, "confirmed", e.Clock.Now().Add(24*time.Hour))
		e.Booking(coaching, ada.UserID, "confirmed", e.Clock.Now().Add(72*time.Hour))
		held := e.Booking(therapy, bola.UserID, "held", e.Clock.Now().Add(96*time.Hour))
		share := "/api/v1/bookings/" + session + "/documents"

		var doc struct{ Data clientnotes.Document }
		e.Upload(share, ada.AccessToken, "file", "referral.png", pngBytes(t)).Expect(http.StatusCreated).JSON(&doc)
		if doc.Data.ContentType != "image/png" || doc.Data.Title != "Shared document" {
			t.Fatalf("document: %+v", doc.Data)
		}
		pdf := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
		var pdfDoc struct{ Data clientnotes.Document }
		e.Upload(share, ada.AccessToken, "file", "letter.pdf", pdf).Expect(http.StatusCreated).JSON(&pdfDoc)
		if pdfDoc.Data.ContentType != "application/pdf" {
			t.Fatalf("pdf: %+v", pdfDoc.Data)
		}
		e.Upload(share, ada.AccessToken, "file", "notes.txt", []byte("just text")).Expect(http.StatusUnprocessableEntity)
		e.Upload(share, bola.AccessToken, "file", "x.png", pngBytes(t)).Expect(http.StatusNotFound)
		e.Upload("/api/v1/bookings/"+held+"/documents", bola.AccessToken, "file", "x.png", pngBytes(t)).
			Expect(http.StatusConflict)

		docs := "/api/v1/practice/clients/" + ada.UserID + "/documents"
		var l struct{ Data []clientnotes.Document }
		e.Get(docs, amaka.AccessToken).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 2 {
			t.Fatalf("provider's documents: %+v", l.Data)
		}
		e.Get(docs, bayo.AccessToken).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 0 {
			t.Fatal("a document shared with one provider shows to another")
		}
		e.Get("/api/v1/practice/clients/"+bola.UserID+"/documents", bayo.AccessToken).Expect(http.StatusNotFound)
		e.Get(docs+"/"+doc.Data.ID+"/file", bayo.AccessToken).Expect(http.StatusNotFound)
		f := e.Get(docs+"/"+doc.Data.ID+"/file", amaka.AccessToken).Expect(http.StatusOK)
		if f.Header.Get("X-Document-Type") != "image/png" || !bytes.HasPrefix(f.Body, []byte("\x89PNG")) ||
			audited(t, e, "client_document.read", amaka.UserID) != 1 {
			t.Fatalf("download: %v", f.Header)
		}
		e.Get("/api/v1/me/documents", ada.AccessToken).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 2 {
			t.Fatalf("my documents: %+v", l.Data)
		}
		e.Get("/api/v1/me/documents", bola.AccessToken).Expect(http.StatusOK).JSON(&l)
		if len(l.Data) != 0 {
			t.Fatal("another user's documents are listed")
		}
		e.Get("/api/v1/me/documents/"+pdfDoc.Data.ID+"/file", ada.AccessToken).Expect(http.StatusOK)
		e.Get("/api/v1/me/documents/"+pdfDoc.Data.ID+"/file", bola.AccessToken).Expect(http.StatusNotFound)
	})
}
