// Package platform bundles the domain-free building blocks that every domain
// service and handler is built from.
package platform

import (
	"log/slog"

	"sojourn/api/internal/platform/authn"
	"sojourn/api/internal/platform/authz"
	"sojourn/api/internal/platform/clock"
	"sojourn/api/internal/platform/config"
	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/mail"
	"sojourn/api/internal/platform/passwords"
	"sojourn/api/internal/platform/storage"
)

// Deps is what app wiring hands to each domain.
type Deps struct {
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
