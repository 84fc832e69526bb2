import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { SHOP_SHARED_WISHLIST_PATH, SHOP_WISHLIST_PATH } from './api';

export { SHOP_SHARED_WISHLIST_PATH, SHOP_WISHLIST_PATH } from './api';
export { SaveButton } from './save-button';

/** The user portal's /shop/wishlist and a shared list's public page. */
export function wishlistPages(): PageSpec[] {
  return [
    { path: SHOP_WISHLIST_PATH, title: 'Wishlist', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/wishlist') },
    { path: SHOP_SHARED_WISHLIST_PATH, title: 'Shared wishlist', frame: 'public', load: () => import('./pages/shared') },
  ];
}
