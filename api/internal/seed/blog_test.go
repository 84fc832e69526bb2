package seed_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"sojourn/api/internal/blog"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/seed"
	"sojourn/api/internal/testkit"
)

// checkDemoBlog: the demo writer's published posts are public with their
// photos and categories; one post is in review, one scheduled, one a draft.
func checkDemoBlog(t *testing.T, e *testkit.Env) {
	ctx := context.Background()
	want := map[string]int{}
	for _, p := range seed.BlogPosts {
		want[p.State]++
	}
	list, _, err := e.App.Blog.Published(ctx, blog.PublicFilter{}, page.Cursor{Limit: 50})
	if err != nil || len(list) != want[blog.StatusPublished] || want[blog.StatusPublished] < 4 {
		t.Fatalf("published: %d (%v), want %d", len(list), err, want[blog.StatusPublished])
	}
	cats := map[string]bool{}
	for _, p := range list {
		if p.Author.Name != "Kofi Asante" || !strings.HasPrefix(p.FeaturedImage, "/media/") || p.CategoryID == nil {
			t.Fatalf("post: %+v", p)
		}
		cats[*p.CategoryID] = true
	}
	if len(cats) < 3 {
		t.Fatalf("categories: %d", len(cats))
	}
	one, err := e.App.Blog.PublicPost(ctx, list[0].Slug)
	if err != nil || !strings.Contains(one.HTML, "<img") || !strings.Contains(one.HTML, "<h2>") || len(one.Related) == 0 {
		t.Fatalf("post page: %v %+v", err, one)
	}
	e.Get(one.FeaturedImage, "").Expect(http.StatusOK)
	for _, st := range []string{blog.StatusInReview, blog.StatusScheduled, blog.StatusDraft} {
		rows, _, err := e.App.Blog.List(ctx, "", blog.Filter{Status: st}, page.Cursor{Limit: 50})
		if err != nil || len(rows) != want[st] || want[st] != 1 {
			t.Fatalf("%s: %d (%v)", st, len(rows), err)
		}
	}
}
