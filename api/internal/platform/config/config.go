// Package config reads Sojourn's configuration from the environment.
package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is everything the server needs from its environment.
type Config struct {
	Addr            string
	DatabaseURL     string
	Env             string // development | production
	BaseDomain      string
	PublicScheme    string // http or https, used to build portal links
	PublicPort      string // port appended to portal links ("" for none)
	JWTSecret       []byte
	SMTPURL         string
	MailFrom        string
	AccessTTL       time.Duration
	RefreshIdleTTL  time.Duration
	RefreshAbsTTL   time.Duration
	DataDir         string
	MediaDir        string
	PortalsDir      string
	AllowSQLite     bool
	TrustProxy      bool
	TrustedProxies  []string
	HashConcurrency int
	// ImageMemoryMB is the memory uploaded images may take while they are
	// decoded, all uploads together (images.Processor).
	ImageMemoryMB int
	LoginIPLimit  int // sign-in attempts per IP per 5 minutes
	LogLevel      string
	// RefreshReuseGrace is how long after a refresh token was spent it may be
	// presented again without counting as reuse, while the token issued for
	// it is still unused (a reply lost to a page reload); 0 turns it off.
	RefreshReuseGrace time.Duration
	// Money: the platform's commission on released escrow in basis points,
	// how long released earnings stay pending (the refund window), the
	// smallest payout and the fee of one payout (minor units).
	PlatformFeeBPS int
	RefundWindow   time.Duration
	MinPayout      int64
	PayoutFee      int64
	// GiftCardExpiry is how long a gift card stays redeemable after it is
	// issued.
	GiftCardExpiry time.Duration
	// Paystack: the secret key (empty = the built-in sandbox at
	// /_sandbox/paystack, refused in production), the API's base URL and the
	// public key the browser popup needs in live mode.
	PaystackSecretKey string
	PaystackBaseURL   string
	PaystackPublicKey string
	// Duffel (hotels and flights): the access token (empty = the built-in
	// sandbox at /_sandbox/duffel, refused in production), the API's base
	// URL and the secret Duffel signs our webhook endpoint's events with.
	DuffelAccessToken   string
	DuffelBaseURL       string
	DuffelWebhookSecret string
	// TravelMarkupBPS is Sojourn's margin on a supplier's price (hotels and
	// flights), in basis points: the traveller pays the supplier's total plus
	// this; only admins see the split.
	TravelMarkupBPS int
	// Twilio Video (video sessions): the account SID, an API key's SID and
	// its secret. With all three the server mints Twilio Video access tokens;
	// without them the video page runs peer to peer (WebRTC signalled over
	// the realtime channel).
	TwilioAccountSID string
	TwilioAPIKey     string
	TwilioAPISecret  string
	// NATSURL is the NATS cluster the realtime layer joins (instances deliver
	// to each other's sockets through it); empty starts an embedded NATS
	// server in the process (one instance). NATSPrefix starts every subject,
	// so several deployments (or test runs) can share one cluster.
	NATSURL    string
	NATSPrefix string
	// Storage is where uploads live: "local" (MediaDir, the default) or "s3"
	// (an S3-compatible bucket, S3 below; /media/* then streams from it).
	Storage string
	S3      S3
}

// S3 is an S3-compatible object store (AWS S3, MinIO, Ceph, R2, ...).
type S3 struct {
	Endpoint  string // host[:port], no scheme (S3_ENDPOINT)
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string // empty: the server's default (us-east-1 on most)
	UseSSL    bool   // https to the endpoint (S3_USE_SSL, default true)
}

// DuffelSandbox reports whether hotels and flights run against the
// built-in sandbox (no access token configured).
func (c *Config) DuffelSandbox() bool { return c.DuffelAccessToken == "" }

// PaystackSandbox reports whether payments run against the built-in sandbox
// (no secret key configured).
func (c *Config) PaystackSandbox() bool { return c.PaystackSecretKey == "" }

// Production reports whether the server runs in production mode.
func (c *Config) Production() bool { return c.Env == "production" }

// SQLite reports whether the database is the embedded one.
func (c *Config) SQLite() bool { return strings.HasPrefix(c.DatabaseURL, "sqlite:") }

