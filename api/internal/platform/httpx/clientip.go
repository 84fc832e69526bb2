package httpx

import (
	"net"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// ClientIPHeader is the request header the ClientIP middleware writes the
// client's address into; the app names it as Fiber's ProxyHeader, so
// c.IP() (and every per-IP limit keyed by it) answers the client's address.
// A value the client sent is always dropped.
const ClientIPHeader = "X-Sojourn-Client-Ip"

// Trust says which addresses are our proxies: loopback and private
// addresses, and the configured addresses and CIDRs (SOJOURN_TRUSTED_PROXIES),
// as Fiber's TrustProxyConfig{Loopback, Private, Proxies} decides for the
// connection's peer.
type Trust struct {
	ips  map[string]bool
	nets []*net.IPNet
}

// NewTrust reads addresses and CIDRs; entries that are neither are ignored.
func NewTrust(proxies []string) *Trust {
	t := &Trust{ips: map[string]bool{}}
	for _, p := range proxies {
		p = strings.TrimSpace(p)
		if _, n, err := net.ParseCIDR(p); err == nil {
			t.nets = append(t.nets, n)
		} else if ip := net.ParseIP(p); ip != nil {
			t.ips[ip.String()] = true
		}
	}
	return t
}

// Trusted reports whether ip is one of our proxies.
func (t *Trust) Trusted(ip net.IP) bool {
	if ip.IsLoopback() || ip.IsPrivate() || t.ips[ip.String()] {
		return true
	}
	for _, n := range t.nets {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

// ClientAddr is the client's address behind a trusted peer: walking the
// X-Forwarded-For chain from the right (each proxy appends the address it
// was reached from), the first address that is not one of our proxies. The
// addresses left of it were written by the client and are not believed.
// When every address is a proxy, the left-most is the client; an entry that
// is not an address ends the walk at the last address before it; an empty
// chain leaves the peer.
func (t *Trust) ClientAddr(peer string, forwardedFor []string) string {
	var chain []string
	for _, h := range forwardedFor {
		chain = append(chain, strings.Split(h, ",")...)
	}
	client := peer
	for i := len(chain) - 1; i >= 0; i-- {
		ip := parseHop(chain[i])
		if ip == nil {
			break
		}
		client = ip.String()
		if !t.Trusted(ip) {
			break
		}
	}
	return client
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a port
// ("1.2.3.4:5678", "[2001:db8::1]:443").
func parseHop(s string) net.IP {
	s = strings.TrimSpace(s)
	if ip := net.ParseIP(s); ip != nil {
		return ip
	}
	if host, _, err := net.SplitHostPort(s); err == nil {
		return net.ParseIP(host)
	}
	return nil
}

// ClientIP works out the client's address for each request: behind a trusted
// proxy (Fiber's IsProxyTrusted on the connection's peer) from
// X-Forwarded-For by Trust.ClientAddr, written into ClientIPHeader; otherwise
// the header is removed and c.IP() is the peer. It must run first.
func ClientIP(t *Trust) fiber.Handler {
	return func(c fiber.Ctx) error {
		h := &c.Request().Header
		h.Del(ClientIPHeader)
		if c.IsProxyTrusted() {
			var xff []string
			for _, v := range h.PeekAll(fiber.HeaderXForwardedFor) {
				xff = append(xff, string(v))
			}
			peer := ""
			if ip := c.RequestCtx().RemoteIP(); ip != nil {
				peer = ip.String()
			}
			h.Set(ClientIPHeader, t.ClientAddr(peer, xff))
		}
		return c.Next()
	}
}
