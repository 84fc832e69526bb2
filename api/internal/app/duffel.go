package app

import (
	"log/slog"
	"net/http"

	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
)

// DuffelWebhookPath is where Duffel (or the sandbox) delivers its signed
// webhook events; the flights domain serves it.
const DuffelWebhookPath = "/api/v1/travel/webhooks/duffel"

// travelSupplier is the Duffel client the travel domains call and, without
// an access token, the sandbox it talks to (mounted at duffel.SandboxMount)
// with the secret the sandbox signs its webhooks with.
type travelSupplier struct {
	Client        *duffel.Client
	Sandbox       *duffel.Sandbox
	WebhookSecret string
}

func newTravelSupplier(cfg *config.Config, d *db.DB, clk clock.Clock, log *slog.Logger, hc *http.Client) travelSupplier {
	if !cfg.DuffelSandbox() {
		return travelSupplier{Client: duffel.New(cfg.DuffelBaseURL, cfg.DuffelAccessToken, hc),
			WebhookSecret: cfg.DuffelWebhookSecret}
	}
	self := payments.SelfOrigin(cfg.Addr)
	sb := duffel.NewSandbox(duffel.SandboxConfig{WebhookURL: self + DuffelWebhookPath, HTTPClient: hc,
		DB: d.DB, Clock: clk, Log: log})
	return travelSupplier{Client: duffel.New(self+duffel.SandboxMount, duffel.SandboxToken, hc), Sandbox: sb,
		WebhookSecret: duffel.SandboxWebhookSecret}
}
