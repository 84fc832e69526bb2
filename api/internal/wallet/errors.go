package wallet

import "sojourn/api/internal/platform/apperr"

// The wallet API's errors.
var (
	errUnknownRecipient = apperr.Validation(map[string]string{"to": "no Sojourn user has this email or username"})
	errToSelf           = apperr.Validation(map[string]string{"to": "you cannot send money to yourself"})
	errRecipientClosed  = apperr.Validation(map[string]string{"to": "this account cannot receive money"})
)
