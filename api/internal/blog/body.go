package blog

import (
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"
)

// The body is a ProseMirror document (Tiptap's JSON). Only these node and
// mark types, with only these attributes, are accepted; anything else is
// refused (422), never dropped silently.
const (
	maxBodyBytes = 256 << 10
	maxDepth     = 12
	maxNodes     = 6000
	maxTextRunes = 20000
)

// Node is one node of the document.
type Node struct {
	Type    string         `json:"type"`
	Attrs   map[string]any `json:"attrs,omitempty"`
	Content []Node         `json:"content,omitempty"`
	Text    string         `json:"text,omitempty"`
	Marks   []Mark         `json:"marks,omitempty"`
}

// Mark is an inline mark on a text node.
type Mark struct {
	Type  string         `json:"type"`
	Attrs map[string]any `json:"attrs,omitempty"`
}

// The attributes each node type may carry (Tiptap adds some with null or
// default values; those are accepted and ignored).
var nodeAttrs = map[string][]string{
	"doc": nil, "paragraph": {"textAlign"}, "text": nil, "hardBreak": nil, "horizontalRule": nil,
	"heading": {"level", "textAlign"}, "bulletList": nil, "orderedList": {"start", "type"}, "listItem": nil,
	"blockquote": nil, "image": {"src", "alt", "title", "width", "height"}, "embed": {"kind", "id"},
}

var markAttrs = map[string][]string{
	"bold": nil, "italic": nil, "strike": nil, "code": nil,
	"link": {"href", "target", "rel", "class"},
}

// EmbedKinds are the Sojourn items a post may embed as a card.
var EmbedKinds = map[string]string{"tour": "/tours/", "product": "/shop/products/", "practitioner": "/providers/"}

type bodyError struct{ msg string }

func (e bodyError) Error() string { return e.msg }

func bad(format string, a ...any) error { return bodyError{fmt.Sprintf(format, a...)} }

// ParseBody decodes and checks a document: known types and attributes
// only, bounded size, depth and node count, image sources from Sojourn's
// media (or https), alt text on every image, links http, https, mailto or
// a path.
func ParseBody(raw json.RawMessage) (Node, error) {
	if len(raw) == 0 {
		return Node{Type: "doc", Content: []Node{{Type: "paragraph"}}}, nil
	}
	if len(raw) > maxBodyBytes {
		return Node{}, bad("is too large (at most %d KB)", maxBodyBytes>>10)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	var n Node
	if err := dec.Decode(&n); err != nil {
		return Node{}, bad("is not a valid document")
	}
	if n.Type != "doc" {
		return Node{}, bad("must be a doc node")
	}
	count := 0
	if err := check(&n, 0, &count); err != nil {
		return Node{}, err
	}
	return n, nil
}

func check(n *Node, depth int, count *int) error {
	*count++
	if *count > maxNodes {
		return bad("has too many nodes (at most %d)", maxNodes)
	}
	if depth > maxDepth {
		return bad("is nested too deeply")
	}
	allowed, ok := nodeAttrs[n.Type]
	if !ok {
		return bad("has an unknown node type %q", clip(n.Type))
	}
	if err := checkAttrs(n.Attrs, allowed, n.Type); err != nil {
		return err
	}
	if n.Type != "doc" && depth == 0 {
		return bad("must be a doc node")
	}
	if n.Type == "doc" && depth > 0 {
		return bad("has a doc inside a doc")
	}
	if n.Type == "text" {
		if n.Text == "" || len(n.Content) > 0 || !utf8.ValidString(n.Text) || utf8.RuneCountInString(n.Text) > maxTextRunes {
			return bad("has an invalid text node")
		}
		for _, m := range n.Marks {
			a, ok := markAttrs[m.Type]
			if !ok {
				return bad("has an unknown mark type %q", clip(m.Type))
			}
			if err := checkAttrs(m.Attrs, a, m.Type); err != nil {
				return err
			}
			if m.Type == "link" {
				if _, ok := safeHref(str(m.Attrs, "href")); !ok {
					return bad("has a link that is not http, https, mailto or a path")
				}
			}
		}
		return nil
	}
	if n.Text != "" || len(n.Marks) > 0 {
		return bad("has text or marks on a %s node", n.Type)
	}
	switch n.Type {
	case "heading":
		if l := num(n.Attrs, "level"); l < 2 || l > 4 {
			return bad("has a heading level outside 2 to 4")
		}
	case "image":
		if !safeImage(str(n.Attrs, "src")) {
			return bad("has an image that is not from Sojourn's media library or https")
		}
		if strings.TrimSpace(str(n.Attrs, "alt")) == "" {
			return bad("has an image without alt text")
		}
	case "embed":
		if _, ok := EmbedKinds[str(n.Attrs, "kind")]; !ok {
			return bad("has an embed of an unknown kind")
		}
		if !idLike(str(n.Attrs, "id")) {
			return bad("has an embed without a valid id")
		}
	}
	for i := range n.Content {
		if err := check(&n.Content[i], depth+1, count); err != nil {
			return err
		}
	}
	return nil
}

func checkAttrs(attrs map[string]any, allowed []string, typ string) error {
	for k, v := range attrs {
		known := false
		for _, a := range allowed {
			known = known || a == k
		}
		if !known {
			return bad("has an unknown attribute %q on %s", clip(k), typ)
		}
		switch v.(type) {
		case nil, string, float64, bool:
		default:
			return bad("has an attribute %q that is not a plain value", clip(k))
		}
		if s, ok := v.(string); ok && utf8.RuneCountInString(s) > 2000 {
			return bad("has an attribute %q that is too long", clip(k))
		}
	}
	return nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40]
	}
	return s
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

