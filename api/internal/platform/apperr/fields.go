package apperr

// Fields collects per-field validation messages.
type Fields map[string]string

// Add records msg for field unless the field already has one.
func (f Fields) Add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Check adds msg when cond is false.
func (f Fields) Check(cond bool, field, msg string) {
	if !cond {
		f.Add(field, msg)
	}
}

// Err is nil when nothing was recorded, else a validation error.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Validation(f)
}
