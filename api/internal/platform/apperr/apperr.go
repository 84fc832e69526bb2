// Package apperr defines the one typed error that travels from any layer to the
// HTTP error handler, and the codes of the API's error envelope.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Code is a machine-readable error code of the error envelope.
type Code string

// The codes of DESIGN.md section 3, plus the few that accounts need.
const (
	CodeInvalidJSON        Code = "invalid_json"
	CodeValidation         Code = "validation_failed"
	CodeUnauthenticated    Code = "unauthenticated"
	CodeInvalidCredentials Code = "invalid_credentials"
	CodeForbidden          Code = "forbidden"
	CodeNotFound           Code = "not_found"
	CodeMethodNotAllowed   Code = "method_not_allowed"
	CodeConflict           Code = "conflict"
	CodePayloadTooLarge    Code = "payload_too_large"
	CodeUnsupportedMedia   Code = "unsupported_media_type"
	CodeRateLimited        Code = "rate_limited"
	CodeInternal           Code = "internal"
	CodeUnavailable        Code = "unavailable"
	// CodeInsufficientFunds is a money movement refused for lack of balance.
	CodeInsufficientFunds Code = "insufficient_funds"
	// CodeHeadersTooLarge is a request line or headers (a long URL, huge
	// cookies) larger than the server reads.
	CodeHeadersTooLarge Code = "request_header_fields_too_large"
	// CodeEmailUnverified is an action that needs the caller's verified email.
	CodeEmailUnverified Code = "email_unverified"
	// CodeOutOfStock is a reservation of stock that is not there (the shop's
	// checkout); Fields names the variants that ran short.
	CodeOutOfStock Code = "out_of_stock"
	// CodeUpgradeRequired is a plain request to a route that only opens a
	// WebSocket (the realtime endpoint).
	CodeUpgradeRequired Code = "upgrade_required"
)

var statusOf = map[Code]int{
	CodeInvalidJSON:        http.StatusBadRequest,
	CodeValidation:         http.StatusUnprocessableEntity,
	CodeUnauthenticated:    http.StatusUnauthorized,
	CodeInvalidCredentials: http.StatusUnauthorized,
	CodeForbidden:          http.StatusForbidden,
	CodeNotFound:           http.StatusNotFound,
	CodeMethodNotAllowed:   http.StatusMethodNotAllowed,
	CodeConflict:           http.StatusConflict,
	CodePayloadTooLarge:    http.StatusRequestEntityTooLarge,
	CodeUnsupportedMedia:   http.StatusUnsupportedMediaType,
	CodeRateLimited:        http.StatusTooManyRequests,
	CodeInternal:           http.StatusInternalServerError,
	CodeUnavailable:        http.StatusServiceUnavailable,
	CodeInsufficientFunds:  http.StatusConflict,
	CodeHeadersTooLarge:    http.StatusRequestHeaderFieldsTooLarge,
	CodeEmailUnverified:    http.StatusConflict,
	CodeOutOfStock:         http.StatusConflict,
	CodeUpgradeRequired:    http.StatusUpgradeRequired,
}

// Error is the API's error: a code, a message safe to show a user, optional
// per-field messages and, for 429, how long to wait.
type Error struct {
	Code       Code
	Message    string
	Fields     map[string]string
	RetryAfter time.Duration
	cause      error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.cause)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Unwrap exposes the cause to errors.Is/As.
func (e *Error) Unwrap() error { return e.cause }

// Status is the HTTP status of the error's code.
func (e *Error) Status() int {
	if s, ok := statusOf[e.Code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// New makes an error with a code and a message.
func New(code Code, msg string) *Error { return &Error{Code: code, Message: msg} }

// Wrap attaches a cause (kept for logs, never sent to the client).
func Wrap(code Code, msg string, cause error) *Error {
	return &Error{Code: code, Message: msg, cause: cause}
}

// NotFound is the answer for anything the caller may not see.
func NotFound(what string) *Error { return New(CodeNotFound, what+" not found") }

// Conflict reports a state clash (duplicate, already done).
func Conflict(msg string) *Error { return New(CodeConflict, msg) }

// Forbidden reports a route the caller's role may not use.
func Forbidden(msg string) *Error { return New(CodeForbidden, msg) }

// Unauthenticated reports a missing or bad credential.
func Unauthenticated(msg string) *Error { return New(CodeUnauthenticated, msg) }

// RateLimited asks the client to come back after d.
func RateLimited(msg string, d time.Duration) *Error {
	return &Error{Code: CodeRateLimited, Message: msg, RetryAfter: d}
}

// Validation reports field errors; it is 422 validation_failed.
func Validation(fields map[string]string) *Error {
	return &Error{Code: CodeValidation, Message: "The request has invalid fields.", Fields: fields}
}

// As extracts an *Error from err.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// Is reports whether err is an *Error with the code.
func Is(err error, code Code) bool {
	e, ok := As(err)
	return ok && e.Code == code
}

// Sentinel store errors that stores return and services translate.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)
