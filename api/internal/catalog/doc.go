// Package catalog is the shop's catalogue: vendors' storefronts, the category
// tree admins manage, products with variants and stock, photos, luxury
// authenticity certificates, moderation and search. The shop domain (carts,
// checkout, orders) reads variants and stores and moves stock only through
// the Service methods below; it never reads these tables.
//
// # Tables (migrations 0043_catalog, 0044_catalog_search)
//
//	shop_stores          one storefront per vendor user: name, unique slug, logo, about, address, return days
//	                     (0-90) and policy, shipping methods (JSON [{code, label, fee, min_days, max_days}]),
//	                     suspended with a reason, review_all (every product is reviewed), trusted (an admin
//	                     approved one of its products), health_weight (the ranking weight in percent, 100 =
//	                     neutral; the vendor health score will set it), the rating aggregate, product_count
//	shop_categories      the tree: parent_id, unique slug, path (ids from the root, each followed by '/'),
//	                     depth (at most 3 levels), position
//	shop_products        title, sanitised description (HTML and its plain text), brand, tags, options, the
//	                     category and a copy of its path, status, luxury with certificate_status,
//	                     price_on_request, min/max price of the variants, rating (average x 100), cover
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
// review_all. Every change writes a shop_product_events row.
package catalog
