import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { ADMIN_SHOP_REVIEWS_PATH, SHOP_REVIEW_PATH, VENDOR_REVIEWS_PATH } from './paths';

export * from './paths';
export { ProductReviews } from './product-reviews';

/** The user portal's /shop/review. */
export function shopReviewPages(): PageSpec[] {
  return [{ path: SHOP_REVIEW_PATH, title: 'Reviews', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/mine') }];
}

/** The vendor portal's reviews to answer. */
export function vendorReviewPages(): PageSpec[] {
  return [{ path: VENDOR_REVIEWS_PATH, title: 'Reviews', frame: 'portal', guards: [PORTAL_ROLE_GUARD.vendor], load: () => import('./pages/vendor') }];
}

/** The admin portal's product review moderation. */
export function adminShopReviewPages(): PageSpec[] {
  return [{ path: ADMIN_SHOP_REVIEWS_PATH, title: 'Product reviews', frame: 'portal', guards: [PORTAL_ROLE_GUARD.admin], load: () => import('./pages/admin') }];
}
