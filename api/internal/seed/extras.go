package seed

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"sojourn/api/internal/app"
	"sojourn/api/internal/bookings"
	"sojourn/api/internal/clientnotes"
	"sojourn/api/internal/packages"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/practice"
	"sojourn/api/internal/reviews"
)

// DemoPackage is a demo bundle of sessions of a provider's first offering.
type DemoPackage struct {
	Email, Kind, Title, Description string
	Sessions, ValidDays, OffPct     int
}

// DemoPackages are sold by the demo therapist and coach and a few of the
// demo practitioners.
var DemoPackages = []DemoPackage{
	{Email: "therapist@example.com", Kind: "therapist", Title: "Four sessions for anxiety",
		Description: "A month of weekly sessions to understand your anxiety and practise CBT tools between them.",
		Sessions:    4, ValidDays: 60, OffPct: 15},
	{Email: "therapist@example.com", Kind: "therapist", Title: "Burnout recovery: eight sessions",
		Description: "Two months of fortnightly and then weekly sessions to rebuild rest, boundaries and energy.",
		Sessions:    8, ValidDays: 120, OffPct: 20},
	{Email: "coach@example.com", Kind: "coach", Title: "First-time manager programme",
		Description: "Six coaching sessions over three months for your first leadership role: delegation, feedback, hard conversations.",
		Sessions:    6, ValidDays: 90, OffPct: 20},
	{Email: "folake.adeyemi@example.com", Kind: "therapist", Title: "Five sessions",
		Description: "Five sessions at a lower rate, to use within ten weeks.", Sessions: 5, ValidDays: 70, OffPct: 10},
	{Email: "chiamaka.eze@example.com", Kind: "coach", Title: "Career change sprint",
		Description: "Four focused sessions in six weeks: clarify the move, shape your story, prepare the applications.",
		Sessions:    4, ValidDays: 42, OffPct: 15},
	{Email: "david.mwangi@example.com", Kind: "coach", Title: "Ten-session leadership journey",
		Description: "Ten sessions over five months, with a check-in plan after each one.", Sessions: 10, ValidDays: 150,
		OffPct: 25},
}

// demoPackages creates the demo packages their providers do not have yet
// (matched by title), and the demo user buys the first one they can pay
// for from their wallet. It answers how many packages it created.
func demoPackages(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	made := 0
	var sold []packages.Package
	for _, d := range DemoPackages {
		userID, err := userIDOf(ctx, a, ids, d.Email)
		if err != nil || userID == "" {
			continue // a provider this seed did not make
		}
		own, err := a.Packages.Own(ctx, userID, "")
		if err != nil {
			return made, err
		}
		var found *packages.Package
		for i := range own {
			if own[i].Title == d.Title {
				found = &own[i]
			}
		}
		if found == nil {
			offs, err := a.Practice.MyOfferings(ctx, userID, d.Kind)
			if err != nil {
				return made, err
			}
			var pick string
			var price int64
			for _, o := range offs {
				if o.Active && o.Capacity == 1 && o.Price.Amount > 0 {
					pick, price = o.ID, o.Price.Amount
					break
				}
			}
			if pick == "" {
				continue
			}
			total := int64(d.Sessions) * price * int64(100-d.OffPct) / 100
			total -= total % 100 // whole units of the currency
			p, err := a.Packages.Create(ctx, userID, packages.PackageInput{OfferingID: pick, Title: d.Title,
				Description: d.Description, Sessions: d.Sessions, ValidDays: d.ValidDays, Price: total})
			if err != nil {
				return made, fmt.Errorf("package %q: %w", d.Title, err)
			}
			made++
			found = &p
		}
		sold = append(sold, *found)
	}
	buyer := ids["user@example.com"]
	for _, p := range sold {
		_, err := a.Packages.Buy(ctx, buyer, p.ID, "demo-package:"+p.ID, "", packages.PurchaseInput{PayWith: packages.PayWallet})
		if err == nil {
			break
		}
		if !apperr.Is(err, apperr.CodeInsufficientFunds) && !apperr.Is(err, apperr.CodeConflict) {
			return made, fmt.Errorf("demo purchase of %q: %w", p.Title, err)
		}
	}
	return made, nil
}

// userIDOf is a demo account's id (from this run, or looked up).
func userIDOf(ctx context.Context, a *app.App, ids map[string]string, email string) (string, error) {
	if id := ids[email]; id != "" {
		return id, nil
	}
	p, err := a.Accounts.FindByHandle(ctx, email)
	if err != nil {
		return "", err
	}
	return p.ID, nil
}

// ReviewTexts are the demo reviews, used in turn on the demo providers'
// completed sessions (ratings vary with them).
var ReviewTexts = []reviews.ReviewInput{
	{Rating: 5, Text: "I arrived overwhelmed and left with a plan I could actually follow. Warm, direct and never rushed."},
	{Rating: 4, Text: "Very helpful session. The breathing exercise has become part of my mornings. The video link dropped once."},
	{Rating: 5, Text: "Third session now and I can feel the difference at work: fewer spirals, better sleep."},
	{Rating: 3, Text: "Good listener, but I wanted more concrete steps to take away. We agreed to try that next time."},
	{Rating: 5, Text: "Practical, kind and well prepared. Remembered everything from our last conversation."},
	{Rating: 4, Text: "Clear frameworks for the conversations I had been avoiding with my team. Worth it."},
	{Rating: 2, Text: "The session started fifteen minutes late and felt hurried. The advice itself was sensible."},
}

