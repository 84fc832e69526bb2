// Package portals serves each built portal on its own subdomain of the base
// domain: the user portal on the apex, the others on vendor., therapy., ...
package portals

import (
	"context"
	"fmt"
	"html"
	"log/slog"
	"net"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/roledef"
)

// Names maps a subdomain to the portal's folder under apps/: each portal of
// roledef.Portals is served from its own subdomain and folder, the user
// portal from the apex ("").
var Names = func() map[string]string {
	out := make(map[string]string, len(roledef.Portals))
	for _, p := range roledef.Portals {
		sub := p
		if p == "user" {
			sub = ""
		}
		out[sub] = p
	}
	return out
}()

// Server finds and serves built portals.
type Server struct {
	cfg  *config.Config
	log  *slog.Logger
	root string // "" means apps/<name>/dist relative to the working directory
	// hashes are the inline-script hashes of each served index.html.
	hashes hashCache
	// heads fills the <head> of the user portal's pages that need their own
	// (a blog post's title, description and link-preview tags); nil: none.
	heads HeadFunc
	pages pageCache
}

// HeadFunc answers the head tags of the user portal's page at path (origin
// is the portal's public origin), escaped; ok false for a page without its
// own (blog.Service.Head).
type HeadFunc func(ctx context.Context, origin, path string) (head string, ok bool)

// WithHeads makes the server put h's tags into the user portal's
// index.html in place of its <title> and description.
func (s *Server) WithHeads(h HeadFunc) *Server {
	s.heads = h
	return s
}

// New makes the portal server. Portals are read from SOJOURN_PORTALS_DIR/<name>
// when it is set, otherwise from apps/<name>/dist.
func New(cfg *config.Config, log *slog.Logger) *Server {
	return &Server{cfg: cfg, log: log, root: cfg.PortalsDir}
}

// Dir is the folder of a built portal.
func (s *Server) Dir(name string) string {
	if s.root != "" {
		return filepath.Join(s.root, name)
	}
	return filepath.Join("apps", name, "dist")
}

// PortalFor picks the portal from the Host header; ok is false for a host
// that is not the base domain or one of its portal subdomains.
func (s *Server) PortalFor(host string) (string, bool) {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	base := strings.ToLower(s.cfg.BaseDomain)
	if host == base || host == "127.0.0.1" || host == "::1" || host == "www."+base {
		return "user", true
	}
	sub, ok := strings.CutSuffix(host, "."+base)
	if !ok {
		return "", false
	}
	name, ok := Names[sub]
	return name, ok
}

// Register mounts the catch-all portal handler; it must come after every API route.
func (s *Server) Register(f *fiber.App) {
	f.Use(s.handle)
}

func (s *Server) handle(c fiber.Ctx) error {
	if c.Method() != fiber.MethodGet && c.Method() != fiber.MethodHead {
		return fiber.ErrNotFound
	}
	name, ok := s.PortalFor(string(c.Request().Host()))
	if !ok {
		c.Set(fiber.HeaderContentSecurityPolicy, policy("", nil))
		return c.Status(fiber.StatusNotFound).Type("txt").SendString("Unknown Sojourn portal host.")
	}
	dir := s.Dir(name)
	index := filepath.Join(dir, "index.html")
	st, err := os.Stat(index)
	if err != nil {
		c.Set(fiber.HeaderContentSecurityPolicy, policy(name, nil))
		c.Set(fiber.HeaderCacheControl, "no-store")
		return c.Status(fiber.StatusServiceUnavailable).Type("html").SendString(notBuilt(name, dir))
	}
	clean := path.Clean("/" + c.Path())
	// A first page the build pre-rendered (tools/vite-prerender.ts: /login -> _first/login/index.html, / ->
	// _first/index.html) is answered with its own file, whose inline scripts the policy hashes.
	if path.Ext(clean) == "" {
		pre := filepath.Join(dir, "_first", filepath.FromSlash(clean), "index.html")
		if pst, err := os.Stat(pre); err == nil && !pst.IsDir() {
			index, st = pre, pst
		}
	}
	c.Set(fiber.HeaderContentSecurityPolicy, policy(name, s.hashes.get(index, st)))
	if clean != "/" {
		file := filepath.Join(dir, filepath.FromSlash(clean))
		if st, err := os.Stat(file); err == nil && !st.IsDir() {
			if strings.HasPrefix(clean, "/assets/") {
				c.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
			} else {
				c.Set(fiber.HeaderCacheControl, "public, max-age=300")
			}
			return c.SendFile(file, fiber.SendFile{Compress: true, CacheDuration: 10 * time.Second})
		}
		// A missing asset must not turn into index.html (the browser would run
		// HTML as a script); the portal's chunk-reload guard handles the 404.
		if strings.HasPrefix(clean, "/assets/") || path.Ext(clean) != "" && path.Ext(clean) != ".html" {
			return c.Status(fiber.StatusNotFound).Type("txt").SendString("Not found: " + clean)
		}
	}
	c.Set(fiber.HeaderCacheControl, "no-cache")
	if name == "user" && s.heads != nil && filepath.Base(filepath.Dir(index)) != "_first" {
		if head, ok := s.heads(c.Context(), s.cfg.PortalOrigin("user"), clean); ok {
			if page, err := s.pages.get(index, st); err == nil {
				return c.Type("html").SendString(page.before + head + page.after)
			}
		}
	}
	return c.SendFile(index, fiber.SendFile{Compress: true, CacheDuration: time.Second})
}

func notBuilt(name, dir string) string {
	return fmt.Sprintf(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sojourn: portal not built</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>The %s portal is not built yet</h1>
<p>The server looked for <code>%s</code>. Build it with <code>npx nx build %s</code> (or <code>make build</code> for everything), then reload.</p>
<p>The API is running: <a href="/healthz">/healthz</a>.</p></body></html>`,
		html.EscapeString(name), html.EscapeString(filepath.Join(dir, "index.html")), html.EscapeString(name))
}

var (
	titleRe       = regexp.MustCompile(`(?s)<title>.*?</title>`)
	descriptionRe = regexp.MustCompile(`<meta name="description"[^>]*>\s*`)
)

// splitHead cuts page around its <title> (the generic description
// dropped), so a page's own head goes between the two halves.
func splitHead(page string) (before, after string) {
	page = descriptionRe.ReplaceAllString(page, "")
	if loc := titleRe.FindStringIndex(page); loc != nil {
		return page[:loc[0]], titleRe.ReplaceAllString(page[loc[1]:], "")
	}
	if i := strings.Index(page, "</head>"); i >= 0 {
		return page[:i], page[i:]
	}
	return page, ""
}

// pageCache keeps each index.html read, until the file changes.
type pageCache struct {
	mu sync.Mutex
	m  map[string]cachedPage
}

type cachedPage struct {
	mod           time.Time
	size          int64
	before, after string
}

func (p *pageCache) get(file string, st os.FileInfo) (cachedPage, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.m[file]; ok && c.mod.Equal(st.ModTime()) && c.size == st.Size() {
		return c, nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return cachedPage{}, err
	}
	if p.m == nil {
		p.m = map[string]cachedPage{}
	}
	c := cachedPage{mod: st.ModTime(), size: st.Size()}
	c.before, c.after = splitHead(string(b))
	p.m[file] = c
	return c, nil
}
