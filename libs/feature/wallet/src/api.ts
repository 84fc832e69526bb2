import { idempotencyHeader as idem, typedClient, unwrap, type components, type paths } from '@sojourn/api-client';

/** Shapes of the money API (api/openapi.yaml). Every amount is an integer of minor units (kobo). */
export type Wallet = components['schemas']['Wallet'];
export type Currency = components['schemas']['Currency'];
export type Transaction = components['schemas']['Transaction'];
export type TransactionType = components['schemas']['TransactionType'];
export type TransactionStatus = components['schemas']['TransactionStatus'];
export type StartedPayment = components['schemas']['StartedPayment'];
export type Payment = components['schemas']['Payment'];
export type PaymentStatus = components['schemas']['PaymentStatus'];
export type GiftCardProduct = components['schemas']['GiftCardProduct'];
export type GiftCard = components['schemas']['GiftCard'];
/** A card on its recipient's list: when they received it, who it is from, and whether they can add it to their wallet. */
export type ReceivedGiftCard = components['schemas']['ReceivedGiftCard'];
export type GiftCardPurchaseInput = components['schemas']['GiftCardPurchaseInput'];
export type GiftCardRedemption = components['schemas']['GiftCardRedemption'];
export type GiftCardProductInput = components['schemas']['GiftCardProductInput'];
export type GiftCardProductPatch = components['schemas']['GiftCardProductPatch'];
export type AdminPayment = components['schemas']['AdminPayment'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type AdjustmentInput = NonNullable<paths['/api/v1/admin/ledger/adjustments']['post']['requestBody']>['content']['application/json'];

export const CURRENCIES: Currency[] = ['NGN', 'GHS', 'KES', 'ZAR', 'USD'];
export const PAYMENT_STATUSES: PaymentStatus[] = ['pending', 'success', 'failed', 'abandoned', 'refunded', 'partially_refunded'];

/** The filters of the transaction history; they live in the address of the transactions page. */
export interface TransactionFilters {
  type?: TransactionType | undefined;
  direction?: 'credit' | 'debit' | undefined;
  status?: TransactionStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One request of the history: the filters, at most `limit` (1..100) transactions, after the opaque `cursor`. */
export interface TransactionQuery extends TransactionFilters {
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** A keyset page's meta: `next_cursor` reads the page after this one, null on the last page; there is no total. */
export type CursorMeta = components['schemas']['CursorMeta'];

export interface CursorPage<T> {
  data: T[];
  meta: CursorMeta;
}

const api = () => typedClient(true);
const pub = () => typedClient(false);


export const walletApi = {
  transactions: (query: TransactionQuery): Promise<CursorPage<Transaction>> =>
    unwrap(api().GET('/api/v1/wallet/transactions', { params: { query } })),
  transaction: (id: string) => unwrap(api().GET('/api/v1/wallet/transactions/{id}', { params: { path: { id } } })),
  transfer: (body: { to: string; amount: number; note?: string; currency?: Currency }, key: string) =>
    unwrap(api().POST('/api/v1/wallet/transfers', { params: idem(key), body })),
  topUp: (amount: number, key: string, currency: Currency = 'NGN') =>
    unwrap(api().POST('/api/v1/wallet/topups', { params: idem(key), body: { amount, currency } })),
  /** The wallet in a currency other than NGN (the NGN wallet is read through @sojourn/session and its store). */
  walletIn: (currency: Currency) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
  activateIn: (currency: Currency, key: string) =>
    unwrap(api().POST('/api/v1/wallet', { params: { ...idem(key), query: { currency } } })).then((r) => r.data),
};

export const paymentsApi = {
  verify: (reference: string) => unwrap(api().GET('/api/v1/payments/{reference}/verify', { params: { path: { reference } } })),
};

export const giftCardsApi = {
  products: (page = 1, per_page = 20) => unwrap(pub().GET('/api/v1/gift-cards/products', { params: { query: { page, per_page } } })),
  product: (productId: string) => unwrap(pub().GET('/api/v1/gift-cards/products/{productId}', { params: { path: { productId } } })),
  purchase: (body: GiftCardPurchaseInput, key: string) => unwrap(api().POST('/api/v1/gift-cards/purchases', { params: idem(key), body })),
  purchased: (id: string) => unwrap(api().GET('/api/v1/gift-cards/purchased/{id}', { params: { path: { id } } })),
  /** A keyset page of the cards the caller bought, newest first: at most `limit`, after the opaque `cursor`. */
  bought: (query: { cursor?: string | undefined; limit: number }): Promise<CursorPage<GiftCard>> =>
    unwrap(api().GET('/api/v1/gift-cards/purchased', { params: { query } })),
  /**
   * A keyset page of the cards the caller received, newest received first: those addressed to their verified email
   * (waiting, redeemed, expired or refunded) and those they redeemed with a code.
   */
  received: (query: { cursor?: string | undefined; limit: number }): Promise<CursorPage<ReceivedGiftCard>> =>
    unwrap(api().GET('/api/v1/gift-cards/received', { params: { query } })),
  /** Adds a card addressed to the caller's verified email to their wallet, without its code (one click). */
  addToWallet: (id: string, key: string) =>
    unwrap(api().POST('/api/v1/gift-cards/received/{id}/redeem', { params: { path: { id }, ...idem(key) } })).then((r) => r.data),
  reveal: (id: string, key: string) =>
    unwrap(api().POST('/api/v1/gift-cards/purchased/{id}/reveal', { params: { path: { id }, ...idem(key) } })),
  redeem: (code: string, key: string) => unwrap(api().POST('/api/v1/gift-cards/redeem', { params: idem(key), body: { code } })),
};

/** The admin's money calls: gift-card products, payments and refunds, ledger adjustments, and the audit log they write. */
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
  userWallet: (id: string) => unwrap(api().GET('/api/v1/admin/users/{id}/wallet', { params: { path: { id } } })).then((r) => r.data),
  userTransactions: (id: string, query: { cursor?: string | undefined; limit?: number }) =>
    unwrap(api().GET('/api/v1/admin/users/{id}/transactions', { params: { path: { id }, query } })),
  summary: (currency?: components['schemas']['Currency']) => unwrap(api().GET('/api/v1/admin/money/summary', { params: { query: { currency } } })).then((r) => r.data),
  auditLog: (query: { page: number; per_page: number; action?: string | undefined; target_type?: string | undefined; person?: string | undefined }) =>
    unwrap(api().GET('/api/v1/admin/audit-log', { params: { query } })),
};

/** react-query keys of the wallet screens. */
export const walletKeys = {
  all: ['wallet'] as const,
  wallet: ['wallet', 'balance'] as const,
  walletIn: (currency: string) => ['wallet', 'balance', currency] as const,
  history: (filters: TransactionFilters, limit: number) => ['wallet', 'transactions', 'history', filters, limit] as const,
  recent: (limit: number) => ['wallet', 'transactions', 'recent', limit] as const,
  transaction: (id: string) => ['wallet', 'transaction', id] as const,
  products: ['gift-cards', 'products'] as const,
  product: (id: string) => ['gift-cards', 'product', id] as const,
  myCards: (kind: 'bought' | 'received', limit: number) => ['gift-cards', kind, limit] as const,
  /** Every list of one's own gift cards (bought and received). */
  myCardsAll: ['gift-cards'] as const,
};

/** react-query keys of the admin's money screens. */
export const adminMoneyKeys = {
  products: (active: string, page: number) => ['admin', 'gift-card-products', active, page] as const,
  productsAll: ['admin', 'gift-card-products'] as const,
  payments: (status: string, q: string, page: number) => ['admin', 'payments', status, q, page] as const,
  paymentsAll: ['admin', 'payments'] as const,
  audit: (action: string, page: number, person = '') => ['admin', 'audit-log', action, page, person] as const,
  auditAll: ['admin', 'audit-log'] as const,
  userWallet: (id: string) => ['admin', 'user-wallet', id] as const,
  userTransactions: (id: string) => ['admin', 'user-transactions', id] as const,
  summary: ['admin', 'money-summary'] as const,
  peopleSearch: (q: string) => ['admin', 'people-search', q] as const,
};
