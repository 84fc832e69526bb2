package roles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sojourn/api/internal/accounts"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/events"
	"sojourn/api/internal/platform/httpx"
	"sojourn/api/internal/platform/page"
	"sojourn/api/internal/platform/roledef"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"sojourn/api/internal/audit"
	"sojourn/api/internal/platform/apperr"
	"sojourn/api/internal/platform/ids"
	"sojourn/api/internal/platform/mail"
)

// Accounts is what role applications need from the accounts domain
// (accounts.Service): granting a role inside the approval's transaction,
// and the people who applied.
type Accounts interface {
	GrantRole(ctx context.Context, db bun.IDB, actorID, userID, role string) error
	Lookup(ctx context.Context, ids []string) (map[string]accounts.Person, error)
}

// Profiles is what approval needs from the profiles domain
// (profiles.Service): filling the empty profile fields from what the
// application collected, inside the approval's transaction, and dropping the
// cached profile once it commits.
type Profiles interface {
	Prefill(ctx context.Context, db bun.IDB, userID string, details map[string]any) error
	DropCached(userID string)
}

// Invalidator drops the authenticator's cached state of a user
// (authn.Authenticator).
type Invalidator interface {
	Invalidate(userID string)
}

// Statuses of an application.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// maxDetailsBytes bounds the serialised details object.
const maxDetailsBytes = 8 << 10

// Config is what the roles module needs.
type Config struct {
	DB     *db.DB
	Clock  clock.Clock
	Log    *slog.Logger // nil: slog.Default()
	Mailer mail.Mailer
	// PortalOrigin is the origin of a portal, for the link in the decision
	// mail (config.Config.PortalOrigin).
	PortalOrigin func(portal string) string
	Audit        *audit.Log
	Accounts     Accounts
	Profiles     Profiles
	Auth         Invalidator
	// Events tells the applicant the decision in-app and by email, in the
	// deciding transaction; nil: the decision is mailed directly instead.
	Events events.Emitter
}

// Service holds the role-application rules.
type Service struct {
	c   Config
	st  *store
	log *slog.Logger
}

// New makes the module.
func New(c Config) (*Service, error) {
	if c.DB == nil || c.Clock == nil || c.Mailer == nil || c.PortalOrigin == nil || c.Audit == nil ||
		c.Accounts == nil || c.Profiles == nil || c.Auth == nil {
		return nil, errors.New("roles: Config needs DB, Clock, Mailer, PortalOrigin, Audit, Accounts, Profiles and Auth")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	return &Service{c: c, st: &store{db: c.DB}, log: c.Log}, nil
}

// Register mounts the role-application routes under /api/v1.
func (s *Service) Register(r httpx.Router) { (&Handler{s: s}).routes(r) }

// applicable is the message listing the roles one may apply for.
func applicable() string { return "must be one of " + strings.Join(roledef.ApplicableNames(), ", ") }

// Validate trims the input and reports every bad field; it returns the
// serialised details.
func (in *ApplyInput) Validate() (string, error) {
	in.Role = strings.TrimSpace(in.Role)
	f := apperr.Fields{}
	switch {
	case in.Role == "":
		f.Add("role", "is required")
	case in.Role == roledef.Admin || in.Role == roledef.User:
		f.Add("role", "cannot be applied for")
	case !slices.Contains(roledef.ApplicableNames(), in.Role):
		f.Add("role", applicable())
	}
	details := "{}"
	if in.Details != nil {
		b, err := json.Marshal(in.Details)
		if err != nil {
			f.Add("details", "must be a JSON object")
		} else if len(b) > maxDetailsBytes {
			f.Add("details", "must be at most 8 KB")
		} else {
			details = string(b)
		}
	}
	return details, f.Err()
}

// Apply files a pending application of userID, who holds the roles held, for
// in.Role. Holding the role already, or having a pending application for it,
// is a conflict.
func (s *Service) Apply(ctx context.Context, userID string, held []string, in ApplyInput) (Application, error) {
	details, err := in.Validate()
	if err != nil {
		return Application{}, err
	}
	if slices.Contains(held, in.Role) {
		return Application{}, errAlreadyHeld
	}
	r := &applicationRow{ID: ids.New(), UserID: userID, Role: in.Role, Details: details, Status: StatusPending,
		CreatedAt: s.c.Clock.Now()}
	if err := s.st.insert(ctx, r); err != nil {
		if errors.Is(err, apperr.ErrConflict) {
			return Application{}, errAlreadyPending
		}
		return Application{}, err
	}
	return toApplication(r), nil
}

// Mine is a page of the user's own applications, newest first.
func (s *Service) Mine(ctx context.Context, userID string, p page.Page) ([]Application, int, error) {
	rows, total, err := s.st.listMine(ctx, userID, p)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Application, 0, len(rows))
	for i := range rows {
		out = append(out, toApplication(&rows[i]))
	}
	return out, total, nil
}

