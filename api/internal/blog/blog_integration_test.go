package blog_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"sojourn/api/internal/testkit"
)

var ctx = context.Background()

func put(e *testkit.Env, path, token string, body any) *testkit.Resp {
	return e.Do(testkit.Req{Method: http.MethodPut, Path: path, Token: token, Body: body})
}

func writer(e *testkit.Env, name string) *testkit.Session {
	s := e.Register(name+"@example.com", name)
	e.GrantRole(s.UserID, "writer")
	return s
}

func doc(paragraphs ...string) map[string]any {
	content := []any{}
	for _, p := range paragraphs {
		content = append(content, map[string]any{"type": "paragraph", "content": []any{map[string]any{"type": "text", "text": p}}})
	}
	return map[string]any{"type": "doc", "content": content}
}

type post struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	Slug         string `json:"slug"`
	Title        string `json:"title"`
	Excerpt      string `json:"excerpt"`
	HTML         string `json:"html"`
	Body         json.RawMessage
	Version      int  `json:"version"`
	LiveRevision *int `json:"live_revision"`
}

func postOf(r *testkit.Resp) post {
	var out struct {
		Data post `json:"data"`
	}
	r.JSON(&out)
	return out.Data
}

func create(t *testing.T, e *testkit.Env, w *testkit.Session, title string, body map[string]any) post {
	t.Helper()
	return postOf(e.Post("/api/v1/blog/my/posts", w.AccessToken, map[string]any{"title": title, "excerpt": "A short summary.",
		"body": body}).Expect(http.StatusCreated))
}

// Revisions: every save is a revision; a stale version is 409; restoring
// gives back exactly the revision's fields, as a new revision.
func TestIntegrationBlogRevisionsRestore(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		w := writer(e, "wren")
		p := create(t, e, w, "Three days in Tbilisi", doc("The sulphur baths first."))
		first := map[string]any{"version": 1, "title": "Three days in Tbilisi", "slug": "tbilisi-three-days",
			"excerpt": "Baths, bread and balconies.", "body": doc("The sulphur baths first.", "Then khachapuri."),
			"tags": []string{"georgia", "food"}, "seo_title": "Tbilisi in three days", "seo_description": "A short guide.",
			"featured_image": "/media/blog/x.jpg"}
		v2 := postOf(put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, first).Expect(http.StatusOK))
		if v2.Version != 2 || v2.Slug != "tbilisi-three-days" {
			t.Fatalf("saved: %+v", v2)
		}
		// A second tab still at version 1 is refused.
		put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, first).Expect(http.StatusConflict)
		second := map[string]any{"version": 2, "title": "Tbilisi, briefly", "slug": "tbilisi-briefly", "excerpt": "Changed.",
			"body": doc("Completely different text.")}
		put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, second).Expect(http.StatusOK)
		rev2 := e.Get("/api/v1/blog/my/posts/"+p.ID+"/revisions/2", w.AccessToken).Expect(http.StatusOK).Data()
		restored := postOf(e.Post("/api/v1/blog/my/posts/"+p.ID+"/revisions/2/restore", w.AccessToken,
			map[string]any{"version": 3}).Expect(http.StatusOK))
		if restored.Version != 4 || restored.Title != "Three days in Tbilisi" || restored.Slug != "tbilisi-three-days" ||
			restored.Excerpt != "Baths, bread and balconies." {
			t.Fatalf("restored: %+v", restored)
		}
		rev4 := e.Get("/api/v1/blog/my/posts/"+p.ID+"/revisions/4", w.AccessToken).Expect(http.StatusOK).Data()
		for _, k := range []string{"title", "slug", "excerpt", "text", "reading_minutes"} {
			if rev2[k] != rev4[k] {
				t.Fatalf("%s: %v != %v", k, rev2[k], rev4[k])
			}
		}
		b2, _ := json.Marshal(rev2["body"])
		b4, _ := json.Marshal(rev4["body"])
		if string(b2) != string(b4) {
			t.Fatalf("body: %s != %s", b2, b4)
		}
		full := e.Get("/api/v1/blog/my/posts/"+p.ID, w.AccessToken).Expect(http.StatusOK).Data()
		if tags, _ := json.Marshal(full["tags"]); string(tags) != `["georgia","food"]` || full["seo_title"] != "Tbilisi in three days" ||
			full["featured_image"] != "/media/blog/x.jpg" {
			t.Fatalf("restored fields: %v", full)
		}
		revs := e.Get("/api/v1/blog/my/posts/"+p.ID+"/revisions", w.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(revs) != 4 || revs[0].(map[string]any)["note"] != "Restored revision 2" {
			t.Fatalf("history: %v", revs)
		}
		e.Post("/api/v1/blog/my/posts/"+p.ID+"/revisions/9/restore", w.AccessToken, map[string]any{"version": 4}).
			Expect(http.StatusNotFound)
	})
}

