package practice

import (
	"encoding/json"
	"errors"
	"strings"
)

// tagValue is how a specialty or language is stored for filtering: trimmed
// and lower-case, so "Anxiety" and "anxiety " match.
func tagValue(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func encodeJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// IsNotFoundErr reports whether err is one of the package's not-found errors.
func IsNotFoundErr(err error) bool { return errors.Is(err, ErrNotFound) }
