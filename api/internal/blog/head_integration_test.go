package blog_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sojourn/api/internal/testkit"
)

// A published post's page on the user portal carries the post's own title,
// description, canonical link and OpenGraph/Twitter tags, escaped; other
// pages keep the portal's; the feed and sitemap list the post.
func TestIntegrationBlogHeadFeedSitemap(t *testing.T) {
	testkit.Dialects(t, func(t *testing.T, e *testkit.Env) {
		dir := filepath.Join(e.App.Deps.Config.PortalsDir, "user")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		index := `<!doctype html><html><head><meta charset="UTF-8" />
<meta name="description" content="Generic." />
<title>Sojourn</title></head><body><div id="root"></div></body></html>`
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(index), 0o644); err != nil {
			t.Fatal(err)
		}
		origin := e.App.Deps.Config.PortalOrigin("user")
		w := writer(e, "wren")
		admin := e.Admin("ed@example.com", "editor")
		p := create(t, e, w, `Fish & chips "by the sea"`, doc("Whitby, in October."))
		put(e, "/api/v1/blog/my/posts/"+p.ID, w.AccessToken, map[string]any{"version": 1, "title": `Fish & chips "by the sea"`,
			"slug": "whitby-fish", "excerpt": "Where to eat > where to sleep.", "social_image": "/media/blog/whitby.jpg",
			"body": doc("Whitby, in October.")}).Expect(http.StatusOK)
		page := func(path string) string {
			r := e.Do(testkit.Req{Method: http.MethodGet, Path: "http://localhost" + path}).Expect(http.StatusOK)
			return string(r.Body)
		}
		if got := page("/blog/whitby-fish"); !strings.Contains(got, "<title>Sojourn</title>") {
			t.Fatalf("a draft's page has a head: %s", got)
		}
		e.Post("/api/v1/blog/my/posts/"+p.ID+"/submit", w.AccessToken, nil).Expect(http.StatusOK)
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/approve", admin.AccessToken, map[string]any{"version": 2}).Expect(http.StatusOK)
		for _, path := range []string{"/blog/whitby-fish", "/user-blog/blog/whitby-fish", "/blog/" + p.ID} {
			got := page(path)
			for _, want := range []string{
				`<title>Fish &amp; chips &#34;by the sea&#34; · Sojourn</title>`,
				`<meta name="description" content="Where to eat &gt; where to sleep.">`,
				`<link rel="canonical" href="` + origin + `/blog/whitby-fish">`,
				`<meta property="og:title" content="Fish &amp; chips &#34;by the sea&#34;">`,
				`<meta property="og:image" content="` + origin + `/media/blog/whitby.jpg">`,
				`<meta name="twitter:card" content="summary_large_image">`,
			} {
				if !strings.Contains(got, want) {
					t.Fatalf("%s lacks %s:\n%s", path, want, got)
				}
			}
			if strings.Contains(got, "Generic.") || strings.Count(got, "<title>") != 1 {
				t.Fatalf("%s keeps the generic head: %s", path, got)
			}
		}
		if got := page("/user-blog"); !strings.Contains(got, "<title>Sojourn</title>") {
			t.Fatalf("the blog's index changed: %s", got)
		}
		rss := e.Do(testkit.Req{Method: http.MethodGet, Path: "http://localhost/blog/rss.xml"}).Expect(http.StatusOK)
		if !strings.Contains(string(rss.Body), "<link>"+origin+"/blog/whitby-fish</link>") ||
			!strings.Contains(string(rss.Body), "Fish &amp; chips") {
			t.Fatalf("rss: %s", rss.Body)
		}
		sm := e.Do(testkit.Req{Method: http.MethodGet, Path: "http://localhost/sitemap.xml"}).Expect(http.StatusOK)
		if !strings.Contains(string(sm.Body), "<loc>"+origin+"/blog/whitby-fish</loc>") {
			t.Fatalf("sitemap: %s", sm.Body)
		}
		// Unpublished: the page falls back to the portal's own head.
		e.Post("/api/v1/admin/blog/posts/"+p.ID+"/unpublish", admin.AccessToken, map[string]any{}).Expect(http.StatusOK)
		if got := page("/blog/whitby-fish"); !strings.Contains(got, "<title>Sojourn</title>") {
			t.Fatalf("an unpublished post keeps its head: %s", got)
		}
	})
}
