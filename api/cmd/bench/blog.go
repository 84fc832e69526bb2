package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/blog"
)

// The published post page figure (issue 15): GET /blog/:slug on the user
// portal's host, answered with index.html whose <head> the server fills with
// the post's title, description and OpenGraph tags (the built index.html of
// a portal, 20 published posts, requests spread over them).
func benchBlogPost(ctx context.Context, a *app.App, portalsDir string, client *http.Client, base string, conc int, dur time.Duration) error {
	dir := filepath.Join(portalsDir, "user")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	index := `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="Sojourn: travel and wellness." /><title>Sojourn</title>
<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>`
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(index), 0o644); err != nil {
		return err
	}
	res, err := client.Post(base+"/api/auth/register", "application/json",
		strings.NewReader(`{"email":"blogwriter@example.com","username":"blog_writer","password":"Vivid-Harbour-2041"}`))
	if err != nil {
		return err
	}
	var out struct {
		User struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	res.Body.Close()
	if res.StatusCode != 201 || out.User.ID == "" {
		return fmt.Errorf("register: %d", res.StatusCode)
	}
	body := json.RawMessage(`{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"The trail winds clockwise around the peak."}]}]}`)
	slugs := make([]string, 20)
	for i := range slugs {
		p, err := a.Blog.Create(ctx, out.User.ID, blog.Input{Title: fmt.Sprintf("Lion's Head at first light, part %d", i+1),
			Excerpt: "Why the city's most popular hike is best started in the dark.", Body: body,
			FeaturedImage: "/media/blog/lions-head.jpg"})
		if err != nil {
			return err
		}
		if _, err := a.Blog.Submit(ctx, out.User.ID, p.ID); err != nil {
			return err
		}
		if _, err := a.Blog.Approve(ctx, out.User.ID, p.ID, p.Version, nil); err != nil {
			return err
		}
		slugs[i] = p.Slug
	}
	check, err := client.Get(base + "/blog/" + slugs[0])
	if err != nil {
		return err
	}
	page, _ := io.ReadAll(check.Body)
	check.Body.Close()
	if !strings.Contains(string(page), `<meta property="og:title" content="Lion&#39;s Head at first light, part 1">`) {
		return fmt.Errorf("the post page has no filled head: %s", page)
	}
	if err := startProfile(); err != nil {
		return err
	}
	var n atomic.Int64
	r := measure(conc, dur, func(int) (bool, error) {
		req, _ := http.NewRequest("GET", base+"/blog/"+slugs[int(n.Add(1))%len(slugs)], nil)
		return do(client, req, 200)
	})
	stopProfile()
	report("GET /blog/:slug (a published post's page, head filled by the server, 20 posts)", r, "p99 <= 20 ms")
	return nil
}
