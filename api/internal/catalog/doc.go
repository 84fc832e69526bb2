// Package catalog is the shop's catalogue: vendors' storefronts, the category
// tree admins manage, products with variants and stock, photos, luxury
// authenticity certificates, moderation and search. The shop domain (carts,
// checkout, orders) reads variants and stores and moves stock only through
// the Service methods below; it never reads these tables.
//
// # Tables (migrations 0043_catalog, 0044_catalog_search, 0047_shop_store_health, 0054_shop_search_speed)
//
//	shop_stores          one storefront per vendor user: name, unique slug, logo, about, address, return days
//	                     (0-90) and policy, shipping methods (JSON [{code, label, fee, min_days, max_days}]),
//	                     suspended with a reason, review_all (every product is reviewed), trusted (an admin
//	                     approved one of its products), health_weight (the ranking weight in percent, 100 =
//	                     neutral; the vendor health score sets it), health_score (0-100, NULL until first
//	                     computed), health_details (its factors, JSON) and health_at, the rating aggregate,
//	                     product_count
//	shop_categories      the tree: parent_id, unique slug, path (ids from the root, each followed by '/'),
//	                     depth (at most 3 levels), position
//	shop_products        title, sanitised description (HTML and its plain text), brand, tags, options, the
//	                     category and a copy of its path, status, luxury with certificate_status,
//	                     price_on_request, min/max price of the variants, rating (average x 100), cover
//	                     and copies of its store's suspended flag and health_weight (store_suspended,
//	                     store_weight: written with the store's in AdminUpdateStore and SetStoreHealth,
//	                     set at creation; store_copies.go), so the search reads products alone
//	shop_variants        title, options, SKU (unique per store), price, compare-at, stock, reserved, sold,
//	                     weight; CHECK 0 <= reserved <= stock
//	shop_photos          up to 10 per product, each in three sizes under /media
//	shop_certificates    a luxury product's authenticity certificate: private (bytes in the table),
//	                     pending -> verified | rejected by an admin
//	shop_product_events  every status change (from, to, actor, note)
//
// # Stock (stock.go): what the shop calls
//
//	Variants(ctx, db, ids) map[id]Variant   price, available (= stock - reserved), purchasable, luxury
//	Stores(ctx, db, ids) map[id]Store       shipping methods, return days, active
//	Reserve(ctx, db, lines)                 all or nothing; ErrOutOfStock (409 out_of_stock, the failing
//	                                        variant ids in Fields)
//	Release(ctx, db, lines)                 reserved -= q, never below 0
//	Consume(ctx, db, lines)                 on payment: stock -= q, reserved -= q, sold += q
//	Restock(ctx, db, lines)                 returned after payment: stock += q
//	SetProductRating(ctx, db, id, avg, n)   the reviews' aggregate of a product (and so of its store)
//
// Each line is one conditional UPDATE (Reserve: WHERE stock - reserved >= q
// AND the product is published, not price-on-request, its store not
// suspended), applied in variant-id order so concurrent checkouts never
// deadlock; the database decides, never a read-check-write. Passed a
// transaction they run in it (the caller rolls back on error); passed the
// pool they run in a transaction of their own.
//
// # Product states (states.go)
//
//	draft -> pending_review (submit) | published (submit: trusted store without review_all) | archived
//	pending_review -> published (admin approves) | rejected (admin, with a reason) | draft | archived
//	rejected -> pending_review | draft | archived
//	published -> archived | pending_review
//	archived -> draft
//
// A store's first product is always reviewed; an approval makes the store
// trusted, after which its products publish on submit unless an admin set
// review_all (then an edit of a published product sends it back to review).
// Every change is a conditional UPDATE ... WHERE status = <from> and writes a
// shop_product_events row. A suspended store's products leave the shop (and
// stop being purchasable) until it is reinstated.
//
// Admins may add a product to any store (published at once, owned by the
// store's vendor) and photos to any product.
//
// # Vendors, ownership and media (products.go, media.go, stores.go)
//
// A vendor has one store (PUT /vendor/store; its slug follows the name) and
// sees only its own products: every vendor route reads WHERE vendor_id = the
// caller, so another vendor's product is 404. Descriptions are sanitised
// with bluemonday to p, br, strong, b, em, i, u, ul, ol, li, h3, h4,
// blockquote and links (http, https, mailto; nofollow), and their plain text
// kept for search. Photos go through httpx.ReadUpload and images.Processor
// (at most 5 MB and 40 megapixels) and are stored in three sizes (1600, 800
// and 320 pixels a side; the first photo is the cover). A luxury product's
// certificate is a private document: kept in shop_certificates, served as an
// octet-stream attachment to its vendor and to admins (each admin read
// audited), verified or rejected by an admin; the card's "luxury" is true
// only once it is verified. price_on_request products are never purchasable.
//
// # Set-up wizard and health (onboarding.go, health.go)
//
// OnboardingFlow(payouts) is the vendor's set-up wizard (onboarding flow
// "vendor_store", role vendor), seven steps: store (the name; its slug
// follows and must be free), about (about, address, city, country),
// shipping (1-5 methods), returns (days 0-90 and the policy), logo (the
// address POST /vendor/store/logo answered, checked to be the caller's
// store's; empty skips it), payout (an account of the caller's, set through
// POST /payout-accounts), review. The logo comes after the storefront's
// steps because its route needs the store: its screen saves the storefront
// from the earlier steps first. Submit applies everything through SaveStore.
//
// SetStoreHealth(ctx, db, storeID, score, details) writes the vendor health
// score the shop's hourly chore computes (shop/health.go: late shipments,
// the vendor's cancellations and returns over 90 days) and sets
// health_weight = HealthWeight(score) = 50 + score/2, so a healthy store
// ranks as it would and the least healthy sinks to half. SaveStore never
// writes these columns. The vendor (GET /vendor/store) and admins (GET
// /admin/shop/stores, GET /admin/shop/stores/{id}) see it as `health`.
//
// # Search (search.go, store_search.go; migration 0044)
//
// Published products of active stores, filtered by words (q), category
// (with its descendants: a page tests category_path LIKE '%<id>/%' while
// seeking on its sort's index; counts find the rows by category_id), store, price range
// (the cheapest variant), minimum rating, in stock, verified luxury; sorted
// by relevance (with words), newest, price or rating. PostgreSQL matches the
// stored tsvector (english stemming; title weight A, brand and tags B,
// description C) with a GIN index; when the words match nothing, a relevance
// search falls back to pg_trgm's word similarity on the title (typos), and
// its cursors say so. SQLite matches an FTS5 table (porter stemming, the
// last word as a prefix) kept by triggers; it has no typo matching.
//
// Paging is keyset: the cursor (opaque, checksummed, tied to the query and
// filters by a fingerprint) holds the sort key and the id, and the query
// seeks WHERE (key, id) < (?, ?). Relevance is a whole number computed from
// the product's own text and the query alone (ts_rank x 10^6 on PostgreSQL;
// on SQLite, which fields hold each word), times the store's health_weight
// / 100: products added meanwhile never change another's rank, so pages
// neither repeat nor skip. On PostgreSQL the page query is a prepared
// statement per shape of filters and sort (at most 512), scanned by hand;
// the page is sought over shop_products alone (published, store_suspended
// false, ranked with store_weight; partial indexes for those rows: the GIN
// index and the category counts'), then its rows' stores are joined and
// their in-stock flag asked. A relevance page's tsquery is an InitPlan
// (SELECT plainto_tsquery(...)): every match is ranked whatever their
// number, so the statement keeps one generic plan instead of being planned
// on each request; past the first page the rank is a column of a fenced
// subquery (OFFSET 0) the seek compares, computed once per row.
//
// A relevance search's first page keeps its ranking for the next ones (a
// point in time, as search engines keep one for search_after paging;
// snapshot.go): it ranks every match, as above, but reads the ids and ranks
// of the best 200 at once and names that snapshot in its cursor; the next
// pages read their cards by id from the list (current prices, stock and
// filters; a product unpublished meanwhile is left out) instead of ranking
// every match again. Snapshots live in the API process (at most 1,024, for
// 10 minutes, least recently used out); a cursor whose snapshot is gone
// (another instance, a restart, expiry) or used up continues with the keyset
// query over the live ranking from the same (rank, id), in the same order.
//
// Facets count each facet over the products matching every other filter
// (categories rolled up the tree, stores, price range, rating bands, in
// stock, luxury); the totals, stock, luxury, price and rating counts are one
// aggregate pass unless one of their own filters is set. Suggestions are categories, brands and titles with a word
// starting with what was typed.
package catalog
