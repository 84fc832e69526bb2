// Package app wires configuration, the database, the platform services and the
// domains into one Fiber application. It holds no business rules.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"sojourn/api/internal/airports"
	"sojourn/api/internal/discovery"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/cors"
	"github.com/gofiber/fiber/v3/middleware/requestid"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
	"sojourn/api/internal/blog"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/catalog"
	"sojourn/api/internal/clientnotes"
	"sojourn/api/internal/contact"
	"sojourn/api/internal/dealers"
	"sojourn/api/internal/deposits"
	"sojourn/api/internal/flights"
	"sojourn/api/internal/giftcards"
	"sojourn/api/internal/matchmaking"
	"sojourn/api/internal/messaging"
	"sojourn/api/internal/money"
	"sojourn/api/internal/notifications"
	"sojourn/api/internal/onboarding"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/payments"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/duffel"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/idempotency"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/images"
	"sojourn/api/internal/platform/jobs"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/passwords"
	"sojourn/api/internal/platform/paystack"
	"sojourn/api/internal/platform/ratelimit"
	"sojourn/api/internal/platform/realtime"
	"sojourn/api/internal/platform/storage"
	"sojourn/api/internal/portals"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/profiles"
	"sojourn/api/internal/rentals"
	"sojourn/api/internal/reviews"
	"sojourn/api/internal/roles"
	"sojourn/api/internal/shop"
	"sojourn/api/internal/shopreviews"
	"sojourn/api/internal/social"
	"sojourn/api/internal/speeddating"
	"sojourn/api/internal/stays"
	"sojourn/api/internal/support"
	"sojourn/api/internal/ticketing"
	"sojourn/api/internal/tours"
	"sojourn/api/internal/trips"
	"sojourn/api/internal/useronboarding"
	"sojourn/api/internal/video"
	"sojourn/api/internal/wallet"
	"sojourn/api/internal/wishlists"
	"sojourn/policies"
)

// Options let tests replace parts of the platform.
type Options struct {
	Clock          clock.Clock
	PasswordParams *passwords.Params
	Logger         *slog.Logger
	// PaystackHTTP carries the calls to Paystack and, in sandbox mode, the
	// sandbox's webhooks (tests route it into the app with
	// paystack.FiberTransport). nil: default clients.
	PaystackHTTP *http.Client
	// DuffelHTTP carries the calls to Duffel and, in sandbox mode, the
	// sandbox's webhooks (tests route it into the app). nil: default clients.
	DuffelHTTP *http.Client
}

// Module is a domain as the app wires it: built by its package's New from
// exactly what it needs, it mounts its routes under /api/v1 (behind the
// route policy).
type Module interface {
	Register(r httpx.Router)
}

// JobOwner is a module that owns background jobs: it hands River its
// workers and periodic jobs.
type JobOwner interface {
	RegisterJobs(reg *jobs.Registry)
}

// Platform is what the app built from the configuration for the domains; no
// domain takes it whole, each module's Config names what it needs.
type Platform struct {
	Config  *config.Config
	Log     *slog.Logger
	DB      *db.DB
	Clock   clock.Clock
	Mailer  mail.Mailer
	Storage storage.Storage
	Hasher  *passwords.Hasher
	Tokens  *authn.Tokens
	Auth    *authn.Authenticator
	Authz   *authz.Enforcer
}