// PortalOrigin is the public origin of a portal ("" or "user" is the apex).
func (c *Config) PortalOrigin(portal string) string {
	host := c.BaseDomain
	if portal != "" && portal != "user" {
		host = portal + "." + c.BaseDomain
	}
	if c.PublicPort != "" {
		host += ":" + c.PublicPort
	}
	return c.PublicScheme + "://" + host
}

// Load reads the environment. In development it fills safe defaults (and
// creates a JWT secret under the data directory); in production it refuses to
// start without real secrets.
func Load() (*Config, error) {
	c := &Config{
		Addr:           env("SOJOURN_ADDR", ":8080"),
		DatabaseURL:    env("DATABASE_URL", "sqlite:data/sojourn.db"),
		Env:            env("SOJOURN_ENV", "development"),
		BaseDomain:     env("SOJOURN_BASE_DOMAIN", "localhost"),
		PublicScheme:   env("SOJOURN_PUBLIC_SCHEME", ""),
		SMTPURL:        os.Getenv("SMTP_URL"),
		MailFrom:       env("SOJOURN_MAIL_FROM", "Sojourn <no-reply@sojourn.local>"),
		DataDir:        env("SOJOURN_DATA_DIR", "data"),
		PortalsDir:     os.Getenv("SOJOURN_PORTALS_DIR"),
		AllowSQLite:    os.Getenv("SOJOURN_ALLOW_SQLITE") == "1",
		TrustProxy:     os.Getenv("SOJOURN_TRUST_PROXY") == "1",
		TrustedProxies: splitList(os.Getenv("SOJOURN_TRUSTED_PROXIES")),
		LogLevel:       env("SOJOURN_LOG_LEVEL", "info"),

		PaystackSecretKey: strings.TrimSpace(os.Getenv("PAYSTACK_SECRET_KEY")),
		PaystackBaseURL:   strings.TrimRight(env("PAYSTACK_BASE_URL", "https://api.paystack.co"), "/"),
		PaystackPublicKey: strings.TrimSpace(os.Getenv("PAYSTACK_PUBLIC_KEY")),

		DuffelAccessToken:   strings.TrimSpace(firstEnv("SOJOURN_DUFFEL_ACCESS_TOKEN", "DUFFEL_ACCESS_TOKEN")),
		DuffelBaseURL:       strings.TrimRight(env("SOJOURN_DUFFEL_BASE_URL", "https://api.duffel.com"), "/"),
		DuffelWebhookSecret: strings.TrimSpace(os.Getenv("SOJOURN_DUFFEL_WEBHOOK_SECRET")),

		TwilioAccountSID: strings.TrimSpace(os.Getenv("TWILIO_ACCOUNT_SID")),
		TwilioAPIKey:     strings.TrimSpace(os.Getenv("TWILIO_API_KEY")),
		TwilioAPISecret:  strings.TrimSpace(os.Getenv("TWILIO_API_SECRET")),
		NATSURL:          strings.TrimSpace(os.Getenv("NATS_URL")),
		NATSPrefix:       env("SOJOURN_NATS_PREFIX", "sojourn"),
	}
	if c.Env != "development" && c.Env != "production" {
		return nil, fmt.Errorf("SOJOURN_ENV must be development or production, not %q", c.Env)
	}
	if !validNATSPrefix(c.NATSPrefix) {
		return nil, fmt.Errorf("SOJOURN_NATS_PREFIX must be letters, digits, '-' or '_' (1 to 40), not %q", c.NATSPrefix)
	}
	var err error
	if c.AccessTTL, err = duration("SOJOURN_ACCESS_TTL", 15*time.Minute); err != nil {
		return nil, err
	}
	if c.RefreshIdleTTL, err = duration("SOJOURN_REFRESH_IDLE_TTL", 7*24*time.Hour); err != nil {
		return nil, err
	}
	if c.RefreshAbsTTL, err = duration("SOJOURN_REFRESH_ABSOLUTE_TTL", 30*24*time.Hour); err != nil {
		return nil, err
	}
	if c.RefreshReuseGrace, err = reuseGrace(); err != nil {
		return nil, err
	}
	if c.HashConcurrency, err = integer("SOJOURN_HASH_CONCURRENCY", 4); err != nil {
		return nil, err
	}
	if c.ImageMemoryMB, err = integer("SOJOURN_IMAGE_MEMORY_MB", 256); err != nil {
		return nil, err
	}
	if c.LoginIPLimit, err = integer("SOJOURN_LOGIN_IP_LIMIT", 30); err != nil {
		return nil, err
	}
	if err := c.loadMoney(); err != nil {
		return nil, err
	}
	c.MediaDir = env("SOJOURN_MEDIA_DIR", filepath.Join(c.DataDir, "media"))
	if err := c.loadStorage(); err != nil {
		return nil, err
	}
	if c.PublicScheme == "" {
		c.PublicScheme = "http"
		if c.Production() {
			c.PublicScheme = "https"
		}
	}
	if p, ok := os.LookupEnv("SOJOURN_PUBLIC_PORT"); ok {
		c.PublicPort = p
	} else if !c.Production() {
		if i := strings.LastIndex(c.Addr, ":"); i >= 0 && c.Addr[i+1:] != "80" {
			c.PublicPort = c.Addr[i+1:]
		}
	}
	if !c.SQLite() && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return nil, errors.New("DATABASE_URL must start with sqlite: or postgres://")
	}
	secret := os.Getenv("SOJOURN_JWT_SECRET")
	if c.Production() {
		if len(secret) < 32 {
			return nil, errors.New("production mode needs SOJOURN_JWT_SECRET of at least 32 bytes")
		}
		if c.PaystackSecretKey == "" {
			return nil, errors.New("production mode needs PAYSTACK_SECRET_KEY (the sandbox is for development only)")
		}
		if c.DuffelAccessToken == "" || c.DuffelWebhookSecret == "" {
			return nil, errors.New("production mode needs DUFFEL_ACCESS_TOKEN and SOJOURN_DUFFEL_WEBHOOK_SECRET (the sandbox is for development only)")
		}
		if c.SQLite() && !c.AllowSQLite {
			return nil, errors.New("production mode refuses the embedded SQLite database; set DATABASE_URL to PostgreSQL or SOJOURN_ALLOW_SQLITE=1")
		}
		c.JWTSecret = []byte(secret)
		return c, nil
	}
	if secret == "" {
		if secret, err = devSecret(c.DataDir); err != nil {
			return nil, err
		}
	}
	c.JWTSecret = []byte(secret)
	return c, nil
}

