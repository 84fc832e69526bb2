import { idempotencyHeader, typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type VendorStore = S['CatalogVendorStore'];
export type StoreInput = S['CatalogStoreInput'];
export type PayoutCountry = 'NG' | 'GH' | 'KE' | 'ZA';

const api = () => typedClient(true);

/** The vendor's set-up wizard (api/internal/catalog/onboarding.go). */
export const STORE_FLOW = 'vendor_store';

/** The caller's storefront, its logo, and what the set-up wizard's payout step uses. */
export const vendorStoreApi = {
  store: () => unwrap(api().GET('/api/v1/vendor/store')).then((r) => r.data),
  save: (body: StoreInput) => unwrap(api().PUT('/api/v1/vendor/store', { body })).then((r) => r.data),
  setLogo: (file: File) =>
    unwrap(
      api().POST('/api/v1/vendor/store/logo', {
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const fd = new FormData();
          fd.append('file', file);
          return fd;
        },
      }),
    ).then((r) => r.data),
  progress: () => unwrap(api().GET('/api/v1/onboarding/{flow}', { params: { path: { flow: STORE_FLOW } } })).then((r) => r.data),
  banks: (country: PayoutCountry) => unwrap(api().GET('/api/v1/banks', { params: { query: { country } } })).then((r) => r.data),
  setPayoutAccount: (body: { bank_code: string; account_number: string; account_name: string; currency: 'NGN' | 'GHS' | 'KES' | 'ZAR' }, key: string) =>
    unwrap(api().POST('/api/v1/payout-accounts', { params: idempotencyHeader(key), body })).then((r) => r.data),
};

export const storeKeys = {
  store: ['catalog', 'vendor', 'store'] as const,
  progress: ['onboarding', STORE_FLOW] as const,
};

export type VendorFigures = S['ShopVendorFigures'];
export type CommissionRule = S['CommissionRule'];

/** Admins' stores: the list (numbered pages), one store with its health, suspension and review_all, the vendor's figures. */
export const adminStoreApi = {
  stores: (q: string, page: number) => unwrap(api().GET('/api/v1/admin/shop/stores', { params: { query: { q: q || undefined, page, per_page: 20 } } })),
  store: (id: string) => unwrap(api().GET('/api/v1/admin/shop/stores/{id}', { params: { path: { id } } })).then((r) => r.data),
  update: (id: string, body: { review_all?: boolean; suspended?: boolean; reason?: string }) =>
    unwrap(api().PATCH('/api/v1/admin/shop/stores/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  figures: (vendorId: string) => unwrap(api().GET('/api/v1/admin/shop/vendors/{vendor_id}/figures', { params: { path: { vendor_id: vendorId } } })).then((r) => r.data),
  rules: () => unwrap(api().GET('/api/v1/admin/shop/commission-rules')).then((r) => r.data),
};

export const adminStoreKeys = {
  all: ['catalog', 'admin', 'stores'] as const,
  list: (q: string, page: number) => ['catalog', 'admin', 'stores', 'list', q, page] as const,
  one: (id: string) => ['catalog', 'admin', 'stores', 'one', id] as const,
  figures: (vendorId: string) => ['shop', 'admin', 'vendor-figures', vendorId] as const,
  rules: ['shop', 'admin', 'commission-rules'] as const,
};