// App is the assembled server.
type App struct {
	Fiber *fiber.App
	Deps  *Platform
	// Realtime is the WebSocket hub joined through NATS; Close it when the
	// app stops (serve does, before the HTTP server shuts down).
	Realtime *realtime.NATSHub
	Accounts *accounts.Service
	Profiles *profiles.Service
	Roles    *roles.Service
	Audit    *audit.Log
	Outbox   *mail.Outbox
	// Money is the money core every selling or paying domain uses;
	// Idempotency guards their money-moving routes.
	Money       *money.Service
	Idempotency *idempotency.Middleware
	// Payments takes card payments (StartCardPayment, RegisterPurpose) and
	// pays providers out; PaystackSandbox is the sandbox it talks to when no
	// PAYSTACK_SECRET_KEY is set (nil otherwise).
	Payments        *payments.Service
	PaystackSandbox *paystack.Sandbox
	// DuffelSandbox is the travel supplier's sandbox the hotels and flights
	// talk to when no DUFFEL_ACCESS_TOKEN is set (nil otherwise).
	DuffelSandbox *duffel.Sandbox
	// GiftCards sells and redeems gift cards.
	GiftCards *giftcards.Service
	// Contact keeps the contact form's messages (the admin inbox).
	Contact *contact.Service
	// Practice keeps provider profiles, offerings, schedules and the
	// directory (the booking kernel's provider side).
	Practice *practice.Service
	// Packages sells bundles of session credits (bookings spend them).
	Packages *packages.Service
	// Deposits holds refundable deposits (a rental car's, a reserved car's)
	// in their own escrow until they are released or captured.
	Deposits *deposits.Service
	// Onboarding keeps the providers' resumable wizards; each domain
	// registers its flow.
	Onboarding *onboarding.Service
	// Rentals keeps car-rental companies' branches and fleets and the
	// date-range rentals of their cars.
	Rentals *rentals.Service
	// Flights sells flights through the travel supplier.
	Flights *flights.Service
	// Trips ties a user's bookings of every kind into journeys (Sources
	// read them live from their domains) and finds conflicts between them.
	Trips *trips.Service
	// Stays is hotels through the travel supplier.
	Stays *stays.Service
	// Bookings holds slots, takes bookings into escrow and runs their lifecycle.
	Bookings *bookings.Service
	// Reviews keeps the reviews of completed bookings; ClientNotes the
	// providers' private notes and the documents clients share.
	Reviews     *reviews.Service
	ClientNotes *clientnotes.Service
	// Tours adds a tour's details to a guide's offering and searches them.
	Tours *tours.Service
	// Dealers lists cars for sale (dealerships are car_dealer practices):
	// buyers' search, test drives through bookings, reservations with a
	// deposit, enquiries, moderation.
	Dealers *dealers.Service
	// Catalog is the shop's catalogue: storefronts, categories, products
	// with variants and stock (the shop reserves through it), search.
	Catalog *catalog.Service
	// Shop is the shop's carts, checkout and orders (one per seller, each
	// paid into its own escrow), commission rules and vendor figures.
	Shop *shop.Service
	// ShopReviews keeps product reviews of delivered order lines, their
	// moderation and the products' rating aggregates.
	ShopReviews *shopreviews.Service
	// Wishlists keeps shoppers' named lists, their share links and the
	// price-drop and back-in-stock alerts.
	Wishlists *wishlists.Service
	// Messaging is conversations, messages, receipts and their reports.
	Messaging *messaging.Service
	// Social keeps friends, blocks, privacy settings, follows and the feed.
	Social *social.Service
	// Matchmaking keeps preferences, answers, likes, matches and reports of people.
	Matchmaking *matchmaking.Service
	// SpeedDating runs speed-dating events: tickets, timed rounds, votes.
	SpeedDating *speeddating.Service
	// Ticketing runs events with tickets, quotas, holds and check-in.
	Ticketing *ticketing.Service
	// Support runs tickets, FAQs, canned replies and the admins' console.
	Support *support.Service
	// Blog runs the writers' posts, their review and the public blog.
	Blog *blog.Service
	// Video keeps the video rooms of sessions and friends' calls.
	Video *video.Service
	// Notifications is the domain-event outbox and the notification centre.
	Notifications *notifications.Service
	// UserOnboarding is the user onboarding and the home's personalisation.
	UserOnboarding *useronboarding.Service
	// Airports answers the airport autocomplete from an index of the
	// airports table (serve syncs the table from the embedded dataset).
	Airports *airports.Service
	// Jobs is River with every module's workers and periodic chores (stale
	// card payments, gift-card expiry and mails, old keys, matured
	// earnings): serve starts it.
	Jobs *jobs.Client
	// Limits is the shared rate-limit store (its prune chore is in Jobs).
	Limits *ratelimit.Store
}

