// Package rotation computes and repairs speed dating rotation schedules.
//
// An event runs timed rounds; in each round the participants present are
// paired for a short date, and whoever has no partner has a break. The
// package is pure: standard library only, no I/O, deterministic.
//
// # Model
//
// Before each round the people present form a graph whose edges are the
// pairs that are compatible (Input.Compatible, symmetric; both directions
// are asked) and have not met yet (Input.Met and earlier rounds of the
// plan). Each round of a plan is a MAXIMUM-cardinality matching of that
// graph, so nobody meets anyone twice, nobody meets an incompatible
// person, and a round never leaves two people on a break who could still
// have met.
//
// # One round: the greedy basis of the matching matroid
//
// The vertex sets that some matching covers are the independent sets of a
// matroid (the matching matroid); its bases are the vertex sets of the
// maximum matchings. People are ranked by breaks so far, most first, ties
// in a seeded random order, and considered in that order: a person is kept
// if some matching covers them together with everybody kept before. The
// kept set is the matroid's greedy basis, and the round pairs exactly it.
//
// This is done with Edmonds' blossom algorithm (blossom.go, written for
// this package; bitset adjacency, n <= 64), one search per person in rank
// order, grown from that single root. A search stops at the first vertex
// that either is unmatched (augment: the root and that vertex become
// covered, everybody covered stays covered) or is matched, not yet kept,
// and reachable from the root by an even alternating path (flip the path:
// the root becomes covered and that vertex, which the greedy has not
// reached yet, is released). The second case is needed because
// augmentations cover their far endpoints in passing; without it a person
// could be skipped in favour of such an endpoint ranked below them. If
// neither exists, the symmetric difference argument shows that no matching
// covers the kept set plus the root, so skipping the root is right. The
// search starts from a quick greedy matching, which the loop corrects.
//
// # Fairness guarantee (every round of every plan Plan or Repair returns)
//
// Let b(x) be x's breaks before the round (Input.Breaks, or the history in
// Repair, plus earlier rounds of the plan). Then, equivalently:
//
//   - for every threshold t, the round pairs as many of the people with
//     b >= t as any matching of the round's graph can pair;
//   - if u is on a break, c is paired and b(u) > b(c), then no matching of
//     the round's graph pairs everybody the round pairs except c, plus u.
//
// Among maximum matchings the round thus prefers those who have waited
// most. A round cannot see the future, so over a whole plan this is
// complemented by a choice among candidate plans:
//
// # A plan: candidates
//
// Greedy round by round can still paint itself into a corner (after a few
// rounds of K8 the remaining graph can consist of odd cycles). Plan builds
// several candidates, deterministic from Seed, and keeps the best by, in
// order: fewest breaks; smallest spread (max-min) of break counts, prior
// breaks included; smallest spread among people of equal degree in the
// graph (compatible and not met); smallest sum of squared break counts;
// lexicographically smallest partner lists. Candidates:
//
//   - circle method, when everybody is compatible with everybody, nobody
//     has met, and everybody had the same number of breaks: with n even
//     nobody breaks in the first n-1 rounds; with n odd everybody breaks
//     exactly once in the first n rounds. After that everyone has met
//     everyone and every round is a break for all;
//   - cyclic rotation, when the graph is complete bipartite (two groups,
//     only cross pairs) under the same conditions, sizes m <= k: the
//     smaller group never breaks in the first k rounds, the larger group's
//     break counts never differ by more than one (and with m = k nobody
//     breaks in the first m rounds). Both constructive plans also satisfy
//     the per-round guarantee above; the cyclic one is optimal for the
//     selection order and ends the search;
//   - greedy plans: vertices relabelled by a seeded permutation (so the
//     searches also pick different edges), ties broken at random or, for
//     every other candidate, by fewest remaining partners first. Their
//     number is 8..64, from a work budget of about 2^23/(n*n*rounds); while
//     people of equal degree differ by more than one break, up to four
//     times as many are tried within the same budget. The search stops
//     early when a candidate meets the lower bound (breaks of the first
//     round's maximum matching in every round, or the degree bound).
//
// With people of equal degree the break counts differ by at most one in
// all the tested structures (complete, two groups, blocked pairs, random
// graphs of density 0.3/0.6/0.9, 3..40 people, up to 6 rounds), but this is
// an objective, not a guarantee: degree does not determine how contested a
// person's partners are, and finding the best plan is a search over
// exponentially many schedules. Over 180,000 plans on random graphs (3..40
// people, densities 0.1..0.9, 1..6 rounds) three had two people of equal
// degree two breaks apart, all on sparse graphs (density <= 0.2); run
// ROTATION_SWEEP=1 go test -run Sweep to reproduce. In one of them a plan
// with equal-degree spread 1 exists but has a larger overall spread (which
// ranks first), in one only 0.25% of greedy candidates reach it, and in one
// none of 20,000 greedy candidates does.
//
// # Determinism
//
// Ties are broken by a PCG generator seeded with Seed and the candidate's
// number, using only its raw output (shuffles are the package's own), and
// nothing depends on time or map order: the same input gives the same plan,
// across Go releases too (pinned by TestGolden).
//
// # Repair, Check
//
// Repair keeps the rounds before from and plans the rest with Met and
// Breaks taken from them; drop-outs simply vanish, late joiners enter at
// from with no breaks counted for rounds they missed. Since every round is
// maximum, a drop-out's former partner only has a break when all their
// compatible, not yet met partners are busy.
//
// Check verifies pair-level invariants and lets a round omit people (who
// were absent then); CheckPresence also takes each round's attendance and
// requires everybody present exactly once. Both are cheap enough for the
// service to run on every stored schedule.
//
// # Complexity
//
// One search is O(n^2) with blossom contractions (O(n) each, at most O(n)
// per search), so a round is O(n^3) and a candidate O(rounds * n^3); with
// the budget Plan is O(K * rounds * n^3) for K <= 256 candidates (K <= 64
// unless equal-degree fairness is missed, and K * n * n * rounds stays
// within the budget once above 8), in practice far less since most people
// are covered by the quick start. Measured (BenchmarkPlan40, 40 people, 40 rounds, one AMD
// EPYC core): about 50 µs for the constructive structures, 2-6 ms for
// random and blocked graphs.
package rotation
