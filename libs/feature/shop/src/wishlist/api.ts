import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type Wishlist = S['Wishlist'];
export type WishlistItem = S['WishlistItem'];
export type SharedWishlist = S['SharedWishlist'];

const api = () => typedClient(true);
const pub = () => typedClient(false);

/** The wishlists' calls (api/contract/wishlists.yaml). */
export const wishlistApi = {
  lists: () => unwrap(api().GET('/api/v1/shop/wishlists')).then((r) => r.data),
  create: (name: string) => unwrap(api().POST('/api/v1/shop/wishlists', { body: { name } })).then((r) => r.data),
  update: (id: string, body: { name?: string; shared?: boolean }) =>
    unwrap(api().PATCH('/api/v1/shop/wishlists/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  remove: (id: string) => unwrap(api().DELETE('/api/v1/shop/wishlists/{id}', { params: { path: { id } } })),
  addItem: (id: string, productId: string, variantId?: string) =>
    unwrap(api().POST('/api/v1/shop/wishlists/{id}/items', { params: { path: { id } }, body: { product_id: productId, variant_id: variantId } })).then((r) => r.data),
  setAlerts: (id: string, itemId: string, body: { alert_price?: boolean; alert_stock?: boolean }) =>
    unwrap(api().PATCH('/api/v1/shop/wishlists/{id}/items/{item_id}', { params: { path: { id, item_id: itemId } }, body })).then((r) => r.data),
  removeItem: (id: string, itemId: string) =>
    unwrap(api().DELETE('/api/v1/shop/wishlists/{id}/items/{item_id}', { params: { path: { id, item_id: itemId } } })).then((r) => r.data),
  shared: (token: string) => unwrap(pub().GET('/api/v1/shop/wishlists/shared/{token}', { params: { path: { token } } })).then((r) => r.data),
};

export const wishlistKeys = {
  lists: ['wishlists'] as const,
  shared: (token: string) => ['wishlists', 'shared', token] as const,
};

/** The user portal's wishlist page and a shared list's public page. */
export const SHOP_WISHLIST_PATH = '/shop/wishlist';
export const SHOP_SHARED_WISHLIST_PATH = '/shop/wishlist/shared';
export const sharedWishlistUrl = (token: string) => `${window.location.origin}${SHOP_SHARED_WISHLIST_PATH}?token=${encodeURIComponent(token)}`;
