/** The shopper's reviews: lines to review and the reviews written. */
export const SHOP_REVIEW_PATH = '/shop/review';
/** The vendor's reviews of their products, to answer. */
export const VENDOR_REVIEWS_PATH = '/vendor-app/reviews';
/** The admins' moderation of product reviews. */
export const ADMIN_SHOP_REVIEWS_PATH = '/admin-dashboard/products/reviews';
