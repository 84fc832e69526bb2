// Package migrations embeds the SQL migrations of both dialects. Each folder
// holds the same numbered names and must yield the same schema.
package migrations

import "embed"

// Postgres holds migrations/postgres.
//
//go:embed postgres/*.sql
var Postgres embed.FS

// SQLite holds migrations/sqlite.
//
//go:embed sqlite/*.sql
var SQLite embed.FS