// Validate checks the admin queue's filter.
func (f *Filter) Validate() error {
	fs := apperr.Fields{}
	fs.Check(f.Status == "" || f.Status == StatusPending || f.Status == StatusApproved || f.Status == StatusRejected,
		"status", "must be pending, approved or rejected")
	fs.Check(f.Role == "" || slices.Contains(roledef.ApplicableNames(), f.Role), "role", applicable())
	fs.Check(f.UserID == "" || ids.Valid(f.UserID), "user_id", "must be a user id")
	return fs.Err()
}

// List is a page of the admin queue, oldest first, each with its applicant.
func (s *Service) List(ctx context.Context, f Filter, p page.Page) ([]Application, int, error) {
	if err := f.Validate(); err != nil {
		return nil, 0, err
	}
	rows, total, err := s.st.list(ctx, f, p)
	if err != nil {
		return nil, 0, err
	}
	var uids []string
	for _, r := range rows {
		if !slices.Contains(uids, r.UserID) {
			uids = append(uids, r.UserID)
		}
	}
	people, err := s.c.Accounts.Lookup(ctx, uids)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Application, 0, len(rows))
	for i := range rows {
		a := toApplication(&rows[i])
		u := people[a.UserID]
		a.Applicant = &Applicant{ID: a.UserID, Email: u.Email, Username: u.Username}
		out = append(out, a)
	}
	return out, total, nil
}

// Approve marks a pending application approved and grants its role, in one
// transaction with the audit entry; only one of several concurrent deciders
// wins, the others get a conflict. The applicant is emailed afterwards.
func (s *Service) Approve(ctx context.Context, actorID, id, ip string) (Application, error) {
	a, err := s.decide(ctx, actorID, id, StatusApproved, "", ip)
	if err != nil {
		return Application{}, err
	}
	s.notify(ctx, a)
	return a, nil
}

// Reject marks a pending application rejected with a reason (3-500 characters).
func (s *Service) Reject(ctx context.Context, actorID, id string, in RejectInput, ip string) (Application, error) {
	reason := strings.TrimSpace(in.Reason)
	n := utf8.RuneCountInString(reason)
	if n < 3 || n > 500 {
		return Application{}, apperr.Validation(map[string]string{"reason": "must be 3-500 characters"})
	}
	a, err := s.decide(ctx, actorID, id, StatusRejected, reason, ip)
	if err != nil {
		return Application{}, err
	}
	s.notify(ctx, a)
	return a, nil
}

