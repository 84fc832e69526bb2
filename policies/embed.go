// Package policies embeds the casbin model and policy of the API.
package policies

import _ "embed"

// Model is model.conf.
//
//go:embed model.conf
var Model string

// Policy is policy.csv.
//
//go:embed policy.csv
var Policy string
