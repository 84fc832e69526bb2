package practice

import "strings"

// tagValue is how a specialty or language is stored for filtering: trimmed
// and lower-case, so "Anxiety" and "anxiety " match.
func tagValue(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
