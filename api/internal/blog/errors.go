package blog

import "sojourn/api/internal/platform/apperr"

// The blog's errors.
var (
	ErrNotFound         = apperr.NotFound("Post")
	errRevisionNotFound = apperr.NotFound("Revision")
	errCategoryNotFound = apperr.NotFound("Category")
	errVersion          = apperr.Conflict("This post was saved elsewhere since you opened it: reload to see the latest version.")
	errSlugTaken        = apperr.Conflict("Another post already uses this slug.")
	errCategoryTaken    = apperr.Conflict("Another category already uses this name.")
	errNotInReview      = apperr.Conflict("Only a post in review can be approved or sent back.")
	errNotSubmittable   = apperr.Conflict("This post is already in review or scheduled.")
	errNotLive          = apperr.Conflict("This post is not published.")
	errPastSchedule     = apperr.Conflict("The publishing time must be in the future.")
)
