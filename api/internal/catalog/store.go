package catalog

import (
	"sojourn/api/internal/platform/db"
)

// store holds the catalogue's queries; it is the only dialect-aware place.
type store struct {
	db *db.DB
}

func (st store) postgres() bool { return st.db.Kind == db.Postgres }
