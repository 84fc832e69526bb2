package portals

import (
	"crypto/sha256"
	"encoding/base64"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"sojourn/api/internal/platform/roledef"
)

// The Content-Security-Policy of the portals. Access and refresh tokens live
// in localStorage, so a script that runs on a portal takes the account: only
// the portal's own files run (script-src 'self'), plus the hashes of the
// inline scripts its index.html carries (the theme script that must run
// before the first paint), computed when the file is served. Paystack's
// origins are allowed only on the portals that pay by card (the user portal
// and the provider portals): its popup (react-paystack and
// @paystack/inline-js, loaded on demand) loads scripts from js.paystack.co and
// checkout.paystack.com, frames checkout.paystack.com and calls
// api.paystack.co. The sandbox's checkout page (/_sandbox/paystack/...) is a
// same-origin page the browser is sent to, so 'self' covers it.
//
// style-src keeps 'unsafe-inline': the portals' stylesheet is a file, but
// sonner (toasts), react-remove-scroll (Radix dialogs) and Paystack's modal
// insert <style> elements at run time, with content that varies. Styles
// cannot run script; scripts stay strict.
const (
	paystackScripts = "https://js.paystack.co https://checkout.paystack.com"
	paystackFrames  = "https://checkout.paystack.com"
	paystackAPI     = "https://api.paystack.co"
)

// paysByCard: the portals with a wallet that tops up or buys by card.
var paysByCard = func() map[string]bool {
	out := map[string]bool{"user": true}
	for _, r := range roledef.All {
		if r.Provider {
			out[r.Portal] = true
		}
	}
	return out
}()

// policy is the CSP of a portal whose index.html carries the inline scripts
// of these hashes ('sha256-...' sources).
func policy(portal string, hashes []string) string {
	script := append([]string{"'self'"}, hashes...)
	connect, frame := "'self'", "'self'"
	if paysByCard[portal] {
		script = append(script, paystackScripts)
		connect += " " + paystackAPI
		frame += " " + paystackFrames
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src " + connect,
		"frame-src " + frame,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

var (
	scriptTag = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
	srcAttr   = regexp.MustCompile(`(?i)(^|\s)src\s*=`)
)

// inlineHashes are the CSP sources of the inline scripts in an HTML page.
func inlineHashes(html []byte) []string {
	var out []string
	for _, m := range scriptTag.FindAllSubmatch(html, -1) {
		if srcAttr.Match(m[1]) {
			continue
		}
		sum := sha256.Sum256(m[2])
		out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return out
}

// hashCache keeps each index.html's inline-script hashes until the file
// changes (a new build).
type hashCache struct {
	mu sync.Mutex
	m  map[string]hashEntry
}

type hashEntry struct {
	mod    time.Time
	size   int64
	hashes []string
}

func (c *hashCache) get(path string, st os.FileInfo) []string {
	c.mu.Lock()
	e, ok := c.m[path]
	c.mu.Unlock()
	if ok && e.mod.Equal(st.ModTime()) && e.size == st.Size() {
		return e.hashes
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	e = hashEntry{mod: st.ModTime(), size: st.Size(), hashes: inlineHashes(b)}
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]hashEntry{}
	}
	c.m[path] = e
	c.mu.Unlock()
	return e.hashes
}