// loadStorage reads SOJOURN_STORAGE and, for s3, the bucket's settings, and
// refuses an incomplete or malformed set so a server never starts writing
// uploads somewhere other instances cannot read.
func (c *Config) loadStorage() error {
	c.Storage = strings.ToLower(strings.TrimSpace(env("SOJOURN_STORAGE", "local")))
	switch c.Storage {
	case "local":
		return nil
	case "s3":
	default:
		return fmt.Errorf("SOJOURN_STORAGE must be local or s3, not %q", c.Storage)
	}
	c.S3 = S3{
		Endpoint:  strings.TrimSpace(os.Getenv("S3_ENDPOINT")),
		Bucket:    strings.TrimSpace(os.Getenv("S3_BUCKET")),
		AccessKey: strings.TrimSpace(os.Getenv("S3_ACCESS_KEY")),
		SecretKey: strings.TrimSpace(os.Getenv("S3_SECRET_KEY")),
		Region:    strings.TrimSpace(os.Getenv("S3_REGION")),
		UseSSL:    true,
	}
	var missing []string
	for _, kv := range [][2]string{{"S3_ENDPOINT", c.S3.Endpoint}, {"S3_BUCKET", c.S3.Bucket},
		{"S3_ACCESS_KEY", c.S3.AccessKey}, {"S3_SECRET_KEY", c.S3.SecretKey}} {
		if kv[1] == "" {
			missing = append(missing, kv[0])
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("SOJOURN_STORAGE=s3 needs %s", strings.Join(missing, ", "))
	}
	if strings.Contains(c.S3.Endpoint, "://") || strings.ContainsAny(c.S3.Endpoint, "/?# ") {
		return fmt.Errorf("S3_ENDPOINT: want host[:port] without a scheme or path (S3_USE_SSL chooses https), got %q", c.S3.Endpoint)
	}
	if v := strings.TrimSpace(os.Getenv("S3_USE_SSL")); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("S3_USE_SSL: want true or false, got %q", v)
		}
		c.S3.UseSSL = b
	}
	return nil
}

