// Package onboarding keeps resumable sign-up wizards: a person's progress
// through a flow of ordered steps (the tour guide's ten, the car dealer's
// ten, the car-rental company's, the shop vendor's seven, the user
// onboarding's twelve: api/internal/useronboarding), saved step by step on the server, so
// leaving, signing out or switching devices resumes where they stopped.
//
// The package knows no domain. Each owning domain describes its wizard as a
// Flow (name, the role that may use it, its step slugs, a Check of one
// step's data and a Submit that applies the whole wizard through that
// domain's services) and app wiring registers it. Onboarding keeps only the
// drafts.
//
// # Tables (migration 0025_onboarding)
//
//	onboarding_steps        one saved step: (user_id, flow, step) primary key, its data (a JSON object,
//	                        at most 64 KB), saved_at
//	onboarding_submissions  (user_id, flow) primary key, submitted_at: the wizard was applied
//
// # Routes (api/contract/onboarding.yaml, policies/onboarding.csv)
//
//	GET  /onboarding/{flow}                  every step (saved or not, with its data), the first unsaved
//	                                         step (next_step) and submitted_at
//	PUT  /onboarding/{flow}/steps/{step}     save one step {data: {...}}: the flow's Check first (422 with
//	                                         its fields); saving again replaces it (an upsert, last write wins)
//	POST /onboarding/{flow}/submit           every step saved (else 422 naming the first missing), then the
//	                                         flow's Submit; submitted_at is set in the same transaction as
//	                                         the drafts are read, so two submits apply once (the second 409)
//
// An unknown flow or step is 404; a caller without the flow's role 403.
// Step data is a JSON object whose strings are checked for control
// characters like every body (httpx.Decode); its size is capped at 64 KB
// and its depth by the decoder.
//
// # Public API
//
//	New(Config{DB, Clock}) (*Service, error)
//	(*Service).AddFlow(Flow)                   app wiring, one line per flow
//	(*Service).Progress(ctx, userID, roles, flow), SaveStep(...), Submit(...)
//	(*Service).MarkSubmitted(ctx, userID, flow) a provider set up outside the wizard (the demo seed)
package onboarding
