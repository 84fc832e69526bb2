// Package deposits keeps refundable deposits: money a payer leaves with a
// provider against something another domain sells (a rental car's damage
// deposit, a car reserved for sale), held in the ledger in its own escrow,
// apart from the price's escrow, and later released to the payer or
// captured, in whole or in part, by the provider.
//
// # Table (migration 0024_deposits)
//
//	deposits   one deposit per thing (ref_type, ref_id unique): payer, provider, amount, currency, status,
//	           captured amount, the reason the payer sees, release_at, settled_at / settled_by
//
// # States
//
//	held -> released          everything back to the payer's Sojourn wallet (the provider, an admin, the
//	                          owning domain's rule, or the release job at release_at)
//	held -> captured          the whole amount to the provider's pending earnings (no platform fee)
//	held -> partly_captured   part to the provider, the rest back to the payer, with a reason the payer sees
//
// Every change is a conditional UPDATE ... WHERE status = 'held' in the
// caller's transaction, so a deposit settles once whoever races: the loser
// gets ErrSettled (409).
//
// # Money (always through money, in the caller's transaction)
//
//	hold      money.Hold(payer's wallet | card clearing -> escrow "deposit:<id>"), key from the caller
//	release   money.Refund(escrow -> payer's wallet), key deposit-release:<id>
//	capture   money.Release(escrow -> provider's pending earnings, fee 0), key deposit-capture:<id>,
//	          and money.Refund of the rest, key deposit-release:<id>
//
// # Timed transition (River, inserted in the transaction that holds)
//
//	deposits.release   held -> released at release_at, when the hold named one (a reservation that lapses);
//	                   a deposit settled before then is left as it is
//
// # Public API
//
//	New(Config{DB, Clock, Money, Jobs}) (*Service, error)
//	(*Service).Hold(ctx, tx, HoldInput) (Deposit, error)                    ErrExists, money's errors
//	(*Service).Release(ctx, tx, ref, actorID, note) (Deposit, error)       ErrNotFound, ErrSettled
//	(*Service).Capture(ctx, tx, ref, amount, reason, actorID) (Deposit, error)
//	(*Service).Get(ctx, ref) (Deposit, error), ByRefs(ctx, refType, refIDs) (map[refID]Deposit, error)
//
// The package has no routes: each owning domain shows its deposits inside
// its own answers, with the contract schema Deposit (api/contract/deposits.yaml).
package deposits
