// Package httpx holds the HTTP building blocks every domain handler uses: the
// error handler, request decoding, pagination and the common middleware.
package httpx

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/requestid"

	"sojourn/api/internal/platform/apperr"
)

// ErrorBody is the JSON error envelope.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the inside of the envelope.
type ErrorDetail struct {
	Code      apperr.Code       `json:"code"`
	Message   string            `json:"message"`
	RequestID string            `json:"request_id"`
	Fields    map[string]string `json:"fields,omitempty"`
}

// ErrorHandler turns every error into the envelope. Unknown errors become 500
// internal, logged with the request ID and never shown.
func ErrorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c fiber.Ctx, err error) error {
		ae := toAppError(c, err)
		status := ae.Status()
		if status >= 500 {
			log.Error("request failed", "request_id", requestid.FromContext(c), "method", c.Method(),
				"path", c.Path(), "error", err.Error())
		}
		if ae.RetryAfter > 0 {
			secs := int(ae.RetryAfter.Seconds())
			if float64(secs) < ae.RetryAfter.Seconds() {
				secs++
			}
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(secs))
		}
		if status == http.StatusUnauthorized {
			c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="sojourn"`)
		}
		return c.Status(status).JSON(ErrorBody{Error: ErrorDetail{
			Code: ae.Code, Message: ae.Message, RequestID: requestid.FromContext(c), Fields: ae.Fields,
		}})
	}
}

func toAppError(c fiber.Ctx, err error) *apperr.Error {
	if ae, ok := apperr.As(err); ok {
		if ae.Code == apperr.CodeInternal {
			return apperr.New(apperr.CodeInternal, "Something went wrong on our side. Please try again.")
		}
		return ae
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		switch fe.Code {
		case fiber.StatusNotFound:
			return apperr.New(apperr.CodeNotFound, "No route matches "+c.Method()+" "+c.Path())
		case fiber.StatusMethodNotAllowed:
			return apperr.New(apperr.CodeMethodNotAllowed, "Method "+c.Method()+" is not allowed on "+c.Path())
		case fiber.StatusRequestEntityTooLarge:
			return apperr.New(apperr.CodePayloadTooLarge, "The request body is too large.")
		case fiber.StatusUnsupportedMediaType:
			return apperr.New(apperr.CodeUnsupportedMedia, fe.Message)
		case fiber.StatusTooManyRequests:
			return apperr.New(apperr.CodeRateLimited, "Too many requests. Please slow down.")
		case fiber.StatusBadRequest:
			return apperr.New(apperr.CodeInvalidJSON, "The request could not be read.")
		case fiber.StatusRequestHeaderFieldsTooLarge:
			return apperr.New(apperr.CodeHeadersTooLarge, "The request's address or headers are too large.")
		case fiber.StatusRequestTimeout:
			return apperr.New(apperr.CodeUnavailable, "The request timed out.")
		}
		if fe.Code < 500 {
			return apperr.New(apperr.CodeInvalidJSON, fe.Message)
		}
	}
	return apperr.New(apperr.CodeInternal, "Something went wrong on our side. Please try again.")
}