func num(m map[string]any, k string) int {
	f, _ := m[k].(float64)
	return int(f)
}

func idLike(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || unicode.IsLetter(r) && r < 128 || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// safeHref answers the link as it will be written, or false for a scheme
// other than http, https and mailto (javascript:, data: ...).
func safeHref(h string) (string, bool) {
	h = strings.TrimSpace(h)
	if h == "" || len(h) > 2000 || strings.ContainsFunc(h, unicode.IsControl) {
		return "", false
	}
	u, err := url.Parse(h)
	if err != nil {
		return "", false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "mailto":
		return h, true
	case "":
		return h, strings.HasPrefix(h, "/") && !strings.HasPrefix(h, "//") || strings.HasPrefix(h, "#")
	}
	return "", false
}

// safeImage accepts Sojourn's own media (/media/...) and https images.
func safeImage(src string) bool {
	if src == "" || len(src) > 2000 || strings.ContainsFunc(src, unicode.IsControl) || strings.ContainsAny(src, "\"'<> \\") {
		return false
	}
	if strings.HasPrefix(src, "/media/") && !strings.Contains(src, "..") {
		return true
	}
	u, err := url.Parse(src)
	return err == nil && u.Scheme == "https" && u.Host != ""
}

// output is the policy every rendered body passes through last: whatever
// the renderer wrote, no script, style, event handler or javascript: URL
// reaches a reader.
var output = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "hr", "strong", "em", "s", "code", "h2", "h3", "h4", "ul", "ol", "li",
		"blockquote", "figure", "figcaption", "span")
	p.AllowAttrs("href", "rel").OnElements("a")
	p.AllowAttrs("class").Matching(bluemonday.SpaceSeparatedTokens).OnElements("a", "figure", "span")
	p.AllowAttrs("src", "alt", "title", "loading").OnElements("img")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnFullyQualifiedLinks(true)
	return p
}()

// Render writes the document as sanitised HTML and counts its words.
func Render(doc Node) (string, int) {
	var b strings.Builder
	words := 0
	render(&b, doc, &words)
	return output.Sanitize(b.String()), words
}

func render(b *strings.Builder, n Node, words *int) {
	open, closeTag := "", ""
	switch n.Type {
	case "text":
		*words += len(strings.Fields(n.Text))
		t := html.EscapeString(n.Text)
		for _, m := range n.Marks {
			switch m.Type {
			case "bold":
				t = "<strong>" + t + "</strong>"
			case "italic":
				t = "<em>" + t + "</em>"
			case "strike":
				t = "<s>" + t + "</s>"
			case "code":
				t = "<code>" + t + "</code>"
			case "link":
				if h, ok := safeHref(str(m.Attrs, "href")); ok {
					t = `<a href="` + html.EscapeString(h) + `">` + t + "</a>"
				}
			}
		}
		b.WriteString(t)
		return
	case "paragraph":
		open, closeTag = "<p>", "</p>"
	case "heading":
		l := strconv.Itoa(max(2, min(4, num(n.Attrs, "level"))))
		open, closeTag = "<h"+l+">", "</h"+l+">"
	case "bulletList":
		open, closeTag = "<ul>", "</ul>"
	case "orderedList":
		open, closeTag = "<ol>", "</ol>"
		if s := num(n.Attrs, "start"); s > 1 {
			open = `<ol start="` + strconv.Itoa(s) + `">`
		}
	case "listItem":
		open, closeTag = "<li>", "</li>"
	case "blockquote":
		open, closeTag = "<blockquote>", "</blockquote>"
	case "hardBreak":
		b.WriteString("<br>")
		return
	case "horizontalRule":
		b.WriteString("<hr>")
		return
	case "image":
		alt := str(n.Attrs, "alt")
		b.WriteString(`<figure class="blog-image"><img src="` + html.EscapeString(str(n.Attrs, "src")) + `" alt="` +
			html.EscapeString(alt) + `" loading="lazy">`)
		if t := str(n.Attrs, "title"); t != "" {
			b.WriteString("<figcaption>" + html.EscapeString(t) + "</figcaption>")
		}
		b.WriteString("</figure>")
		return
	case "embed":
		kind, id := str(n.Attrs, "kind"), str(n.Attrs, "id")
		b.WriteString(`<a class="blog-embed blog-embed-` + kind + `" href="` + EmbedKinds[kind] + html.EscapeString(id) +
			`"><span class="blog-embed-kind">` + kind + `</span></a>`)
		return
	}
	b.WriteString(open)
	for _, c := range n.Content {
		render(b, c, words)
	}
	b.WriteString(closeTag)
}

// ReadingMinutes is the reading time of words at 220 a minute, at least 1.
func ReadingMinutes(words int) int { return max(1, (words+219)/220) }

// Text is the document's plain text (search and the diff of revisions).
func Text(n Node) string {
	var b strings.Builder
	text(&b, n)
	return strings.TrimSpace(b.String())
}

func text(b *strings.Builder, n Node) {
	if n.Type == "text" {
		b.WriteString(n.Text)
		return
	}
	if n.Type == "image" {
		b.WriteString("[image: " + str(n.Attrs, "alt") + "]\n")
		return
	}
	if n.Type == "embed" {
		b.WriteString("[" + str(n.Attrs, "kind") + " " + str(n.Attrs, "id") + "]\n")
		return
	}
	for _, c := range n.Content {
		text(b, c)
	}
	switch n.Type {
	case "paragraph", "heading", "listItem", "blockquote":
		b.WriteString("\n")
	case "hardBreak":
		b.WriteString("\n")
	}
}