// The workflow: a writer cannot publish (policy) nor touch another
// writer's post (404); an editor requests changes, approves for a time,
// and the blog.publish job publishes it then and not before.
func TestIntegrationBlogWorkflowScheduled(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		w := writer(e, "wren")
		other := writer(e, "otto")
		admin := e.Admin("ed@example.com", "editor")
		p := create(t, e, w, "Walking the Lycian Way", doc("Fethiye to Antalya, on foot."))

		// Not the writer's to publish, and another writer's post is not found.
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/approve", w.AccessToken, map[string]any{"version": 1}).Expect(http.StatusForbidden)
		e.Get("/api/v1/blog/my/posts/"+p.ID, other.AccessToken).Expect(http.StatusNotFound)
		put(e, "/api/v1/blog/my/posts/"+p.ID, other.AccessToken, map[string]any{"version": 1, "title": "Mine now"}).Expect(http.StatusNotFound)
		e.Post("/api/v1/blog/my/posts/"+p.ID+"/submit", other.AccessToken, nil).Expect(http.StatusNotFound)
		e.Get("/api/v1/blog/my/posts/"+p.ID+"/revisions", other.AccessToken).Expect(http.StatusNotFound)
		e.Post("/api/v1/blog/my/posts/"+p.ID+"/revisions/1/restore", other.AccessToken, map[string]any{"version": 1}).Expect(http.StatusNotFound)
		// A draft cannot be approved; nor is it public.
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/approve", admin.AccessToken, map[string]any{"version": 1}).Expect(http.StatusConflict)
		e.Get("/api/v1/blog/posts/"+p.ID, "").Expect(http.StatusNotFound)

		e.Post("/api/v1/blog/my/posts/"+p.ID+"/submit", w.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/request-changes", admin.AccessToken, map[string]any{"body": "Add the route map."}).
			Expect(http.StatusOK)
		put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, map[string]any{"version": 1, "title": "Walking the Lycian Way",
			"body": doc("Fethiye to Antalya, on foot.", "The route, day by day.")}).Expect(http.StatusOK)
		if got := postOf(e.Post("/api/v1/blog/my/posts/"+p.ID+"/submit", w.AccessToken, nil).Expect(http.StatusOK)); got.Status != "in_review" {
			t.Fatalf("submitted: %+v", got)
		}
		queue := e.Get("/api/v1/admin/blog/posts?status=in_review", admin.AccessToken).Expect(http.StatusOK).Map()["data"].([]any)
		if len(queue) != 1 {
			t.Fatalf("queue: %v", queue)
		}
		at := e.Clock.Now().Add(2 * time.Hour).UTC()
		// Approving an older version than the one in review is refused.
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/approve", admin.AccessToken, map[string]any{"version": 1,
			"publish_at": at.Format(time.RFC3339)}).Expect(http.StatusConflict)
		sch := postOf(e.Post("/api/v1/admin/blog/posts/"+p.ID+"/approve", admin.AccessToken, map[string]any{"version": 2,
			"publish_at": at.Format(time.RFC3339)}).Expect(http.StatusOK))
		if sch.Status != "scheduled" || sch.LiveRevision != nil {
			t.Fatalf("scheduled: %+v", sch)
		}
		// The job's first run, before the time, changes nothing and waits.
		early, err := e.App.Blog.PublishDue(ctx, p.ID, 2)
		if err != nil || early <= 0 || early > 2*time.Hour {
			t.Fatalf("early run: %v %v", early, err)
		}
		e.Get("/api/v1/blog/posts/"+p.ID, "").Expect(http.StatusNotFound)
		e.Clock.Advance(2*time.Hour + time.Second)
		if early, err := e.App.Blog.PublishDue(ctx, p.ID, 2); err != nil || early != 0 {
			t.Fatalf("due run: %v %v", early, err)
		}
		pub := e.Get("/api/v1/blog/posts/walking-the-lycian-way", "").Expect(http.StatusOK).Data()
		if pub["id"] != p.ID || !strings.Contains(pub["html"].(string), "The route, day by day.") {
			t.Fatalf("public: %v", pub)
		}
		list := e.Get("/api/v1/blog/posts", "").Expect(http.StatusOK).Map()["data"].([]any)
		if len(list) != 1 {
			t.Fatalf("public list: %v", list)
		}

		w, admin = e.Login(w.Email, w.Password), e.Login(admin.Email, admin.Password) // two hours on
		// Editing a published post keeps the approved revision live until
		// the new one is approved.
		put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, map[string]any{"version": 2, "title": "Walking the Lycian Way",
			"slug": "walking-the-lycian-way", "body": doc("A rewrite in progress.")}).Expect(http.StatusOK)
		pub = e.Get("/api/v1/blog/posts/"+p.ID, "").Expect(http.StatusOK).Data()
		if strings.Contains(pub["html"].(string), "rewrite") {
			t.Fatalf("unapproved edit went live: %v", pub["html"])
		}
		// A stale job (another version) does nothing; unpublish hides it.
		if _, err := e.App.Blog.PublishDue(ctx, p.ID, 2); err != nil {
			t.Fatal(err)
		}
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/unpublish", admin.AccessToken, map[string]any{"body": "Outdated prices."}).
			Expect(http.StatusOK)
		e.Get("/api/v1/blog/posts/"+p.ID, "").Expect(http.StatusNotFound)
	})
}

