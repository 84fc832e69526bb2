import type { PageSpec, WizardStep } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { ADMIN_SHOP_VENDOR_PATH, ADMIN_VENDOR_DETAILS_PATH, ADMIN_VENDORS_PATH, VENDOR_STORE_PATH } from './paths';

export * from './paths';
export { STORE_FLOW } from './api';
export { SetUpShopCard } from './setup-card';

const steps = () => import('./steps');

/** The vendor's shop set-up (flow vendor_store, saved per step on the server); the portal serves it with wizardPages(). */
export const vendorStoreWizardSteps: WizardStep[] = [
  { slug: 'store', title: 'Store name', description: 'The name buyers know your shop by; its address follows it.', load: () => steps().then((m) => ({ default: m.StoreNameStep })) },
  { slug: 'about', title: 'About and address', load: () => steps().then((m) => ({ default: m.AboutStep })) },
  { slug: 'shipping', title: 'Shipping methods', description: 'How parcels reach buyers, at what fee and how fast.', load: () => steps().then((m) => ({ default: m.ShippingStep })) },
  { slug: 'returns', title: 'Returns', load: () => steps().then((m) => ({ default: m.ReturnsStep })) },
  { slug: 'logo', title: 'Logo', load: () => steps().then((m) => ({ default: m.LogoStep })) },
  { slug: 'payout', title: 'Payout account', load: () => steps().then((m) => ({ default: m.PayoutStep })) },
  { slug: 'review', title: 'Review and submit', load: () => steps().then((m) => ({ default: m.ReviewStep })) },
];

/** The vendor portal's storefront page. */
export function vendorStorePages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.vendor];
  return [{ path: VENDOR_STORE_PATH, title: 'Your store', frame: 'portal', guards, load: () => import('./pages/store') }];
}

/** The admin portal's vendors: the stores list (at the spec's two addresses) and one store's details. */
export function adminStorePages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  return [
    { path: ADMIN_SHOP_VENDOR_PATH, title: 'Shop vendors', frame: 'portal', guards, load: () => import('./pages/admin/vendors') },
    { path: ADMIN_VENDORS_PATH, title: 'Shop vendors', frame: 'portal', guards, load: () => import('./pages/admin/vendors') },
    { path: ADMIN_VENDOR_DETAILS_PATH, title: 'Store details', frame: 'portal', guards, load: () => import('./pages/admin/vendor-details') },
  ];
}
