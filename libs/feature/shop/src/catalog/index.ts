import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import {
  ADMIN_ADD_PRODUCT_PATH,
  ADMIN_CATEGORIES_PATH,
  ADMIN_PRODUCTS_PATH,
  SELL_PATH,
  SHOP_HOME_PATH,
  SHOP_LISTING_PATH,
  SHOP_LUXURY_PATH,
  SHOP_PRODUCT_PATH,
  SHOP_SELLERS_PATH,
  SHOP_STORE_PATH,
  VENDOR_EDITOR_PATH,
  VENDOR_PRODUCT_PATH,
  VENDOR_PRODUCTS_PATH,
  VENDOR_SUBMITTED_PATH,
} from './paths';

export * from './paths';
export { useRecentlyViewed, type RecentProduct } from './recent';

/**
 * The user portal's catalogue pages. The spec's guards hold for the shop home, the luxury page and a storefront
 * (signed in, in the portal frame); the results, a product and the sellers' directory are browsable signed out (the
 * public frame, as the car pages are): a shopper following a shared product link sees the product, and signs in only to
 * buy (the cart keeps what they add meanwhile).
 */
export function shopBrowsePages(): PageSpec[] {
  const auth = [PORTAL_ROLE_GUARD.user];
  return [
    { path: SHOP_HOME_PATH, title: 'Shop', frame: 'portal', guards: auth, load: () => import('./pages/home') },
    { path: SHOP_LISTING_PATH, title: 'Shop', frame: 'public', load: () => import('./pages/listing') },
    { path: SHOP_PRODUCT_PATH, title: 'Product', frame: 'public', load: () => import('./pages/product') },
    { path: SHOP_STORE_PATH, title: 'Shop', frame: 'portal', guards: auth, load: () => import('./pages/storefront') },
    { path: SHOP_SELLERS_PATH, title: 'Sellers', frame: 'public', load: () => import('./pages/sellers') },
    { path: SHOP_LUXURY_PATH, title: 'Luxury', frame: 'portal', guards: auth, load: () => import('./pages/luxury') },
    { path: SELL_PATH, title: 'Sell on Sojourn', frame: 'public', load: () => import('./pages/sell') },
  ];
}

/** The vendor portal's product console. */
export function vendorCatalogPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.vendor];
  return [
    { path: VENDOR_PRODUCTS_PATH, title: 'Products', frame: 'portal', guards, load: () => import('./pages/vendor/products') },
    { path: VENDOR_EDITOR_PATH, title: 'Product editor', frame: 'portal', guards, load: () => import('./pages/vendor/editor') },
    { path: VENDOR_PRODUCT_PATH, title: 'Product', frame: 'portal', guards, load: () => import('./pages/vendor/product') },
    { path: VENDOR_SUBMITTED_PATH, title: 'Product submitted', frame: 'portal', guards, load: () => import('./pages/vendor/submitted') },
  ];
}

/** The admin portal's catalogue: moderation and the catalogue, adding a product, the category tree. */
export function adminCatalogPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  return [
    { path: ADMIN_PRODUCTS_PATH, title: 'Products', frame: 'portal', guards, load: () => import('./pages/admin/products') },
    { path: ADMIN_ADD_PRODUCT_PATH, title: 'Add a product', frame: 'portal', guards, load: () => import('./pages/admin/add-product') },
    { path: ADMIN_CATEGORIES_PATH, title: 'Categories', frame: 'portal', guards, load: () => import('./pages/admin/categories') },
  ];
}
