package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"sojourn/api/internal/platform/page"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"sojourn/api/internal/platform/apperr"
)

// MaxJSONBody is the largest JSON body any route accepts.
const MaxJSONBody = 1 << 20

// Decode reads the JSON body into v. An empty body decodes as {}. Malformed
// JSON is 400 invalid_json; a value of the wrong type is 422 naming the field,
// and so is a string holding a control character (see textProblem).
func Decode(c fiber.Ctx, v any) error {
	body := c.Body()
	if len(body) > MaxJSONBody {
		return apperr.New(apperr.CodePayloadTooLarge, "The request body is larger than 1 MB.")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	} else if ct := string(c.Request().Header.ContentType()); ct != "" && !strings.HasPrefix(ct, fiber.MIMEApplicationJSON) {
		return apperr.New(apperr.CodeUnsupportedMedia, "Send the request body as application/json.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return apperr.Validation(map[string]string{te.Field: "must be a " + jsonKind(te.Type.Kind().String())})
		}
		return apperr.Wrap(apperr.CodeInvalidJSON, "The request body is not valid JSON.", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return apperr.New(apperr.CodeInvalidJSON, "The request body must hold a single JSON value.")
	}
	f := apperr.Fields{}
	checkStrings(reflect.ValueOf(v), "", f)
	return f.Err()
}

func jsonKind(k string) string {
	switch k {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "slice", "array":
		return "list"
	case "map", "struct", "ptr":
		return "object"
	default:
		return "number"
	}
}

// Meta is the list envelope's meta object.
type Meta struct {
	Page    int `json:"page"`
	PerPage int `json:"per_page"`
	Total   int `json:"total"`
}

// List is the envelope of a paged list.
type List[T any] struct {
	Data []T  `json:"data"`
	Meta Meta `json:"meta"`
}

// Data is the envelope of one object.
type Data[T any] struct {
	Data T `json:"data"`
}

// ParsePage reads ?page= and ?per_page= (default 20, at most 100).
func ParsePage(c fiber.Ctx) (page.Page, error) {
	p := page.Page{Page: 1, PerPage: 20}
	f := apperr.Fields{}
	if s := c.Query("page"); s != "" {
		n, err := strconv.Atoi(s)
		f.Check(err == nil && n >= 1, "page", "must be a whole number of at least 1")
		p.Page = n
	}
	if s := c.Query("per_page"); s != "" {
		n, err := strconv.Atoi(s)
		f.Check(err == nil && n >= 1 && n <= 100, "per_page", "must be a whole number from 1 to 100")
		p.PerPage = n
	}
	return p, f.Err()
}

// NewList builds a list envelope (never a null data array).
func NewList[T any](items []T, p page.Page, total int) List[T] {
	if items == nil {
		items = []T{}
	}
	return List[T]{Data: items, Meta: Meta{Page: p.Page, PerPage: p.PerPage, Total: total}}
}