// New builds the application over an open database.
func New(cfg *config.Config, database *db.DB, opt Options) (*App, error) {
	clk := opt.Clock
	if clk == nil {
		clk = clock.System{}
	}
	log := opt.Logger
	if log == nil {
		log = slog.Default()
	}
	params := passwords.Default
	if opt.PasswordParams != nil {
		params = *opt.PasswordParams
	}
	enforcer, err := authz.New(policies.Model, policies.Policy)
	if err != nil {
		return nil, err
	}
	outbox := &mail.Outbox{DB: database, Clock: clk}
	var mailer mail.Mailer = outbox
	if cfg.SMTPURL != "" {
		if mailer, err = mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom); err != nil {
			return nil, err
		}
	}
	files, media, err := newStorage(cfg)
	if err != nil {
		return nil, err
	}
	hasher := passwords.NewHasher(params, cfg.HashConcurrency)
	imgs := images.NewProcessor(int64(cfg.ImageMemoryMB) << 20)
	tokens := authn.NewTokens(cfg.JWTSecret, cfg.AccessTTL, clk)
	// Idempotency records go through the relaxed pool: their commits need not
	// wait for the disk, because the money service's per-movement keys keep
	// a movement exactly-once even if a crash loses the record.
	relaxed, err := database.Relaxed()
	if err != nil {
		return nil, err
	}
	idem := idempotency.New(relaxed, clk, cfg.JWTSecret)
	ps := payments.NewPaystack(cfg, database, clk, log, opt.PaystackHTTP)
	travel := newTravelSupplier(cfg, database, clk, log, opt.DuffelHTTP)

	// The modules, each from exactly what it needs, in dependency order:
	// profiles' read side before accounts (which shows profiles inside users
	// and people), accounts (with the authenticator it feeds) before the
	// domains that look people up, payments before gift cards (which
	// register their payment hooks with it).
	// The realtime hub (WebSockets joined through NATS) exists before every
	// domain that pushes to users, accounts included (sign-out and
	// suspension end a user's sockets on every instance); the domain-event
	// emitter (the notifications outbox) comes right after accounts.
	// Rate limits are counted in the database, by every instance together.
	limits, err := ratelimit.NewStore(database, clk, log)
	if err != nil {
		return nil, err
	}
	hub, err := realtime.New(realtime.Config{DB: database, Clock: clk, Log: log, NATSURL: cfg.NATSURL,
		Prefix: cfg.NATSPrefix, Origin: httpx.PortalOrigin(cfg.PortalOrigin), Limits: limits})
	if err != nil {
		return nil, err
	}
	built := false
	defer func() {
		if !built {
			_ = hub.Close(context.Background())
		}
	}()
	var live realtime.Hub = hub
	auditLog, err := audit.New(audit.Config{DB: database, Clock: clk})
	if err != nil {
		return nil, err
	}
	profileReader := profiles.NewReader(database, clk)
	accountSvc, err := accounts.New(accounts.Config{DB: database, Clock: clk, Log: log, Mailer: mailer,
		Hasher: hasher, Tokens: tokens, Settings: cfg, Audit: auditLog, Profiles: profileReader, Revoker: hub,
		Limits: limits})
	if err != nil {
		return nil, err
	}
	// Every instance drops its cached auth state of a revoked user or
	// session, and checks that user's sockets against the accounts' state.
	hub.Attach(accountSvc, accountSvc.DropCached)
	auth := accountSvc.Authenticator()
	// River's insert-only client exists before every module that schedules
	// jobs (the notifications outbox first).
	inserter, err := jobs.NewInserter(database)
	if err != nil {
		return nil, err
	}
	// The domain-event outbox: every domain emits its notifications through
	// it inside the transaction of the change.
	notificationSvc, err := notifications.New(notifications.Config{DB: database, Clock: clk, Log: log,
		Jobs: inserter, Live: live, Directory: accountSvc, Mailer: mailer, Origins: cfg})
	if err != nil {
		return nil, err
	}
	var emitter events.Emitter = notificationSvc
	profileSvc, err := profiles.New(profiles.Config{DB: database, Clock: clk, Log: log, Storage: files,
		Reader: profileReader, Accounts: accountSvc, Images: imgs})
	if err != nil {
		return nil, err
	}
	roleSvc, err := roles.New(roles.Config{DB: database, Clock: clk, Log: log, Mailer: mailer,
		PortalOrigin: cfg.PortalOrigin, Audit: auditLog, Accounts: accountSvc, Profiles: profileSvc, Auth: auth,
		Events: emitter})
	if err != nil {
		return nil, err
	}
	moneySvc, err := money.New(money.Config{DB: database, Clock: clk, Log: log, Settings: cfg, Audit: auditLog})
	if err != nil {
		return nil, err
	}
	walletSvc, err := wallet.New(wallet.Config{Money: moneySvc, Clock: clk, Directory: accountSvc, Idempotency: idem,
		Limits: limits})
	if err != nil {
		return nil, err
	}
	paymentSvc, err := payments.New(payments.Config{DB: database, Clock: clk, Log: log, Settings: cfg,
		Money: moneySvc, Audit: auditLog, Directory: accountSvc, Paystack: ps, Idempotency: idem, Events: emitter})
	if err != nil {
		return nil, err
	}
	giftCardSvc, err := giftcards.New(giftcards.Config{DB: database, Clock: clk, Log: log, Mailer: mailer,
		Storage: files, Settings: cfg, Money: moneySvc, Audit: auditLog, Directory: accountSvc,
		Payments: paymentSvc, Idempotency: idem, Images: imgs, Limits: limits, Events: emitter, Members: accountSvc})
	if err != nil {
		return nil, err
	}
	practiceSvc, err := practice.New(practice.Config{DB: database, Clock: clk, Log: log, Storage: files,
		Images: imgs, Audit: auditLog, Directory: accountSvc})
	if err != nil {
		return nil, err
	}
	// Session packages (credits spent by bookings): after practice, before bookings.
	depositSvc, err := deposits.New(deposits.Config{DB: database, Clock: clk, Money: moneySvc, Jobs: inserter})
	if err != nil {
		return nil, err
	}
	packageSvc, err := packages.New(packages.Config{DB: database, Clock: clk, Log: log, Money: moneySvc,
		Practice: practiceSvc, Directory: accountSvc, Payments: paymentSvc, Jobs: inserter, Idempotency: idem})
	if err != nil {
		return nil, err
	}
	// The reviews' lookup needs only the database: bookings gets it, and
	// the reviews service, which builds on bookings, comes after.
	bookingSvc, err := bookings.New(bookings.Config{DB: database, Clock: clk, Log: log, Settings: cfg,
		Practice: practiceSvc, Money: moneySvc, Payments: paymentSvc, Jobs: inserter, Mailer: mailer,
		Directory: accountSvc, Idempotency: idem, Credits: packageSvc, Reviews: reviews.NewLookup(database),
		Audit: auditLog, Events: emitter})
	if err != nil {
		return nil, err
	}
	reviewSvc, err := reviews.New(reviews.Config{DB: database, Clock: clk, Log: log, Bookings: bookingSvc,
		Practice: practiceSvc, Directory: accountSvc, Audit: auditLog, Events: emitter})
	if err != nil {
		return nil, err
	}
	clientNoteSvc, err := clientnotes.New(clientnotes.Config{DB: database, Clock: clk, Log: log,
		Practice: practiceSvc, Bookings: bookingSvc, Audit: auditLog, Images: imgs})
	if err != nil {
		return nil, err
	}
	onboardingSvc, err := onboarding.New(onboarding.Config{DB: database, Clock: clk})
	if err != nil {
		return nil, err
	}
	tourSvc, err := tours.New(tours.Config{DB: database, Clock: clk, Log: log, Practice: practiceSvc,
		Slots: bookingSvc, Storage: files, Images: imgs, Audit: auditLog})
	if err != nil {
		return nil, err
	}
	// Each booking domain offers its bookings to trips through a small Source
	// (rentals' needs only the database and the companies' profiles, so trips
	// comes before the rentals service, which joins new rentals to trips).
	tripSvc, err := trips.New(trips.Config{DB: database, Clock: clk, Log: log, Sources: []trips.Source{
		rentals.NewTripSource(database, practiceSvc), tourSvc.TripSource(bookingSvc), bookingSvc.SessionSource(),
		stays.NewTripSource(database), flights.NewTripSource(database), ticketing.NewTripSource(database)}})
	if err != nil {
		return nil, err
	}
	rentalSvc, err := rentals.New(rentals.Config{DB: database, Clock: clk, Log: log, Storage: files, Images: imgs,
		Practice: practiceSvc, Money: moneySvc, Deposits: depositSvc, Jobs: inserter, Directory: accountSvc,
		Audit: auditLog, Idempotency: idem, Payments: paymentSvc, Reviews: reviewSvc,
		ReviewLookup: reviews.NewLookup(database), Trips: tripSvc})
	if err != nil {
		return nil, err
	}
	flightSvc, err := flights.New(flights.Config{DB: database, Clock: clk, Log: log, Supplier: travel.Client,
		Money: moneySvc, Payments: paymentSvc, Directory: accountSvc, Jobs: inserter, Mailer: mailer,
		Idempotency: idem, MarkupBPS: cfg.TravelMarkupBPS, WebhookSecret: travel.WebhookSecret,
		PortalOrigin: cfg.PortalOrigin("user"), Trips: tripSvc, Events: emitter})
	if err != nil {
		return nil, err
	}
	onboardingSvc.AddFlow(tourSvc.GuideFlow(practiceSvc, paymentSvc))
	auditView, err := audit.NewViewer(audit.ViewerConfig{Log: auditLog, Directory: auditPeople(accountSvc),
		Products: giftCardSvc})
	if err != nil {
		return nil, err
	}
	dealerSvc, err := dealers.New(dealers.Config{DB: database, Clock: clk, Log: log, Storage: files, Images: imgs,
		Audit: auditLog, Practice: practiceSvc, Bookings: bookingSvc, Deposits: depositSvc, Payments: paymentSvc,
		Directory: accountSvc, Jobs: inserter, Idempotency: idem})
	if err != nil {
		return nil, err
	}
	onboardingSvc.AddFlow(dealerSvc.OnboardingFlow(dealers.OnboardingDeps{Practice: practiceSvc, Payouts: paymentSvc}))
	staySvc, err := stays.New(stays.Config{DB: database, Clock: clk, Log: log, Supplier: travel.Client,
		Money: moneySvc, Payments: paymentSvc, Jobs: inserter, Directory: accountSvc, Idempotency: idem,
		MarkupBPS: cfg.TravelMarkupBPS, Trips: tripSvc})
	if err != nil {
		return nil, err
	}
	catalogSvc, err := catalog.New(catalog.Config{DB: database, Clock: clk, Log: log, Storage: files, Images: imgs,
		Audit: auditLog})
	if err != nil {
		return nil, err
	}
	onboardingSvc.AddFlow(catalogSvc.OnboardingFlow(paymentSvc))
	shopSvc, err := shop.New(shop.Config{DB: database, Clock: clk, Log: log, Catalog: catalogSvc, Money: moneySvc,
		Payments: paymentSvc, Directory: accountSvc, Audit: auditLog, Jobs: inserter, Idempotency: idem,
		Replies: shopreviews.NewReplyTimes(database), Events: emitter})
	if err != nil {
		return nil, err
	}
	shopReviewSvc, err := shopreviews.New(shopreviews.Config{DB: database, Clock: clk, Log: log, Shop: shopSvc,
		Catalog: catalogSvc, Directory: accountSvc, Storage: files, Images: imgs, Audit: auditLog, Events: emitter})
	if err != nil {
		return nil, err
	}
	wishlistSvc, err := wishlists.New(wishlists.Config{DB: database, Clock: clk, Log: log, Catalog: catalogSvc,
		Directory: accountSvc, Mailer: mailer, Origins: cfg})
	if err != nil {
		return nil, err
	}
	socialSvc, err := social.New(social.Config{DB: database, Clock: clk, Log: log, Directory: accountSvc,
		Storage: files, Images: imgs, Audit: auditLog, Events: emitter, Live: live,
		Companions: bookings.NewCompanions(database), Interests: profiles.NewInterests(database)})
	if err != nil {
		return nil, err
	}
	// The user onboarding (flow "user"): applied through profiles, the
	// notification preferences and social's privacy settings.
	userOnboardingSvc, err := useronboarding.New(useronboarding.Config{DB: database, Clock: clk,
		Onboarding: onboardingSvc, Profiles: profileSvc, Notifications: notificationSvc, Privacy: socialSvc})
	if err != nil {
		return nil, err
	}
	onboardingSvc.AddFlow(userOnboardingSvc.Flow())
	// Messaging: conversations about what other domains own, each described
	// by that domain's small Source (its own tables only); social's gate
	// decides who may message whom (blocks, privacy).
	messagingSvc, err := messaging.New(messaging.Config{DB: database, Clock: clk, Log: log, Directory: accountSvc,
		Gate: social.NewGate(database), Jobs: inserter, Images: imgs, Live: live, Events: emitter,
		Sources: []messaging.Source{shop.NewMessagingSource(database), bookings.NewMessagingSource(database),
			tours.NewMessagingSource(database), catalog.NewMessagingSource(database),
			dealers.NewMessagingSource(database), matchmaking.NewMessagingSource(database)}})
	if err != nil {
		return nil, err
	}
	// Video rooms: a room per therapy or coaching session (read through
	// bookings' SessionReader) and calls between friends; signalling and
	// lobby pushes over the realtime hub.
	videoSvc, err := video.New(video.Config{DB: database, Clock: clk, Log: log,
		Sessions: bookings.NewSessionReader(database), Directory: accountSvc, Live: live, Friends: social.NewGate(database),
		Twilio: video.Twilio{AccountSID: cfg.TwilioAccountSID, APIKey: cfg.TwilioAPIKey, APISecret: cfg.TwilioAPISecret}})
	if err != nil {
		return nil, err
	}
	airportSvc := airports.New(airports.Config{DB: database})
	// Matchmaking: blocks are social's (its gate), a match's conversation is
	// messaging's (about match:<id>, described by matchmaking's Source above).
	matchmakingSvc, err := matchmaking.New(matchmaking.Config{DB: database, Clock: clk, Log: log,
		Profiles: profileReader, Directory: accountSvc, Blocks: social.NewGate(database), Messaging: messagingSvc,
		Events: emitter, Audit: auditLog, Limits: limits, Places: airportSvc})
	if err != nil {
		return nil, err
	}
	// Speed dating: events run by admins; tickets through money and card
	// payments, who may meet whom and the matches through matchmaking, a
	// video room per date.
	speedSvc, err := speeddating.New(speeddating.Config{DB: database, Clock: clk, Log: log, Matchmaking: matchmakingSvc,
		Video: videoSvc, Money: moneySvc, Payments: paymentSvc, Directory: accountSvc, Profiles: profileReader,
		Audit: auditLog, Jobs: inserter, Live: live, Events: emitter, Idempotency: idem})
	if err != nil {
		return nil, err
	}
	// Events with tickets: organised by Sojourn (admins) or providers; paid
	// through money, joined to trips; QR codes signed with a key derived
	// from the server secret.
	ticketSvc, err := ticketing.New(ticketing.Config{DB: database, Clock: clk, Log: log, Money: moneySvc,
		Directory: accountSvc, Jobs: inserter, Trips: tripSvc, Idempotency: idem, Secret: cfg.JWTSecret})
	if err != nil {
		return nil, err
	}
	// Support: tickets from every portal about the person's own items (each
	// kind answered by its owning domain's service), the admins' console;
	// the contact form's messages arrive as tickets.
	supportSvc, err := support.New(support.Config{DB: database, Clock: clk, Log: log, Audit: auditLog, Events: emitter,
		People: supportPeople{accountSvc}, Linkables: []support.Linkable{shopOrders{shopSvc}}})
	if err != nil {
		return nil, err
	}
	contactSvc, err := contact.New(contact.Config{DB: database, Clock: clk, Limits: limits, Tickets: contactTickets{supportSvc}})
	if err != nil {
		return nil, err
	}
	// The blog: writers' posts reviewed by admins, published by blog.publish
	// at an approved time; its post pages' heads filled by the portal server.
	blogSvc, err := blog.New(blog.Config{DB: database, Clock: clk, Log: log, Directory: accountSvc, Jobs: inserter})
	if err != nil {
		return nil, err
	}
	// The grid across the inventory: one Source per kind (a new kind, such
	// as stays, is one more line here).
	discoverySvc, err := discovery.New(discovery.Config{Sources: []discovery.Source{
		discovery.Tours(tourSvc),
		discovery.RentalCars(rentalSvc),
		discovery.CarsForSale(dealerSvc),
		discovery.Practitioners(practiceSvc, practice.KindTherapist),
		discovery.Practitioners(practiceSvc, practice.KindCoach),
		discovery.Stays(staySvc, clk.Now),
	}})
	if err != nil {
		return nil, err
	}
	modules := []Module{hub, airportSvc, discoverySvc, accountSvc, profileSvc, roleSvc, contactSvc, auditView, walletSvc, paymentSvc, giftCardSvc,
		practiceSvc, packageSvc, bookingSvc, reviewSvc, clientNoteSvc, onboardingSvc, tourSvc,
		dealerSvc, rentalSvc, tripSvc, staySvc, flightSvc, catalogSvc, shopSvc, shopReviewSvc, wishlistSvc, socialSvc,
		messagingSvc, videoSvc, notificationSvc, matchmakingSvc, speedSvc, ticketSvc, userOnboardingSvc, supportSvc, blogSvc}

	f := fiber.New(fiber.Config{
		AppName:      "sojourn",
		ErrorHandler: httpx.ErrorHandler(log),
		JSONEncoder:  httpx.MarshalJSON,
		BodyLimit:    6 << 20, // avatars; JSON bodies are held to 1 MB by httpx.Decode
		ReadTimeout:  30 * time.Second,
		WriteTimeout: 60 * time.Second,
		IdleTimeout:  120 * time.Second,
		TrustProxy:   cfg.TrustProxy,
		ProxyHeader:  proxyHeader(cfg),
		TrustProxyConfig: fiber.TrustProxyConfig{
			Proxies: cfg.TrustedProxies, Loopback: true, Private: true,
		},
	})
	f.Use(httpx.ClientIP(httpx.NewTrust(cfg.TrustedProxies)))
	f.Use(requestid.New(requestid.Config{Generator: ids.New}))
	f.Use(httpx.Recover(log))
	f.Use(httpx.AccessLog(log))
	f.Use(httpx.SecurityHeaders(cfg.Production()))
	f.Use("/api", cors.New(cors.Config{
		AllowOriginsFunc: httpx.PortalOrigin(cfg.PortalOrigin),
		AllowMethods:     []string{"GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"},
		AllowHeaders:     []string{"Authorization", "Content-Type", "Idempotency-Key", "X-Request-ID"},
		ExposeHeaders:    []string{"X-Request-ID", "Retry-After"},
		MaxAge:           600,
	}))

	f.Get("/healthz", func(c fiber.Ctx) error { return c.JSON(fiber.Map{"status": "ok"}) })
	f.Get("/readyz", func(c fiber.Ctx) error {
		ctx, cancel := context.WithTimeout(c.Context(), 2*time.Second)
		defer cancel()
		if err := database.PingContext(ctx); err != nil {
			return apperr.Wrap(apperr.CodeUnavailable, "The database is not reachable.", err)
		}
		return c.JSON(fiber.Map{"status": "ready"})
	})

	api := f.Group("/api", auth.Authenticate())
	accountSvc.RegisterAuth(api.Group("/auth", httpx.CleanQuery))
	v1 := httpx.Router{R: api.Group("/v1"), Guard: enforcer.Guard()}
	// Routes, and the background jobs each module owns (money and the
	// idempotency keys have jobs but no routes of their own). River starts
	// in serve; tests drive the chores with Sweep.
	reg := jobs.NewRegistry()
	for _, m := range modules {
		m.Register(v1)
		if j, ok := m.(JobOwner); ok {
			j.RegisterJobs(reg)
		}
	}
	for _, o := range []JobOwner{idem, moneySvc, depositSvc, limits} {
		o.RegisterJobs(reg)
	}
	jobsClient, err := jobs.New(jobs.Config{DB: database, Logger: log, Registry: reg})
	if err != nil {
		return nil, err
	}
	api.Use(httpx.NotFoundAPI)

	if ps.Sandbox != nil {
		ps.Sandbox.Register(f.Group(payments.SandboxMount))
	}
	if travel.Sandbox != nil {
		travel.Sandbox.Register(f.Group(duffel.SandboxMount))
	}
	f.Get(mediaPrefix+"/*", media)
	// The development outbox lists live sign-in links: it answers only a
	// client on this machine (the connection's own peer, whatever
	// X-Forwarded-For says), and never in production.
	f.Get("/_dev/outbox", func(c fiber.Ctx) error {
		if cfg.Production() || !c.IsFromLocal() {
			return apperr.Wrap(apperr.CodeNotFound, "No route matches GET /_dev/outbox", fiber.ErrNotFound)
		}
		ms, err := outbox.List(c.Context(), c.Query("to"), 50)
		if err != nil {
			return err
		}
		if ms == nil {
			ms = []mail.OutboxMessage{}
		}
		return c.JSON(fiber.Map{"data": ms})
	})
	blogSvc.Feeds(f, cfg.PortalOrigin("user"))
	portals.New(cfg, log).WithHeads(blogSvc.Head).Register(f)

	pf := &Platform{Config: cfg, Log: log, DB: database, Clock: clk, Mailer: mailer, Storage: files, Hasher: hasher,
		Tokens: tokens, Auth: auth, Authz: enforcer}
	built = true
	return &App{Fiber: f, Deps: pf, Realtime: hub, Accounts: accountSvc, Profiles: profileSvc, Roles: roleSvc,
		Audit: auditLog, Outbox: outbox, Money: moneySvc, Idempotency: idem,
		Payments: paymentSvc, PaystackSandbox: ps.Sandbox, DuffelSandbox: travel.Sandbox, GiftCards: giftCardSvc, Contact: contactSvc, Practice: practiceSvc,
		Packages: packageSvc, Deposits: depositSvc, Onboarding: onboardingSvc, Bookings: bookingSvc, Reviews: reviewSvc, ClientNotes: clientNoteSvc, Tours: tourSvc, Dealers: dealerSvc, Airports: airportSvc, Rentals: rentalSvc, Stays: staySvc,
		Trips: tripSvc, Flights: flightSvc, Catalog: catalogSvc, Shop: shopSvc, ShopReviews: shopReviewSvc, Wishlists: wishlistSvc, Social: socialSvc, Matchmaking: matchmakingSvc, SpeedDating: speedSvc, Blog: blogSvc, Ticketing: ticketSvc, Support: supportSvc, Messaging: messagingSvc, Video: videoSvc, Notifications: notificationSvc, UserOnboarding: userOnboardingSvc, Jobs: jobsClient, Limits: limits}, nil
}

// proxyHeader: behind a trusted proxy, c.IP() reads the client address the
// ClientIP middleware took from X-Forwarded-For (the right-most address that
// is not one of our proxies), never the raw header.
func proxyHeader(cfg *config.Config) string {
	if cfg.TrustProxy {
		return httpx.ClientIPHeader
	}
	return ""
}

// Describe is a one-line summary for the startup log.
func Describe(cfg *config.Config, d *db.DB) string {
	storage := "local"
	if cfg.Storage == "s3" {
		storage = "s3://" + cfg.S3.Endpoint + "/" + cfg.S3.Bucket
	}
	return fmt.Sprintf("env=%s db=%s addr=%s base_domain=%s storage=%s", cfg.Env, d.Kind, cfg.Addr, cfg.BaseDomain, storage)
}
