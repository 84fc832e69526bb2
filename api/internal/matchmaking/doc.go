// Package matchmaking is meeting people: opting in (18 or older by the
// profile's date of birth, with a gender), pausing, eleven preference steps
// saved one by one (intent, age range, distance, genders sought, languages,
// lifestyle, faith, children, travel habits, interests, dealbreakers), eight
// questions of the OkCupid kind (own answer, accepted answers, importance),
// ranked candidates with an explainable match accuracy, likes and passes
// that teach each person's own weights, mutual likes that make one match with
// a conversation, hiding and reporting people (reports moderated by admins).
//
// # Tables (migration 0055_matchmaking)
//
//	mm_members    one row per person: opted_in, paused, removed; a snapshot of the profile the prefilter
//	              reads (birth_date, gender, city, country, a city-level lat/lng, spoken languages);
//	              age_min/age_max/max_km/genders as columns; steps, answers, weights as JSON; learnt
//	mm_decisions  one like or pass per (from_id, to_id)
//	mm_matches    one per pair ever: (user_lo, user_hi) unique; accuracy, conversation_id, ended_at
//	mm_hidden     user_id hid hidden_id (neither sees the other)
//	mm_reports    reporter, reported, reason, details; open | dismissed | removed, note; one open per pair
//
// Blocks are social's (user_blocks, through social.Gate's Blocked and
// BlockedWith); there is no second block table.
//
// # Match accuracy
//
// satisfaction(A->B) = sum of the weights of what A asks that B satisfies /
// sum of those weights (0.5 when A asks nothing B can be compared on). A asks:
// each answered question with importance a_little 1, somewhat 10, very 50,
// mandatory 250 (irrelevant 0), satisfied when B's answer is one A accepts;
// and each soft preference dimension at weight 10 (intent, languages,
// lifestyle split over smoking/drinking/diet/activity, faith when A wants the
// same faith, children, travel split over style and frequency, interests as
// shared/min(3, A's count) up to 1). Every weight is multiplied by A's learnt multiplier of
// its dimension. accuracy = round(100 * sqrt(sA * sB)), the same from both
// sides. Hard filters, both ways: age window, genders sought, distance (the
// great-circle distance between the two home cities' centres), the steps A
// marked as dealbreakers and A's mandatory answers.
//
// Candidates (GET /matchmaking/candidates): SQL prefilters mm_members (taking
// part, gender both ways, age window both ways, a box around the home city as
// wide as the distance, not decided on, not hidden either way; index
// mm_members_pool_idx), Go drops blocked people and applies the hard filters
// exactly, scores, and pages by a keyset cursor over (accuracy desc, id),
// keeping only the page while scoring (RankPage: a bounded insertion, no
// sort of the whole pool); decoded members are shared from the cache, never
// copied per request. Each candidate carries why lines and what the two share.
// Distances are rounded ("In Lagos", "About 10 km away") and computed from
// city centres (a built-in table of cities, else the city's airport through
// airports.Service), never an exact location.
//
// # Learning
//
// Each like or pass moves the decider's own multipliers (Learn): a dimension
// the other person satisfies gains weight with a like and loses it with a
// pass (exp(±0.1*(sat-0.5)) per decision, within 0.5 to 2). GET
// /matchmaking/weights explains each moved dimension in plain language;
// DELETE resets them.
//
// # Likes and matches
//
// A like is one row per (from, to) (a second decision is 409), at most
// LikesPerDay (100) a day through the shared rate limiter (429 with
// Retry-After; every attempt counts). Both people's member rows are locked
// in id order (PostgreSQL; SQLite serialises write transactions), so of two
// likes at the same moment the second sees the first; the match is a
// conditional insert on the unique ordered pair, so exactly one exists. The
// transaction emits match.created to both; after it, the like that made the
// match opens the conversation through messaging (about match:<id>,
// described by NewMessagingSource, which introduces the two while the match
// lasts: privacy's "who can message me" does not refuse them, blocks do).
// Unmatching ends the match; the conversation stays and its subject says
// the match ended.
//
// # Safety
//
// Hiding someone hides both from each other. A report (reason from
// ReportReasons, details up to 1000 characters) also hides the person; admins
// list the queue (open oldest first) and resolve a report by dismissing it or
// removing the person from matchmaking (every open report of them closes;
// audited as matchmaking_report.dismiss / .remove). A removed person cannot
// opt in again (403).
//
// # Events (speed dating)
//
// EventParticipant answers a person who takes part (opted in, not paused,
// not removed; 409 otherwise) with their age and gender; Compatibility
// answers, for a set of people, who may meet whom at an online event: the
// hard filters both ways without distance, and neither blocked nor hid the
// other; MatchFromEvent makes the match of a mutual yes (or answers the
// pair's existing one) with its conversation, telling both (events.go).
package matchmaking
