/** The vendor's set-up wizard inside the portal, and standing alone (the spec's address). */
export const VENDOR_ONBOARDING_PATH = '/vendor-app/onboarding';
export const VENDOR_CREATEACC_PATH = '/vendor-onboarding/createacc';
/** The storefront's profile (name, logo, about, address, shipping, returns). */
export const VENDOR_STORE_PATH = '/vendor-app/store';
