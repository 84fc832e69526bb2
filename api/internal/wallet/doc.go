// Package wallet is the wallet HTTP API over the money core: balances,
// activation, the transaction history, transfers between users and the
// admin's ledger adjustments. It owns no tables: money moves and history
// rows are the money package's (ledger_accounts, journal_entries, postings,
// wallet_transactions), and people are the accounts domain's.
//
// # The module
//
//	New(Config{Money, Directory, Idempotency}) (*Service, error)
//	Register(httpx.Router)     /api/v1/wallet..., /api/v1/admin/ledger/adjustments
//
//	Get / Activate(ctx, userID, currency)
//	Transfer(ctx, fromID, key, TransferInput) (TxnDTO, error)   to an email or username (Directory.FindByHandle)
//	Adjust(ctx, actorID, key, ip, AdjustInput) (money.Txn, error)
//	History(ctx, userID, Query, page.Page) ([]TxnDTO, int, error)  counterparties named (Directory.Lookup)
//	One(ctx, userID, id) / DTO(ctx, money.Txn)
//
// Every money-moving POST is wrapped by the Idempotency-Key middleware, and
// the movement's key derives from that key, so a retry moves money once.
//
// # Errors
//
// 422 {"to"} for an unknown recipient, oneself or a suspended account, 422
// for a bad amount, note, currency or filter; the money core's errors pass
// through (409 insufficient_funds, 409 for a wallet not activated, 404 for
// another user's transaction).
package wallet
