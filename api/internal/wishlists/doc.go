// Package wishlists keeps shoppers' wishlists: several named lists per user
// (at most 20; the default "Saved" is made on first use and cannot be
// deleted), each with up to 200 items (a product and one of its variants,
// the first when none is named) remembering the price and stock seen when
// saved, so the page shows what changed. A list is shared by an unguessable
// token (24 random bytes, base64url) that its owner may withdraw; GET
// /shop/wishlists/shared/{token} reads it without signing in.
//
// Each item may carry a price-drop and a back-in-stock alert. The periodic
// chore shop.wishlist_alerts (AlertJob, every 15 minutes; tests run it with
// App.Sweep) reads the items with an alert on in id order, 500 at a time,
// asks the catalogue (catalog.Variants) for their price and stock, moves
// each changed item's seen_price and seen_available with a conditional
// update and, only when that update won, mails the owner (platform/mail) on
// a price below the one last seen or stock back after none: one mail per
// change, even when two checks overlap.
//
// # Tables (migration 0046_shop_reviews_wishlists)
//
//	shop_wishlists       user, name, is_default (one per user: a partial unique index), share_token (unique)
//	shop_wishlist_items  list, user, product, variant (unique per list), saved_price/saved_available,
//	                     seen_price/seen_available (the alert check's memory), alert_price, alert_stock
//
// # API
//
//	New(Config{DB, Clock, Log, Catalog, Directory, Mailer, Origins}) (*Service, error)
//	Lists, Create, Update, Delete, AddItem, SetAlerts, RemoveItem, Shared, CheckAlerts; RegisterJobs
//
// Routes: GET/POST /shop/wishlists, PATCH/DELETE /shop/wishlists/{id},
// POST /shop/wishlists/{id}/items, PATCH/DELETE
// /shop/wishlists/{id}/items/{item_id}, GET /shop/wishlists/shared/{token}
// (public). Another user's list answers 404. Adding to the cart is the
// front end's (the shop's cart routes).
package wishlists