func (s *Service) decide(ctx context.Context, actorID, id, status, reason, ip string) (Application, error) {
	var out Application
	err := s.c.DB.InTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		won, err := s.st.decide(ctx, tx, id, status, reason, actorID, s.c.Clock.Now())
		if err != nil {
			return err
		}
		r, err := s.st.get(ctx, tx, id)
		if errors.Is(err, apperr.ErrNotFound) {
			return errNotFound
		}
		if err != nil {
			return err
		}
		if !won {
			return errDecided
		}
		action := "role_application.reject"
		if status == StatusApproved {
			action = "role_application.approve"
			if err := s.c.Accounts.GrantRole(ctx, tx, actorID, r.UserID, r.Role); err != nil {
				return err
			}
			// What the application collected (a business name, a licence, specialties) fills the
			// profile's empty fields, so the new provider is not asked for it again.
			var collected map[string]any
			if err := json.Unmarshal([]byte(r.Details), &collected); err == nil && len(collected) > 0 {
				if err := s.c.Profiles.Prefill(ctx, tx, r.UserID, collected); err != nil {
					return fmt.Errorf("prefill profile: %w", err)
				}
			}
		}
		details := map[string]any{"user_id": r.UserID, "role": r.Role}
		if reason != "" {
			details["reason"] = reason
		}
		if err := s.c.Audit.Record(ctx, tx, audit.Event{ActorID: actorID, Action: action,
			TargetType: "role_application", TargetID: r.ID, SubjectID: r.UserID, Details: details, IP: ip}); err != nil {
			return err
		}
		out = toApplication(r)
		if s.c.Events != nil {
			return s.c.Events.Emit(ctx, tx, decisionEvent(out))
		}
		return nil
	})
	if err == nil && status == StatusApproved {
		// Drop the cached roles again now the grant is committed, so no request
		// that ran during the transaction can keep the old roles cached.
		s.c.Auth.Invalidate(out.UserID)
		s.c.Profiles.DropCached(out.UserID)
	}
	return out, err
}

// notify emails the applicant the decision. The decision is already
// committed, so a mail failure is logged, not returned.
func (s *Service) notify(ctx context.Context, a Application) {
	if s.c.Events != nil {
		return // told through the outbox with the decision
	}
	people, err := s.c.Accounts.Lookup(ctx, []string{a.UserID})
	if err != nil || people[a.UserID].Email == "" {
		s.log.Warn("role application mail: applicant not found", "application_id", a.ID)
		return
	}
	u := people[a.UserID]
	r, _ := roledef.Get(a.Role)
	if err := s.c.Mailer.Send(ctx, decisionMail(s.c.PortalOrigin(r.Portal), u, a)); err != nil {
		s.log.Warn("role application mail failed", "application_id", a.ID, "error", err.Error())
	}
}

// decisionEvent is the decision as a notification (account category:
// always in-app, and emailed).
func decisionEvent(a Application) events.Event {
	label := strings.ToLower(roledef.Label(a.Role))
	r, _ := roledef.Get(a.Role)
	e := events.Event{Category: events.CategoryAccount, Recipients: []string{a.UserID},
		Subject: events.Ref{Type: "role_application", ID: a.ID}, Email: true}
	if a.Status == StatusApproved {
		e.Type, e.Title = "role.approved", "Your "+label+" application was approved"
		e.Body, e.Portal, e.Link = "Your new portal is ready. Welcome aboard!", r.Portal, "/"
	} else {
		e.Type, e.Title = "role.rejected", "Your "+label+" application was not approved"
		e.Body = "Reason: " + a.Reason + ". You are welcome to apply again once this is addressed."
		e.Portal, e.Link = "user", "/user-settings"
	}
	return e
}

func decisionMail(portal string, u accounts.Person, a Application) mail.Message {
	label := strings.ToLower(roledef.Label(a.Role))
	if a.Status == StatusApproved {
		return mail.Message{To: u.Email, Subject: "Your " + label + " application was approved",
			Text: fmt.Sprintf("Hello %s,\n\nGood news: your application to join Sojourn as a %s was approved.\n"+
				"Your new portal is ready at %s\n\nWelcome aboard,\nThe Sojourn team\n", u.Username, label, portal)}
	}
	return mail.Message{To: u.Email, Subject: "Your " + label + " application was not approved",
		Text: fmt.Sprintf("Hello %s,\n\nThank you for applying to join Sojourn as a %s. We could not approve "+
			"your application this time.\n\nReason: %s\n\nYou are welcome to apply again once this is addressed.\n"+
			"The Sojourn team\n", u.Username, label, a.Reason)}
}
