package app

import (
	"context"

	"sojourn/api/internal/accounts"
	"sojourn/api/internal/audit"
)

// auditPeople is the accounts directory as the audit log asks for it.
func auditPeople(a *accounts.Service) audit.Directory {
	return audit.DirectoryFunc(func(ctx context.Context, ids []string) (map[string]audit.Person, error) {
		m, err := a.Lookup(ctx, ids)
		if err != nil {
			return nil, err
		}
		out := make(map[string]audit.Person, len(m))
		for id, p := range m {
			out[id] = audit.Person{ID: p.ID, Username: p.Username, DisplayName: p.DisplayName, Email: p.Email}
		}
		return out, nil
	})
}