// DefaultRefreshReuseGrace covers a reply lost to a page reload or a retry;
// MaxRefreshReuseGrace bounds how long a spent refresh token stays useful to
// whoever else holds a copy (accounts.Service.Refresh).
const (
	DefaultRefreshReuseGrace = 30 * time.Second
	MaxRefreshReuseGrace     = time.Minute
)

func reuseGrace() (time.Duration, error) {
	const key = "SOJOURN_REFRESH_REUSE_GRACE"
	v := os.Getenv(key)
	if v == "" {
		return DefaultRefreshReuseGrace, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 || d > MaxRefreshReuseGrace {
		return 0, fmt.Errorf("%s: want a duration from 0 (off) to %s, got %q", key, MaxRefreshReuseGrace, v)
	}
	return d, nil
}

// Money defaults: 10% commission, a 7-day refund window, payouts from
// NGN 1,000 with a NGN 50 fee.
const (
	DefaultPlatformFeeBPS = 1000
	DefaultRefundWindow   = 7 * 24 * time.Hour
	DefaultMinPayout      = 100000
	DefaultPayoutFee      = 5000
	// DefaultGiftCardExpiry is twelve months (365 days).
	DefaultGiftCardExpiry = 8760 * time.Hour
)

func (c *Config) loadMoney() error {
	var err error
	if c.PlatformFeeBPS, err = nonNegative("SOJOURN_PLATFORM_FEE_BPS", DefaultPlatformFeeBPS); err != nil {
		return err
	}
	if c.PlatformFeeBPS > 10000 {
		return fmt.Errorf("SOJOURN_PLATFORM_FEE_BPS: at most 10000 (100%%), got %d", c.PlatformFeeBPS)
	}
	if c.RefundWindow, err = duration("SOJOURN_REFUND_WINDOW", DefaultRefundWindow); err != nil {
		return err
	}
	minPayout, err := nonNegative("SOJOURN_MIN_PAYOUT", DefaultMinPayout)
	if err != nil {
		return err
	}
	fee, err := nonNegative("SOJOURN_PAYOUT_FEE", DefaultPayoutFee)
	if err != nil {
		return err
	}
	if fee >= minPayout && minPayout > 0 {
		return fmt.Errorf("SOJOURN_PAYOUT_FEE (%d) must be below SOJOURN_MIN_PAYOUT (%d)", fee, minPayout)
	}
	c.MinPayout, c.PayoutFee = int64(minPayout), int64(fee)
	if c.GiftCardExpiry, err = duration("SOJOURN_GIFT_CARD_EXPIRY", DefaultGiftCardExpiry); err != nil {
		return err
	}
	if c.TravelMarkupBPS, err = nonNegative("SOJOURN_TRAVEL_MARKUP_BPS", DefaultTravelMarkupBPS); err != nil {
		return err
	}
	if c.TravelMarkupBPS > 5000 {
		return fmt.Errorf("SOJOURN_TRAVEL_MARKUP_BPS: at most 5000 (50%%), got %d", c.TravelMarkupBPS)
	}
	return nil
}

func nonNegative(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s: want a whole number of at least 0, got %q", key, v)
	}
	return n, nil
}

// devSecret keeps a generated development secret under the data directory so
// sessions survive restarts.
func devSecret(dir string) (string, error) {
	path := filepath.Join(dir, "jwt-secret")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return strings.TrimSpace(string(b)), nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("create data dir: %w", err)
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	s := hex.EncodeToString(b)
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("write jwt secret: %w", err)
	}
	return s, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func duration(key string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: want a positive duration like 15m, got %q", key, v)
	}
	return d, nil
}

func integer(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s: want a positive integer, got %q", key, v)
	}
	return n, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// DefaultTravelMarkupBPS is Sojourn's margin on hotels and flights: 5%.
const DefaultTravelMarkupBPS = 500

// firstEnv is the first of keys that is set.
func firstEnv(keys ...string) string {
	for _, k := range keys {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return ""
}

// validNATSPrefix: one NATS subject token (no dots or wildcards).
func validNATSPrefix(p string) bool {
	if p == "" || len(p) > 40 {
		return false
	}
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
