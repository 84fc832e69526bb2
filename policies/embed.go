// Package policies embeds the casbin model and the route policy of the API.
// The policy is written one file per domain (<domain>.csv, named like the
// domain's Go package and its contract part api/contract/<domain>.yaml);
// _base.csv holds the role groups and the admin-only rule.
package policies

import (
	"embed"
	"io/fs"
	"strings"
)

// Model is model.conf.
//
//go:embed model.conf
var Model string

//go:embed *.csv
var files embed.FS

// Part is one policy file.
type Part struct {
	Name string // file name, e.g. "wallet.csv"
	Text string
}

// Parts are the policy files in file-name order (_base.csv first).
func Parts() []Part {
	entries, err := fs.ReadDir(files, ".") // sorted by name
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	parts := make([]Part, 0, len(entries))
	for _, e := range entries {
		b, err := fs.ReadFile(files, e.Name())
		if err != nil {
			panic(err)
		}
		parts = append(parts, Part{Name: e.Name(), Text: string(b)})
	}
	return parts
}

// Policy is every policy file, concatenated in file-name order.
var Policy = func() string {
	var b strings.Builder
	for _, p := range Parts() {
		b.WriteString(p.Text)
		if !strings.HasSuffix(p.Text, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}()
