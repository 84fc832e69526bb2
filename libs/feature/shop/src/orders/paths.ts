/** The user portal's cart, checkout and order addresses. */
export const SHOP_PATHS = {
  home: '/shop',
  cart: '/shop/Cart',
  checkout: '/shop/Checkout',
  delivery: '/shop/Delivery',
  payment: '/shop/Payment',
  successful: '/shop/Successful',
  orders: '/shop/orders',
} as const;

/** The vendor portal's order screens. */
export const VENDOR_ORDER_PATHS = {
  dashboard: '/vendor-app/dashboard',
  bookings: '/vendor-app/bookings',
  clients: '/vendor-app/clients',
  earnings: '/vendor-app/earnings',
  offerings: '/vendor-app/offerings',
} as const;

/** The admin portal's order screens. */
export const ADMIN_ORDER_PATHS = {
  orders: '/admin-dashboard/orders',
  commission: '/admin-dashboard/orders/commission-rules',
} as const;

const q = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;
export const orderHref = (id: string) => q(SHOP_PATHS.orders, id);
export const successHref = (groupId: string) => q(SHOP_PATHS.successful, groupId);
export const vendorOrderHref = (id: string) => q(VENDOR_ORDER_PATHS.bookings, id);
export const packingSlipHref = (id: string) => `${vendorOrderHref(id)}&slip=1`;
export const adminGroupHref = (id: string) => q(ADMIN_ORDER_PATHS.orders, id);
/** The catalogue's product page (catalog-web's address). */
export const productHref = (id: string) => q('/shop/ProductDetails', id);
