// Package shopreviews keeps the shop's product reviews: one per delivered
// order line, written by the line's shopper (the shop answers which lines
// are theirs and delivered through Shop: shop.Service.DeliveredLine and
// DeliveredLines), rating 1 to 5, text of at most 2000 characters and up to
// 4 photos (httpx.ReadUpload + images: at most 5 MB and 40 megapixels, kept
// in two sizes). A review is pending until an admin approves it
// (published) or rejects it with a reason; an admin may also take down a
// published review (rejected). The vendor replies once to a published
// review of their products; any signed-in user reports a published review
// once, with a reason (the admins' "reported" queue).
//
// # Tables (migration 0046_shop_reviews)
//
//	shop_reviews         one per order line (unique order_line_id decides a race): product, store, vendor,
//	                     author, rating, body, status (pending | published | rejected), reject_reason,
//	                     reply, report_count, the decision
//	shop_review_photos   up to 4 per review (position unique per review)
//	shop_review_reports  one per (review, reporter)
//	shop_review_stats    per product: count and rating sum of the published reviews
//
// # The aggregate
//
// Publishing adds to shop_review_stats and a take-down subtracts from it, in
// one upsert that answers the new totals and holds the row until the
// transaction ends; the average (two decimals) and count go to the
// catalogue with catalog.SetProductRating in the same transaction (which
// recomputes the store's aggregate from its products). Nothing counts the
// reviews table.
//
// # API
//
//	New(Config{DB, Clock, Log, Shop, Catalog, Directory, Storage, Images, Audit}) (*Service, error)
//	Create, AddPhoto, OfProduct, Mine, Reviewable, Received, Reply, Report, Queue, Approve, Reject
//
// Routes: GET /shop/products/{id}/reviews (public, published, keyset), GET
// /shop/reviews/mine (keyset), GET /shop/reviews/pending (delivered lines
// not reviewed yet), POST /shop/reviews, POST /shop/reviews/{id}/photos
// (multipart, while pending), POST /shop/reviews/{id}/report, GET
// /vendor/reviews?unanswered= (keyset), POST /vendor/reviews/{id}/reply,
// GET /admin/shop/reviews?status=&page=&per_page=, POST
// /admin/shop/reviews/{id}/approve and /reject. Another shopper's line or
// review, and another vendor's review, answer 404.
package shopreviews