// Nothing that runs in a browser gets in: scripts, event handlers and
// javascript: URLs are refused in every field, and text is escaped.
func TestIntegrationBlogSanitiser(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		w := writer(e, "wren")
		p := create(t, e, w, "Safe post", doc("Fine."))
		base := func(k string, v any) map[string]any {
			b := map[string]any{"version": 1, "title": "Safe post", "body": doc("Fine.")}
			b[k] = v
			return b
		}
		text := func(s string, marks ...any) map[string]any {
			n := map[string]any{"type": "text", "text": s}
			if len(marks) > 0 {
				n["marks"] = marks
			}
			return map[string]any{"type": "doc", "content": []any{map[string]any{"type": "paragraph", "content": []any{n}}}}
		}
		bad := []map[string]any{
			base("title", `<script>alert(1)</script>`),
			base("title", `<img src=x onerror=alert(1)>`),
			base("excerpt", `Click <a href="javascript:alert(1)">here</a>`),
			base("seo_title", `</title><script>alert(1)</script>`),
			base("seo_description", `" onmouseover="alert(1)`+"<svg onload=alert(1)>"),
			base("featured_image", `javascript:alert(1)`),
			base("social_image", `/media/x.jpg" onerror="alert(1)`),
			base("slug", `<script>`),
			base("tags", []string{"<script>alert(1)</script>"}),
			base("body", map[string]any{"type": "doc", "content": []any{map[string]any{"type": "script", "content": []any{}}}}),
			base("body", text("x", map[string]any{"type": "link", "attrs": map[string]any{"href": "javascript:alert(1)"}})),
			base("body", text("x", map[string]any{"type": "link", "attrs": map[string]any{"href": " JaVaScRiPt:alert(1)"}})),
			base("body", text("x", map[string]any{"type": "link", "attrs": map[string]any{"href": "data:text/html,<script>"}})),
			base("body", text("x", map[string]any{"type": "link", "attrs": map[string]any{"href": "/x", "onclick": "alert(1)"}})),
			base("body", map[string]any{"type": "doc", "content": []any{map[string]any{"type": "image",
				"attrs": map[string]any{"src": "/media/a.jpg", "alt": "A", "onerror": "alert(1)"}}}}),
			base("body", map[string]any{"type": "doc", "content": []any{map[string]any{"type": "image",
				"attrs": map[string]any{"src": "javascript:alert(1)", "alt": "A"}}}}),
			base("body", map[string]any{"type": "doc", "content": []any{map[string]any{"type": "image",
				"attrs": map[string]any{"src": "/media/a.jpg"}}}}), // no alt text
			base("body", map[string]any{"type": "doc", "content": []any{map[string]any{"type": "embed",
				"attrs": map[string]any{"kind": "tour", "id": `x" onclick="alert(1)`}}}}),
		}
		for i, b := range bad {
			put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, b).Expect(http.StatusUnprocessableEntity)
			_ = i
		}
		e.Post("/api/v1/blog/my/posts", w.AccessToken, map[string]any{"title": "<b onmouseover=alert(1)>x</b>"}).
			Expect(http.StatusUnprocessableEntity)
		e.Post("/api/v1/blog/categories", w.AccessToken, map[string]any{"name": "<script>alert(1)</script>"}).
			Expect(http.StatusUnprocessableEntity)
		// Text that only looks dangerous is kept, and escaped in the HTML.
		ok := postOf(put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, base("body",
			text(`1 < 2 & "onload=alert(1)" javascript:void(0)`))).Expect(http.StatusOK))
		if strings.Contains(ok.HTML, "<script") || !strings.Contains(ok.HTML, "1 &lt; 2 &amp;") {
			t.Fatalf("html: %s", ok.HTML)
		}
		// A deep or huge document is refused.
		deep := map[string]any{"type": "paragraph"}
		for i := 0; i < 20; i++ {
			deep = map[string]any{"type": "blockquote", "content": []any{deep}}
		}
		put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, base("body", map[string]any{"type": "doc", "content": []any{deep}})).
			Expect(http.StatusUnprocessableEntity)
	})
}

