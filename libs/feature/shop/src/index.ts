// The shop: the catalogue and search (catalog/), the cart, checkout and orders (orders/), the vendor's storefront
// set-up, profile and health (store/), product reviews (reviews/), wishlists (wishlist/), and the vendor and admin
// consoles of each. Each part lives in its own folder (api.ts, paths.ts, pages) and is exported here.
export * from './catalog';
export * from './orders';
export * from './store';
export * from './reviews';
export * from './wishlist';
