package httpx

import (
	"io"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// Upload describes one file field of a multipart/form-data request and the
// errors its handler answers (each domain words its own).
type Upload struct {
	Field string
	// Max is the most bytes accepted; a larger file is TooLarge, decided
	// from the part's declared size and again while reading it.
	Max          int64
	NotMultipart error
	Missing      error
	TooLarge     error
}

// ReadUpload reads the file of u's field, at most u.Max bytes (one more is
// read, so the caller's guard, e.g. platform/images, sees an oversized file
// for what it is even when its declared size lied).
func ReadUpload(c fiber.Ctx, u Upload) ([]byte, error) {
	if !strings.HasPrefix(strings.ToLower(c.Get(fiber.HeaderContentType)), fiber.MIMEMultipartForm) {
		return nil, u.NotMultipart
	}
	fh, err := c.FormFile(u.Field)
	if err != nil {
		return nil, u.Missing
	}
	if fh.Size > u.Max {
		return nil, u.TooLarge
	}
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, u.Max+1))
}
