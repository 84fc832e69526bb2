import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { ADMIN_ORDER_PATHS, SHOP_PATHS, VENDOR_ORDER_PATHS } from './paths';

// The cart, checkout and orders of the shop (user portal), and the order consoles of vendors and admins.
export * from './cart';
export { ADMIN_ORDER_PATHS, SHOP_PATHS, VENDOR_ORDER_PATHS } from './paths';

type Load = PageSpec['load'];
const page = (guard: string) => (path: string, title: string, load: Load): PageSpec => ({ path, title, frame: 'portal', guards: [guard], load });

/** The user portal's cart, checkout steps, confirmation and orders (signed in). */
export function shopOrderPages(): PageSpec[] {
  const p = page(PORTAL_ROLE_GUARD.user);
  return [
    p(SHOP_PATHS.cart, 'Your cart', () => import('./pages/cart')),
    p(SHOP_PATHS.checkout, 'Review your order', () => import('./pages/checkout')),
    p(SHOP_PATHS.delivery, 'Delivery', () => import('./pages/delivery')),
    p(SHOP_PATHS.payment, 'Payment', () => import('./pages/payment')),
    p(SHOP_PATHS.successful, 'Order placed', () => import('./pages/successful')),
    p(SHOP_PATHS.orders, 'My orders', () => import('./pages/orders')),
  ];
}

/** The vendor portal's orders, packing slips and clients. */
export function vendorOrderPages(): PageSpec[] {
  const p = page(PORTAL_ROLE_GUARD.vendor);
  return [p(VENDOR_ORDER_PATHS.bookings, 'Orders', () => import('./pages/vendor/bookings')), p(VENDOR_ORDER_PATHS.clients, 'Clients', () => import('./pages/vendor/clients'))];
}

/** The vendor portal's home (`/vendor-app/dashboard`): today's orders, revenue, escrow and payouts, low stock. */
export const vendorDashboardPage: Load = () => import('./pages/vendor/dashboard');

/** The admin portal's shop orders (search, status, refunds) and commission rules. */
export function adminOrderPages(): PageSpec[] {
  const p = page(PORTAL_ROLE_GUARD.admin);
  return [
    p(ADMIN_ORDER_PATHS.orders, 'Shop orders', () => import('./pages/admin/orders')),
    p(ADMIN_ORDER_PATHS.commission, 'Commission rules', () => import('./pages/admin/commission-rules')),
  ];
}