// demoReviews reviews the demo providers' completed sessions that have no
// review yet (the bookings demo data makes them), one text after another,
// replies to the first and reports one for the admin queue. The demo
// user's latest completed session with each provider is left unreviewed,
// so the user portal's review form has something to review. It answers
// how many reviews it wrote.
func demoReviews(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	made, n := 0, 0
	reported := false
	demoUser, err := userIDOf(ctx, a, ids, "user@example.com")
	if err != nil {
		return 0, err
	}
	type practiceOf struct{ email, kind string }
	all := []practiceOf{{"therapist@example.com", practice.KindTherapist}, {"coach@example.com", practice.KindCoach}}
	for _, p := range Practitioners {
		all = append(all, practiceOf{p.Email, p.Kind})
	}
	for _, pr := range all {
		providerUser, err := userIDOf(ctx, a, ids, pr.email)
		if err != nil {
			continue // a provider this seed did not make
		}
		rows, _, err := a.Bookings.Appointments(ctx, providerUser, pr.kind, bookings.ListFilter{Group: bookings.GroupPast},
			page.Cursor{Limit: page.MaxLimit})
		if errors.Is(err, bookings.ErrNotProvider) {
			continue // a practice this seed did not make
		}
		if err != nil {
			return made, err
		}
		leftForUser := false
		for _, b := range rows { // newest first
			if b.Status != bookings.StatusCompleted {
				continue
			}
			if b.UserID == demoUser && !leftForUser {
				leftForUser = true
				continue
			}
			in := ReviewTexts[n%len(ReviewTexts)]
			n++
			var r reviews.Review
			err := writtenAt(a, daysAfter(b.EndAt, n), func() (err error) {
				r, err = a.Reviews.Create(ctx, b.UserID, b.ID, in)
				return err
			})
			if apperr.Is(err, apperr.CodeConflict) {
				continue // reviewed already, or past its window
			}
			if err != nil {
				return made, fmt.Errorf("review of %s: %w", b.ID, err)
			}
			made++
			if made == 1 {
				if err := writtenAt(a, daysAfter(b.EndAt, n).Add(20*time.Hour), func() error {
					_, err := a.Reviews.Reply(ctx, providerUser, r.ID, reviews.ReplyInput{
						Text: "Thank you for the kind words, and for the work you put in between sessions."})
					return err
				}); err != nil {
					return made, err
				}
			}
			if !reported && in.Rating <= 3 {
				reporter := ids["affiliate@example.com"]
				if err := a.Reviews.Report(ctx, reporter, r.ID, reviews.ReportInput{
					Reason: "This mentions the provider's personal life, which has nothing to do with the session."}); err == nil {
					reported = true
				}
			}
		}
	}
	return made, nil
}

// DemoNotes are the demo therapist's session notes, one per client in turn.
var DemoNotes = []clientnotes.NoteInput{
	{Subjective: str("Reports racing thoughts at night and dread on Sunday evenings; sleep around five hours."),
		Objective:  str("Alert, engaged; speech slightly pressured when describing work."),
		Assessment: str("Generalised anxiety with work-related triggers; no risk indicators."),
		Plan:       str("Sleep diary for two weeks; introduce thought record; review in next session.")},
	{Subjective: str("Feels flat since the promotion; stopped running; weekends spent catching up on email."),
		Objective:  str("Low energy, good insight, tearful when discussing family time."),
		Assessment: str("Burnout pattern: high demands, low recovery."),
		Plan:       str("Agree two protected evenings a week; values exercise as homework.")},
	{Text: str("Brief check-in: the sleep routine is holding. Next session: relapse plan for exam season.")},
}

func str(s string) *string { return &s }

// demoNotes writes a note about each of the demo therapist's first clients
// who has none from them yet. It answers how many notes it wrote.
func demoNotes(ctx context.Context, a *app.App, ids map[string]string) (int, error) {
	therapist := ids["therapist@example.com"]
	clients, _, err := a.Bookings.Clients(ctx, therapist, practice.KindTherapist, "", page.Cursor{Limit: len(DemoNotes)})
	if errors.Is(err, bookings.ErrNotProvider) {
		return 0, nil // no demo therapy practice
	}
	if err != nil {
		return 0, err
	}
	made := 0
	for i, c := range clients {
		have, _, err := a.ClientNotes.Notes(ctx, therapist, "seed", c.UserID, page.Cursor{Limit: 1})
		if err != nil && !errors.Is(err, clientnotes.ErrClientNotFound) {
			return made, err
		}
		if len(have) > 0 || err != nil {
			continue
		}
		if _, err := a.ClientNotes.CreateNote(ctx, therapist, "seed", c.UserID, DemoNotes[i%len(DemoNotes)]); err != nil {
			return made, fmt.Errorf("note about %s: %w", c.UserID, err)
		}
		made++
	}
	return made, nil
}

// extrasDemo runs the packages, reviews and notes demo data and reports.
func extrasDemo(ctx context.Context, a *app.App, ids map[string]string) (string, error) {
	var b strings.Builder
	pk, err := demoPackages(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo packages: %w", err)
	}
	fmt.Fprintf(&b, "demo packages: %d created\n", pk)
	rv, err := demoReviews(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo reviews: %w", err)
	}
	fmt.Fprintf(&b, "demo reviews: %d written\n", rv)
	nt, err := demoNotes(ctx, a, ids)
	if err != nil {
		return "", fmt.Errorf("demo notes: %w", err)
	}
	fmt.Fprintf(&b, "demo session notes: %d written\n", nt)
	return b.String(), nil
}
