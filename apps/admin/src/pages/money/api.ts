import { idempotencyHeader as idem, typedClient, unwrap, type components, type paths } from '@sojourn/api-client';

export type GiftCardProduct = components['schemas']['GiftCardProduct'];
export type GiftCardProductInput = components['schemas']['GiftCardProductInput'];
export type GiftCardProductPatch = components['schemas']['GiftCardProductPatch'];
export type AdminPayment = components['schemas']['AdminPayment'];
export type PaymentStatus = components['schemas']['PaymentStatus'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type Transaction = components['schemas']['Transaction'];
export type Currency = components['schemas']['Currency'];
export type AdjustmentInput = NonNullable<paths['/api/v1/admin/ledger/adjustments']['post']['requestBody']>['content']['application/json'];

export const CURRENCIES: Currency[] = ['NGN', 'GHS', 'KES', 'ZAR', 'USD'];
export const PAYMENT_STATUSES: PaymentStatus[] = ['pending', 'success', 'failed', 'abandoned', 'refunded', 'partially_refunded'];

const api = () => typedClient(true);

/** The admin money calls of api/openapi.yaml. */
export const adminMoneyApi = {
  products: (query: { page: number; per_page: number; active?: 'true' | 'false' | undefined }) =>
    unwrap(api().GET('/api/v1/admin/gift-cards/products', { params: { query } })),
  createProduct: (body: GiftCardProductInput) => unwrap(api().POST('/api/v1/admin/gift-cards/products', { body })).then((r) => r.data),
  updateProduct: (id: string, body: GiftCardProductPatch) =>
    unwrap(api().PATCH('/api/v1/admin/gift-cards/products/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  uploadProductImage: (id: string, file: File) =>
    unwrap(
      api().POST('/api/v1/admin/gift-cards/products/{id}/image', {
        params: { path: { id } },
        body: { image: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('image', file);
          return form;
        },
      }),
    ).then((r) => r.data),
  payments: (query: { page: number; per_page: number; status?: PaymentStatus | undefined; q?: string | undefined }) =>
    unwrap(api().GET('/api/v1/admin/payments', { params: { query } })),
  refund: (reference: string, body: { amount?: number; reason: string }, key: string) =>
    unwrap(api().POST('/api/v1/admin/payments/{reference}/refund', { params: { path: { reference }, ...idem(key) }, body })).then((r) => r.data),
  adjust: (body: AdjustmentInput, key: string) => unwrap(api().POST('/api/v1/admin/ledger/adjustments', { params: idem(key), body })).then((r) => r.data),
  auditLog: (query: { page: number; per_page: number; action?: string | undefined; target_type?: string | undefined }) =>
    unwrap(api().GET('/api/v1/admin/audit-log', { params: { query } })),
};

export const moneyKeys = {
  products: (active: string, page: number) => ['admin', 'gift-card-products', active, page] as const,
  productsAll: ['admin', 'gift-card-products'] as const,
  payments: (status: string, q: string, page: number) => ['admin', 'payments', status, q, page] as const,
  paymentsAll: ['admin', 'payments'] as const,
  audit: (action: string, page: number) => ['admin', 'audit-log', action, page] as const,
  auditAll: ['admin', 'audit-log'] as const,
  userSearch: (q: string) => ['admin', 'user-search', q] as const,
};
