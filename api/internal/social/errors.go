package social

import "sojourn/api/internal/platform/apperr"

// The domain's errors. ErrBlocked and ErrNotAllowed are 403-class: messaging
// and video answer them as they are.
var (
	// ErrBlocked is an exchange between two people one of whom blocked the other.
	ErrBlocked = apperr.Forbidden("You cannot contact this person.")
	// ErrNotAllowed is a message refused by the recipient's privacy settings.
	ErrNotAllowed = apperr.Forbidden("This person only accepts messages from their friends.")
	// ErrNobodyNew is a first message to someone who accepts no new conversations.
	ErrNobodyNew = apperr.Forbidden("This person does not accept new conversations.")

	errPersonNotFound   = apperr.NotFound("Person")
	errRequestNotFound  = apperr.NotFound("Friend request")
	errPostNotFound     = apperr.NotFound("Post")
	errCommentNotFound  = apperr.NotFound("Comment")
	errReportNotFound   = apperr.NotFound("Report")
	errProviderNotFound = apperr.NotFound("Provider")
	errSelf             = apperr.Conflict("You cannot do that with yourself.")
	errAlreadyFriends   = apperr.Conflict("You are friends already.")
	errAlreadySent      = apperr.Conflict("You have asked this person already.")
	errRequestsOff      = apperr.Forbidden("This person does not accept friend requests.")
	errRequestsFoF      = apperr.Forbidden("This person accepts friend requests only from friends of their friends.")
	errTooManyFriends   = apperr.Conflict("You have reached the limit of 5,000 friends.")
	errReportedTwice    = apperr.Conflict("You have reported this post already.")
	errReportDecided    = apperr.Conflict("This report was decided already.")
)
