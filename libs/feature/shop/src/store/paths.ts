/** The vendor's set-up wizard inside the portal, and standing alone (the spec's address). */
export const VENDOR_ONBOARDING_PATH = '/vendor-app/onboarding';
export const VENDOR_CREATEACC_PATH = '/vendor-onboarding/createacc';
/** The storefront's profile (name, logo, about, address, shipping, returns). */
export const VENDOR_STORE_PATH = '/vendor-app/store';
/** Admins' vendors: the stores list at both of the spec's addresses, and one store's details (?id=). */
export const ADMIN_VENDORS_PATH = '/admin-dashboard/vendors';
export const ADMIN_SHOP_VENDOR_PATH = '/admin-dashboard/shop-vendor';
export const ADMIN_VENDOR_DETAILS_PATH = '/admin-dashboard/shop-vendor/vendor-details';
export const adminVendorHref = (id: string) => `${ADMIN_VENDOR_DETAILS_PATH}?id=${encodeURIComponent(id)}`;
