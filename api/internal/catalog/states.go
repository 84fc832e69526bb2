package catalog

// Product statuses (TEXT, validated here).
const (
	StatusDraft         = "draft"
	StatusPendingReview = "pending_review"
	StatusPublished     = "published"
	StatusRejected      = "rejected"
	StatusArchived      = "archived"
)

// Certificate statuses.
const (
	CertPending  = "pending"
	CertVerified = "verified"
	CertRejected = "rejected"
)

// transitions is the product's state machine: from -> allowed next states.
//
//	draft          -> pending_review (submit, review needed) | published (submit, trusted store) | archived
//	pending_review -> published (admin approves) | rejected (admin rejects, with a reason) | draft | archived
//	rejected       -> pending_review (submitted again) | draft | archived
//	published      -> archived | pending_review (a review_all store's edit)
//	archived       -> draft (restored to edit)
var transitions = map[string]map[string]bool{
	StatusDraft:         {StatusPendingReview: true, StatusPublished: true, StatusArchived: true},
	StatusPendingReview: {StatusPublished: true, StatusRejected: true, StatusDraft: true, StatusArchived: true},
	StatusRejected:      {StatusPendingReview: true, StatusPublished: true, StatusDraft: true, StatusArchived: true},
	StatusPublished:     {StatusArchived: true, StatusPendingReview: true},
	StatusArchived:      {StatusDraft: true},
}

// canMove reports whether a product may move from one status to another.
func canMove(from, to string) bool { return transitions[from][to] }

// ValidStatus reports whether s is a product status.
func ValidStatus(s string) bool { _, ok := transitions[s]; return ok }
