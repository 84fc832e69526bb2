package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/lib/pq"

	"sojourn/api/internal/platform/db"
	"sojourn/api/internal/platform/page"
)

// The paged wallet listing: 200,000 history rows in all, 4,000 of them the
// signed-in reader's, read 20 at a time by following next_cursor.
const (
	listingRows      = 200_000
	listingReaderRow = 4_000
	listingLimit     = 20
	// listingPages is how deep each client reads before starting again from
	// the first page (4,000 rows make 200 pages; nobody reads them all).
	listingPages = 10
)

// listingUser is a signed-in account of the listing benchmark.
type listingUser struct{ id, token string }

// benchListing seeds the history straight into the ledger tables, then
// measures GET /api/v1/wallet/transactions?limit=20 following next_cursor
// over loopback HTTP, and the same keyset query run by two bare programs in
// the same process: database/sql goroutines over lib/pq (no HTTP at all), and
// a plain net/http server answering the page as JSON from lib/pq. The ratios
// say what the API's layers (Fiber, authentication, bun, naming
// counterparties) cost against the query itself.
func benchListing(ctx context.Context, d *db.DB, dbURL string, client *http.Client, base string, users []listingUser,
	conc int, dur time.Duration) error {
	t0 := time.Now()
	total, err := seedListing(ctx, d, users)
	if err != nil {
		return fmt.Errorf("seed the listing: %w", err)
	}
	reader := users[0]
	fmt.Printf("Wallet history: %d rows in wallet_transactions, %d of them the reader's (seeded in %s)\n", total,
		listingReaderRow, time.Since(t0).Round(time.Millisecond))

	// The API: pages of 20, each client following next_cursor 10 pages deep.
	walkers := make([]walker, conc)
	if err := startProfile(); err != nil {
		return err
	}
	api := measure(conc, dur, func(w int) (bool, error) {
		wk := &walkers[w]
		u := base + "/api/v1/wallet/transactions?limit=20"
		if wk.cursor != "" {
			u += "&cursor=" + url.QueryEscape(wk.cursor)
		}
		req, _ := http.NewRequest("GET", u, nil)
		req.Header.Set("Authorization", "Bearer "+reader.token)
		return wk.follow(client.Do(req))
	})
	stopProfile()
	report("GET /api/v1/wallet/transactions?limit=20 (keyset, following next_cursor 10 pages deep)", api,
		"target ≥ 4,000 req/s, p99 ≤ 50 ms")

	// The bare programs read over their own pool of conc connections.
	raw, err := sql.Open("postgres", dbURL)
	if err != nil {
		return err
	}
	defer raw.Close()
	raw.SetMaxOpenConns(conc)
	raw.SetMaxIdleConns(conc)
	if err := raw.PingContext(ctx); err != nil {
		return err
	}
	stmt, err := raw.PrepareContext(ctx, keysetFirst)
	if err != nil {
		return err
	}
	defer stmt.Close()
	stmtAfter, err := raw.PrepareContext(ctx, keysetAfter)
	if err != nil {
		return err
	}
	defer stmtAfter.Close()
	readPage := func(ctx context.Context, after *page.Key) ([]bareTxn, error) {
		var rows *sql.Rows
		var err error
		if after == nil {
			rows, err = stmt.QueryContext(ctx, reader.id, listingLimit+1)
		} else {
			rows, err = stmtAfter.QueryContext(ctx, reader.id, listingLimit+1, after.CreatedAt, after.ID)
		}
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := make([]bareTxn, 0, listingLimit+1)
		for rows.Next() {
			var t bareTxn
			if err := rows.Scan(&t.ID, &t.UserID, &t.EntryID, &t.Type, &t.Direction, &t.Amount, &t.Fee, &t.Currency,
				&t.Method, &t.Status, &t.Reference, &t.CounterpartyID, &t.RefType, &t.RefID, &t.Note, &t.AvailableAt,
				&t.CreatedAt, &t.UpdatedAt); err != nil {
				return nil, err
			}
			out = append(out, t)
		}
		return out, rows.Err()
	}
	next := func(rows []bareTxn) ([]bareTxn, *page.Key) {
		return page.Trim(rows, page.Cursor{Limit: listingLimit}, func(t bareTxn) page.Key {
			return page.Key{CreatedAt: t.CreatedAt, ID: t.ID}
		})
	}

	// The plan of a page in the middle of the reader's history.
	var mid page.Key
	if err := raw.QueryRowContext(ctx, `SELECT created_at, id FROM wallet_transactions WHERE user_id = $1
		ORDER BY created_at DESC, id DESC OFFSET 2000 LIMIT 1`, reader.id).Scan(&mid.CreatedAt, &mid.ID); err != nil {
		return err
	}
	plan, err := raw.QueryContext(ctx, "EXPLAIN (ANALYZE, BUFFERS) "+keysetAfter, reader.id, listingLimit+1,
		mid.CreatedAt, mid.ID)
	if err != nil {
		return err
	}
	var lines []string
	for plan.Next() {
		var l string
		if err := plan.Scan(&l); err != nil {
			plan.Close()
			return err
		}
		lines = append(lines, l)
	}
	plan.Close()
	for _, l := range lines {
		if strings.Contains(l, " Scan ") || strings.Contains(l, " Time: ") {
			fmt.Printf("  plan: %s\n", strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "->")))
		}
	}

	keys := make([]*page.Key, conc)
	depth := make([]int, conc)
	bare := measure(conc, dur, func(w int) (bool, error) {
		rows, err := readPage(ctx, keys[w])
		if err != nil {
			return false, err
		}
		rows, k := next(rows)
		depth[w]++
		if k == nil || depth[w] == listingPages {
			k, depth[w] = nil, 0
		}
		keys[w] = k
		return len(rows) == listingLimit, nil
	})
	report("the same keyset query from database/sql goroutines (lib/pq, no HTTP)", bare, "the query's own cost")

	// A bare net/http + lib/pq server: the page as JSON, no framework, no
	// authentication, no counterparty names.
	mux := http.NewServeMux()
	mux.HandleFunc("GET /page", func(w http.ResponseWriter, r *http.Request) {
		var after *page.Key
		if s := r.URL.Query().Get("cursor"); s != "" {
			k, err := page.DecodeKey(s)
			if err != nil {
				http.Error(w, "bad cursor", http.StatusUnprocessableEntity)
				return
			}
			after = &k
		}
		rows, err := readPage(r.Context(), after)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		rows, k := next(rows)
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(struct {
			Data []bareTxn       `json:"data"`
			Meta page.CursorMeta `json:"meta"`
		}{rows, page.NewCursorMeta(k, page.Cursor{Limit: listingLimit})})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	bareBase := "http://" + ln.Addr().String() + "/page"
	for i := range walkers {
		walkers[i] = walker{}
	}
	plain := measure(conc, dur, func(w int) (bool, error) {
		wk := &walkers[w]
		u := bareBase
		if wk.cursor != "" {
			u += "?cursor=" + url.QueryEscape(wk.cursor)
		}
		return wk.follow(client.Get(u))
	})
	report("the same page from a bare net/http + lib/pq server (JSON, no framework or auth)", plain,
		"the issue's 6,500 req/s baseline")
	rate := func(r result) float64 { return float64(r.n) / r.elapsed.Seconds() }
	fmt.Printf("  API / database/sql goroutines: %.2f; API / bare net/http + lib/pq: %.2f  (target ≥ 0.8)\n\n",
		rate(api)/rate(bare), rate(api)/rate(plain))
	return nil
}

// walker is one client reading a list page after page.
type walker struct {
	cursor string
	depth  int
}

// follow checks a page (200, listingLimit rows) and takes its next_cursor,
// starting again from the first page after listingPages pages or at the end.
// It reads the body without decoding it: only the meta object, which ends the
// body, and a count of the rows (by their "reference"), so that the client's own work weighs as
// little as possible against the server's.
func (wk *walker) follow(res *http.Response, err error) (bool, error) {
	if err != nil {
		wk.cursor, wk.depth = "", 0
		return false, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	restart := func() { wk.cursor, wk.depth = "", 0 }
	if err != nil || res.StatusCode != http.StatusOK {
		restart()
		return false, err
	}
	i := bytes.LastIndex(body, []byte(`"meta":`))
	if i < 0 || bytes.Count(body[:i], []byte(`"reference":`)) != listingLimit {
		restart()
		return false, nil
	}
	m := bytes.TrimSpace(body[i+len(`"meta":`):])
	var meta page.CursorMeta
	if len(m) == 0 || m[len(m)-1] != '}' {
		restart()
		return false, nil
	}
	if err := json.Unmarshal(m[:len(m)-1], &meta); err != nil {
		restart()
		return false, err
	}
	wk.depth++
	if meta.NextCursor == nil || wk.depth == listingPages {
		restart()
	} else {
		wk.cursor = *meta.NextCursor
	}
	return true, nil
}

// The keyset queries of the bare programs: the API's, written by hand.
const (
	keysetColumns = `SELECT id, user_id, entry_id, type, direction, amount, fee, currency, method, status, reference,
		counterparty_user_id, ref_type, ref_id, note, available_at, created_at, updated_at FROM wallet_transactions`
	keysetFirst = keysetColumns + ` WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`
	keysetAfter = keysetColumns + ` WHERE user_id = $1 AND (created_at, id) < ($3, $4)
		ORDER BY created_at DESC, id DESC LIMIT $2`
)

// bareTxn is a wallet_transactions row as the bare programs read it.
type bareTxn struct {
	ID             string     `json:"id"`
	UserID         string     `json:"user_id"`
	EntryID        *string    `json:"entry_id"`
	Type           string     `json:"type"`
	Direction      string     `json:"direction"`
	Amount         int64      `json:"amount"`
	Fee            int64      `json:"fee"`
	Currency       string     `json:"currency"`
	Method         string     `json:"method"`
	Status         string     `json:"status"`
	Reference      string     `json:"reference"`
	CounterpartyID *string    `json:"counterparty_user_id"`
	RefType        string     `json:"ref_type"`
	RefID          string     `json:"ref_id"`
	Note           string     `json:"note"`
	AvailableAt    *time.Time `json:"available_at"`
	CreatedAt      time.Time  `json:"created_at"`
	UpdatedAt      time.Time  `json:"updated_at"`
}

// seedListing writes wallet transfers among users straight into the ledger
// tables, as money.Transfer would (a journal entry, two balanced postings and
// two history rows each), in one transaction with generate_series: the first
// listingReaderRow transfers involve users[0], the rest are among the others,
// until wallet_transactions holds listingRows rows. Transfers come in pairs
// that send the same amount there and back, so every balance stays what it
// was and the ledger still verifies. It answers the table's row count.
func seedListing(ctx context.Context, d *db.DB, users []listingUser) (int, error) {
	if len(users) < 3 {
		return 0, fmt.Errorf("the listing needs at least 3 users, got %d", len(users))
	}
	ids := make([]string, len(users))
	for i, u := range users {
		ids[i] = u.id
	}
	accts := make([]string, len(users))
	rows, err := d.DB.DB.QueryContext(ctx, `SELECT owner_id, id FROM ledger_accounts
		WHERE kind = 'wallet' AND currency = 'NGN' AND owner_id = ANY($1)`, pq.Array(ids))
	if err != nil {
		return 0, err
	}
	found := 0
	for rows.Next() {
		var owner, id string
		if err := rows.Scan(&owner, &id); err != nil {
			rows.Close()
			return 0, err
		}
		for i := range ids {
			if ids[i] == owner {
				accts[i] = id
				found++
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if found != len(users) {
		return 0, fmt.Errorf("%d of %d listing users have an NGN wallet", found, len(users))
	}
	var existing int
	if err := d.DB.DB.QueryRowContext(ctx, `SELECT count(*) FROM wallet_transactions`).Scan(&existing); err != nil {
		return 0, err
	}
	others := (listingRows-existing)/2 - listingReaderRow
	others -= others % 2
	if others < 0 {
		others = 0
	}
	n := listingReaderRow + others

	tx, err := d.DB.DB.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback() //nolint:errcheck
	// f and t index users (0 is the reader): transfer i < R is between the
	// reader and another user; after that, between two of the others. An even
	// i and the odd i after it are one pair: the same two users, the same
	// amount, opposite ways.
	users1, accts1 := pq.Array(ids), pq.Array(accts)
	stmts := []struct {
		q    string
		args []any
	}{
		{`CREATE TEMP TABLE bench_listing ON COMMIT DROP AS
		WITH s AS (
			SELECT i,
				CASE WHEN i < $1 THEN 0 ELSE 1 + ((i - $1) / 2) % $3 END AS a,
				CASE WHEN i < $1 THEN 1 + (i / 2) % $3
					ELSE 1 + (((i - $1) / 2) % $3 + 1 + ((i - $1) / (2 * $3)) % ($3 - 1)) % $3 END AS b,
				now() - random() * interval '365 days' AS ts
			FROM generate_series(0, $2 - 1) AS i)
		SELECT i, ts, 100 + (i / 2) % 5000 AS amount, 'TRF-BENCH-' || i AS ref,
			md5('entry' || i)::uuid::text AS entry_id,
			CASE WHEN i % 2 = 0 THEN a ELSE b END + 1 AS f, CASE WHEN i % 2 = 0 THEN b ELSE a END + 1 AS t
		FROM s`, []any{listingReaderRow, n, len(users) - 1}},
		{`INSERT INTO journal_entries (id, kind, idempotency_key, reason, ref_type, ref_id, actor_id, created_at)
		SELECT entry_id, 'transfer', 'bench-listing:' || i, 'Wallet transfer', 'transfer', ref, ($1::text[])[f], ts
		FROM bench_listing`, []any{users1}},
		{`INSERT INTO postings (id, entry_id, account_id, amount, currency, created_at)
		SELECT md5('from' || i)::uuid::text, entry_id, ($1::text[])[f], -amount, 'NGN', ts FROM bench_listing
		UNION ALL
		SELECT md5('to' || i)::uuid::text, entry_id, ($1::text[])[t], amount, 'NGN', ts FROM bench_listing`,
			[]any{accts1}},
		{`INSERT INTO wallet_transactions (id, user_id, entry_id, type, direction, amount, fee, currency, method, status,
			reference, counterparty_user_id, ref_type, ref_id, note, created_at, updated_at)
		SELECT md5('out' || i)::uuid::text, ($1::text[])[f], entry_id, 'transfer_out', 'debit', amount, 0, 'NGN',
			'wallet', 'completed', ref, ($1::text[])[t], 'transfer', ref, 'bench', ts, ts FROM bench_listing
		UNION ALL
		SELECT md5('in' || i)::uuid::text, ($1::text[])[t], entry_id, 'transfer_in', 'credit', amount, 0, 'NGN',
			'wallet', 'completed', ref, ($1::text[])[f], 'transfer', ref, 'bench', ts, ts FROM bench_listing`,
			[]any{users1}},
	}
	for i, st := range stmts {
		if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
			return 0, fmt.Errorf("seed statement %d: %w", i+1, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	// Fresh statistics, as autovacuum would soon gather them.
	if _, err := d.DB.DB.ExecContext(ctx, `ANALYZE wallet_transactions, journal_entries, postings`); err != nil {
		return 0, err
	}
	var total, mine int
	if err := d.DB.DB.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE user_id = $1)
		FROM wallet_transactions`, ids[0]).Scan(&total, &mine); err != nil {
		return 0, err
	}
	if mine != listingReaderRow {
		return 0, fmt.Errorf("the reader has %d rows, want %d", mine, listingReaderRow)
	}
	return total, nil
}
