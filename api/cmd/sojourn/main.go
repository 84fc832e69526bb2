// Command sojourn is Sojourn's one binary: the API server and its tools.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sojourn/api/internal/airports"
	"strings"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/app"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/seed"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `sojourn: the Sojourn API server and its tools

Usage:
  sojourn serve               run the API and the portals (migrates first in development)
  sojourn migrate up|down|status
  sojourn seed --demo         create the demo accounts (idempotent; refused in production)
  sojourn mail [-n N] [-to ADDRESS]
                              print the development outbox, newest first
  sojourn ledger verify       recompute every balance from the postings; exit 1 on any mismatch
  sojourn version

Configuration comes from the environment; see README.md.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(ctx)
	case "migrate":
		err = migrateCmd(ctx, os.Args[2:])
	case "seed":
		err = seedCmd(ctx, os.Args[2:])
	case "mail":
		err = mailCmd(ctx, os.Args[2:], os.Stdout)
	case "ledger":
		err = ledgerCmd(ctx, os.Args[2:], os.Stdout)
	case "version", "--version", "-v":
		fmt.Println("sojourn", version)
	case "help", "-h", "--help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "sojourn: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sojourn:", err)
		os.Exit(1)
	}
}

func logger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	switch strings.ToLower(cfg.LogLevel) {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	}
	opts := &slog.HandlerOptions{Level: level}
	if cfg.Production() {
		return slog.New(slog.NewJSONHandler(os.Stdout, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stdout, opts))
}

func open(ctx context.Context) (*config.Config, *db.DB, error) {
	cfg, err := config.Load()
	if err != nil {
		return nil, nil, err
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	return cfg, d, nil
}

func serve(ctx context.Context) error {
	cfg, d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	log := logger(cfg)
	slog.SetDefault(log)
	if !cfg.Production() {
		applied, err := d.MigrateUp(ctx)
		if err != nil {
			return err
		}
		if len(applied) > 0 {
			log.Info("migrated", "applied", applied)
		}
	}
	a, err := app.New(cfg, d, app.Options{Logger: log})
	if err != nil {
		return err
	}
	if n, err := a.Airports.Sync(ctx); err != nil {
		return err
	} else if n > 0 {
		log.Info("airports loaded", "rows", n)
	}
	// River outlives the signal: on shutdown it stops fetching and lets the
	// running jobs finish (Jobs.Stop) instead of cancelling them mid-way.
	if err := a.Jobs.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start background jobs: %w", err)
	}
	log.Info("sojourn serving", "version", version, "summary", app.Describe(cfg, d),
		"url", cfg.PortalOrigin("user"))
	errc := make(chan error, 1)
	go func() {
		errc <- a.Fiber.Listen(cfg.Addr, fiber.ListenConfig{DisableStartupMessage: true})
	}()
	var serveErr error
	select {
	case serveErr = <-errc:
	case <-ctx.Done():
		log.Info("shutting down")
	}
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	// The sockets first: they are hijacked connections the HTTP server's
	// shutdown does not wait for. Their clients reconnect (to another
	// instance, behind a load balancer) and resume by cursor.
	rtErr := a.Realtime.Close(sctx)
	if serveErr == nil {
		serveErr = a.Fiber.ShutdownWithContext(sctx)
	}
	return errors.Join(serveErr, rtErr, a.Jobs.Stop(sctx))
}

func migrateCmd(ctx context.Context, args []string) error {
	if len(args) != 1 {
		return errors.New("usage: sojourn migrate up|down|status")
	}
	_, d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	switch args[0] {
	case "up":
		names, err := d.MigrateUp(ctx)
		if err != nil {
			return err
		}
		if len(names) == 0 {
			fmt.Println("database is up to date")
		}
		for _, n := range names {
			fmt.Println("applied", n)
		}
		n, err := airports.Sync(ctx, d)
		if err != nil {
			return err
		}
		if n > 0 {
			fmt.Println("loaded", n, "airports")
		}
	case "down":
		names, err := d.MigrateDown(ctx)
		if err != nil {
			return err
		}
		if len(names) == 0 {
			fmt.Println("nothing to roll back")
		}
		for _, n := range names {
			fmt.Println("rolled back", n)
		}
	case "status":
		ms, err := d.MigrationStatus(ctx)
		if err != nil {
			return err
		}
		for _, m := range ms {
			state := "pending"
			if m.IsApplied() {
				state = "applied (group " + fmt.Sprint(m.GroupID) + ")"
			}
			fmt.Printf("%s_%s\t%s\n", m.Name, m.Comment, state)
		}
	default:
		return fmt.Errorf("unknown migrate command %q (want up, down or status)", args[0])
	}
	return nil
}

func seedCmd(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	demo := fs.Bool("demo", false, "create the demo accounts")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !*demo {
		return errors.New("usage: sojourn seed --demo")
	}
	cfg, d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	if cfg.Production() {
		return errors.New("refusing to seed demo data in production mode")
	}
	if _, err := d.MigrateUp(ctx); err != nil {
		return err
	}
	// The real clock, which the seed may pin to a past day to date a review.
	// The travel supplier's sandbox is reached in process (no server runs).
	late := &lateTransport{}
	a, err := app.New(cfg, d, app.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Clock: &clock.Pinnable{},
		DuffelHTTP: &http.Client{Transport: late, Timeout: 20 * time.Second}})
	if err != nil {
		return err
	}
	late.rt = paystack.FiberTransport(a.Fiber)
	if _, err := a.Airports.Sync(ctx); err != nil {
		return err
	}
	report, err := seed.Demo(ctx, a)
	if err != nil {
		return err
	}
	fmt.Print(report)
	return nil
}

func mailCmd(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("mail", flag.ContinueOnError)
	n := fs.Int("n", 20, "how many messages")
	to := fs.String("to", "", "only messages to this address")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	if cfg.SMTPURL != "" {
		fmt.Fprintln(out, "note: SMTP_URL is set, so new mail goes to the SMTP server, not the outbox")
	}
	ob := &mail.Outbox{DB: d}
	ms, err := ob.List(ctx, *to, *n)
	if err != nil {
		return fmt.Errorf("read outbox (has the database been migrated?): %w", err)
	}
	if len(ms) == 0 {
		fmt.Fprintln(out, "the outbox is empty")
	}
	for _, m := range ms {
		fmt.Fprintf(out, "── %s\nTo: %s\nSubject: %s\n\n%s\n\n", m.CreatedAt.UTC().Format(time.RFC3339), m.ToAddress, m.Subject, strings.TrimSpace(m.BodyText))
	}
	return nil
}

// ledgerCmd runs "ledger verify": the same check as money.Service.Verify.
func ledgerCmd(ctx context.Context, args []string, out io.Writer) error {
	if len(args) != 1 || args[0] != "verify" {
		return errors.New("usage: sojourn ledger verify")
	}
	cfg, d, err := open(ctx)
	if err != nil {
		return err
	}
	defer d.Close()
	a, err := app.New(cfg, d, app.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return err
	}
	r, err := a.Money.Verify(ctx)
	if err != nil {
		return fmt.Errorf("verify the ledger (has the database been migrated?): %w", err)
	}
	r.Print(out)
	if !r.Clean() {
		return errors.New("the ledger does not balance")
	}
	return nil
}

// lateTransport sends requests through a round tripper set once the app
// exists (the seed's in-process calls to the Duffel sandbox).
type lateTransport struct{ rt http.RoundTripper }

func (l *lateTransport) RoundTrip(r *http.Request) (*http.Response, error) { return l.rt.RoundTrip(r) }
