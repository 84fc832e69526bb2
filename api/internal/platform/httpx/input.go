package httpx

import (
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
)

// Text arriving from outside never carries control characters: a NUL byte
// makes PostgreSQL refuse the statement (and SQLite store a string that
// compares oddly), and the others have no business in names, addresses or
// messages. Tab, line feed and carriage return are allowed (messages are
// multi-line); every other C0 or C1 control character and DEL is refused with
// 422 at the edge, in JSON bodies (Decode) and in query strings (CleanQuery),
// naming the field. Query values must also be valid UTF-8 (JSON strings
// always are once decoded).

// textProblem explains what is wrong with s as text, or "".
func textProblem(s string) string {
	if !utf8.ValidString(s) {
		return "must be valid UTF-8 text"
	}
	for _, r := range s {
		if r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r) {
			return "must not contain control characters"
		}
	}
	return ""
}

// CheckText records in f a problem with the text s of field, if any.
func CheckText(f apperr.Fields, field, s string) {
	if p := textProblem(s); p != "" {
		f.Add(field, p)
	}
}

// CleanQuery refuses a request whose query string holds a value (or a name)
// with control characters or invalid UTF-8: 422 naming the parameter. Every
// /api route runs it, so handlers may pass c.Query values to SQL as they are.
func CleanQuery(c fiber.Ctx) error {
	f := apperr.Fields{}
	for k, v := range c.Request().URI().QueryArgs().All() {
		name := string(k)
		if p := textProblem(name); p != "" {
			f.Add("query", "parameter names "+p)
			continue
		}
		CheckText(f, name, string(v))
	}
	if err := f.Err(); err != nil {
		return err
	}
	return c.Next()
}

// checkStrings walks a decoded value and reports the first string (by its
// JSON field path) that textProblem refuses.
func checkStrings(v reflect.Value, path string, f apperr.Fields) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			checkStrings(v.Elem(), path, f)
		}
	case reflect.String:
		CheckText(f, fieldName(path), v.String())
	case reflect.Struct:
		t := v.Type()
		if t == reflect.TypeOf(time.Time{}) {
			return
		}
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if sf.Anonymous && sf.Tag.Get("json") == "" {
				checkStrings(v.Field(i), path, f)
				continue
			}
			checkStrings(v.Field(i), join(path, name), f)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return // []byte and json.RawMessage are not text
		}
		for i := 0; i < v.Len(); i++ {
			checkStrings(v.Index(i), fmt.Sprintf("%s[%d]", path, i), f)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			k := iter.Key()
			if k.Kind() == reflect.String {
				if p := textProblem(k.String()); p != "" {
					f.Add(fieldName(path), "keys "+p)
					continue
				}
				checkStrings(iter.Value(), join(path, k.String()), f)
			}
		}
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func fieldName(path string) string {
	if path == "" {
		return "body"
	}
	return path
}
