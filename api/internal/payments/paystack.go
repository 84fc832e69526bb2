package payments

import (
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"net/url"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/paystack"
)

// Sandbox wiring: without PAYSTACK_SECRET_KEY the server mounts the Paystack
// sandbox at SandboxMount, signs with SandboxSecretKey and points the real
// client at itself, so the client code path is the same in both modes.
const (
	SandboxMount     = "/_sandbox/paystack"
	SandboxSecretKey = "sk_test_sandbox"
	WebhookPath      = "/api/v1/payments/paystack/webhook"
)

// Paystack is the Paystack client the service uses, the key its webhooks
// are signed with, and the sandbox when there is no real key (nil then).
type Paystack struct {
	Client  *paystack.Client
	Secret  string
	Sandbox *paystack.Sandbox
}

// NewPaystack makes the client for the configuration. With a secret key it
// calls cfg.PaystackBaseURL; without one it makes a sandbox (to be mounted
// at SandboxMount with Sandbox.Register) and calls the server's own origin,
// http://127.0.0.1:<port of cfg.Addr>. hc carries both the client's calls
// and the sandbox's webhooks (nil: default clients).
func NewPaystack(cfg *config.Config, d *db.DB, clk clock.Clock, log *slog.Logger, hc *http.Client) Paystack {
	if !cfg.PaystackSandbox() {
		return Paystack{Client: paystack.New(cfg.PaystackBaseURL, cfg.PaystackSecretKey, hc), Secret: cfg.PaystackSecretKey}
	}
	self := SelfOrigin(cfg.Addr)
	sb := paystack.NewSandbox(paystack.SandboxConfig{SecretKey: SandboxSecretKey, PublicOrigin: sandboxOrigin(cfg),
		WebhookURL: self + WebhookPath, HTTPClient: hc, DB: d.DB, Clock: clk, Log: log})
	return Paystack{Client: paystack.New(self+SandboxMount, SandboxSecretKey, hc), Secret: SandboxSecretKey, Sandbox: sb}
}

// SelfOrigin is the origin the server reaches itself at for a listen
// address: loopback for every interface (":8080" -> "http://127.0.0.1:8080"),
// else the address's own host ("10.0.0.5:9000" -> "http://10.0.0.5:9000").
func SelfOrigin(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		host, port = "", "80"
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// sandboxOrigin is where the customer's browser reaches the sandbox's
// checkout page: the origin of the payment's callback URL when it is one of
// our portals (the portal the customer is on), else the user portal's.
func sandboxOrigin(cfg *config.Config) func(c fiber.Ctx) string {
	ours := httpx.PortalOrigin(cfg.PortalOrigin)
	return func(c fiber.Ctx) string {
		var b struct {
			CallbackURL string `json:"callback_url"`
		}
		if json.Unmarshal(c.Body(), &b) == nil {
			if u, err := url.Parse(b.CallbackURL); err == nil && u.Host != "" {
				if o := u.Scheme + "://" + u.Host; ours(o) {
					return o
				}
			}
		}
		return cfg.PortalOrigin("user")
	}
}
