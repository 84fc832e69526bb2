package blog

import (
	"context"
	"encoding/xml"
	"html"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
)

// headTTL is how long a rendered head is reused: this process drops a
// post's entries when it publishes or unpublishes it; another instance's
// change shows within headTTL.
const headTTL = 5 * time.Second

type headEntry struct {
	head string
	ok   bool
	at   time.Time
}

type headCache struct {
	mu sync.Mutex
	m  map[string]headEntry
}

func newHeadCache() *headCache { return &headCache{m: map[string]headEntry{}} }

func (h *headCache) clear() {
	h.mu.Lock()
	h.m = map[string]headEntry{}
	h.mu.Unlock()
}

// PostAddress answers the id or slug of a post page of the user portal:
// /blog/:id and /user-blog/blog/:id.
func PostAddress(path string) (string, bool) {
	path = strings.TrimSuffix(path, "/")
	var rest string
	var ok bool
	if rest, ok = strings.CutPrefix(path, "/user-blog/blog/"); !ok {
		if rest, ok = strings.CutPrefix(path, "/blog/"); !ok {
			return "", false
		}
	}
	if rest == "" || strings.ContainsAny(rest, "/.") || len(rest) > 100 {
		return "", false
	}
	return rest, true
}

// Head is what the user portal's index.html carries in its <head> for a
// post page at path (origin is the portal's public origin): the post's
// title, description, canonical address and OpenGraph and Twitter tags,
// every value escaped. ok is false for any other path or a post that is not
// published.
func (s *Service) Head(ctx context.Context, origin, path string) (string, bool) {
	key, ok := PostAddress(path)
	if !ok {
		return "", false
	}
	now := time.Now()
	s.head.mu.Lock()
	e, hit := s.head.m[origin+" "+key]
	s.head.mu.Unlock()
	if hit && now.Sub(e.at) < headTTL {
		return e.head, e.ok
	}
	e = headEntry{at: now}
	if r, err := s.liveOne(ctx, key); err == nil {
		e.head, e.ok = renderHead(origin, r), true
	} else if err != ErrNotFound {
		return "", false
	}
	s.head.mu.Lock()
	if len(s.head.m) > 10000 {
		s.head.m = map[string]headEntry{}
	}
	s.head.m[origin+" "+key] = e
	s.head.mu.Unlock()
	return e.head, e.ok
}

func renderHead(origin string, r *liveRow) string {
	title := r.SEOTitle
	if title == "" {
		title = r.Title
	}
	desc := r.SEODescription
	if desc == "" {
		desc = r.Excerpt
	}
	img := r.SocialImage
	if img == "" {
		img = r.FeaturedImage
	}
	if strings.HasPrefix(img, "/") {
		img = origin + img
	}
	canonical := origin + "/blog/" + r.Slug
	e := html.EscapeString
	var b strings.Builder
	b.WriteString("<title>" + e(title) + " · Sojourn</title>\n")
	b.WriteString(`<meta name="description" content="` + e(desc) + "\">\n")
	b.WriteString(`<link rel="canonical" href="` + e(canonical) + "\">\n")
	b.WriteString(`<meta property="og:type" content="article">` + "\n")
	b.WriteString(`<meta property="og:site_name" content="Sojourn">` + "\n")
	b.WriteString(`<meta property="og:title" content="` + e(title) + "\">\n")
	b.WriteString(`<meta property="og:description" content="` + e(desc) + "\">\n")
	b.WriteString(`<meta property="og:url" content="` + e(canonical) + "\">\n")
	b.WriteString(`<meta property="article:published_time" content="` + r.PublishedAt.UTC().Format(time.RFC3339) + "\">\n")
	card := "summary"
	if img != "" {
		card = "summary_large_image"
		b.WriteString(`<meta property="og:image" content="` + e(img) + "\">\n")
		b.WriteString(`<meta name="twitter:image" content="` + e(img) + "\">\n")
	}
	b.WriteString(`<meta name="twitter:card" content="` + card + "\">\n")
	b.WriteString(`<meta name="twitter:title" content="` + e(title) + "\">\n")
	b.WriteString(`<meta name="twitter:description" content="` + e(desc) + "\">")
	return b.String()
}

// Feeds mounts the RSS feed (/blog/rss.xml, the latest 30 posts) and the
// sitemap (/sitemap.xml: the blog's pages and every published post) on the
// user portal's host; origin is the user portal's public origin.
func (s *Service) Feeds(f *fiber.App, origin string) {
	f.Get("/blog/rss.xml", func(c fiber.Ctx) error {
		rows, err := s.feedRows(c.Context(), 30)
		if err != nil {
			return err
		}
		type item struct {
			Title       string `xml:"title"`
			Link        string `xml:"link"`
			GUID        string `xml:"guid"`
			PubDate     string `xml:"pubDate"`
			Description string `xml:"description"`
		}
		type channel struct {
			Title       string `xml:"title"`
			Link        string `xml:"link"`
			Description string `xml:"description"`
			Items       []item `xml:"item"`
		}
		out := struct {
			XMLName xml.Name `xml:"rss"`
			Version string   `xml:"version,attr"`
			Channel channel  `xml:"channel"`
		}{Version: "2.0", Channel: channel{Title: "The Sojourn blog", Link: origin + "/user-blog",
			Description: "Travel, wellness and the people who make them, from Sojourn's writers."}}
		for _, r := range rows {
			out.Channel.Items = append(out.Channel.Items, item{Title: r.Title, Link: origin + "/blog/" + r.Slug,
				GUID: origin + "/blog/" + r.ID, PubDate: r.PublishedAt.UTC().Format(time.RFC1123Z), Description: r.Excerpt})
		}
		b, err := xml.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Set(fiber.HeaderContentType, "application/rss+xml; charset=utf-8")
		return c.Send(append([]byte(xml.Header), b...))
	})
	f.Get("/sitemap.xml", func(c fiber.Ctx) error {
		rows, err := s.feedRows(c.Context(), 5000)
		if err != nil {
			return err
		}
		type url struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod,omitempty"`
		}
		out := struct {
			XMLName xml.Name `xml:"urlset"`
			NS      string   `xml:"xmlns,attr"`
			URLs    []url    `xml:"url"`
		}{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", URLs: []url{{Loc: origin + "/"}, {Loc: origin + "/user-blog"}}}
		for _, r := range rows {
			out.URLs = append(out.URLs, url{Loc: origin + "/blog/" + r.Slug, LastMod: r.UpdatedAt.UTC().Format("2006-01-02")})
		}
		b, err := xml.MarshalIndent(out, "", "  ")
		if err != nil {
			return err
		}
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Set(fiber.HeaderContentType, "application/xml; charset=utf-8")
		return c.Send(append([]byte(xml.Header), b...))
	})
}

func (s *Service) feedRows(ctx context.Context, n int) ([]liveRow, error) {
	var rows []liveRow
	err := s.live(false).OrderExpr("p.published_at DESC, p.id DESC").Limit(int64(n)).Scan(ctx, &rows)
	return rows, err
}