// Slugs are unique: of parallel creates asking for one slug, exactly one
// wins (the others 409); titles alike get distinct slugs.
func TestIntegrationBlogSlugParallel(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		w := writer(e, "wren")
		const n = 8
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				r := e.Do(testkit.Req{Method: http.MethodPost, Path: "/api/v1/blog/my/posts", Token: w.AccessToken,
					Body: map[string]any{"title": "Lisbon trams", "slug": "lisbon-trams"}})
				codes[i] = r.Status
			}(i)
		}
		wg.Wait()
		won := 0
		for _, c := range codes {
			switch c {
			case http.StatusCreated:
				won++
			case http.StatusConflict:
			default:
				t.Fatalf("status %d", c)
			}
		}
		if won != 1 {
			t.Fatalf("%d creates won: %v", won, codes)
		}
		a := create(t, e, w, "Lisbon trams", doc("x"))
		if a.Slug == "lisbon-trams" || !strings.HasPrefix(a.Slug, "lisbon-trams-") {
			t.Fatalf("second slug: %s", a.Slug)
		}
		b := create(t, e, w, "Porto by night", doc("x"))
		put(e, "/api/v1/blog/my/posts/"+b.ID, w.AccessToken, map[string]any{"version": 1, "title": "Porto", "slug": "lisbon-trams"}).
			Expect(http.StatusConflict)
	})
}
