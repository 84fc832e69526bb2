import { idempotencyHeader as idem, newIdempotencyKey, typedClient, unwrap, type components } from '@sojourn/api-client';

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
export type GiftCardPurchaseInput = components['schemas']['GiftCardPurchaseInput'];
export type GiftCardRedemption = components['schemas']['GiftCardRedemption'];

export interface TransactionQuery {
  page?: number;
  per_page?: number;
  type?: TransactionType | undefined;
  direction?: 'credit' | 'debit' | undefined;
  status?: TransactionStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const api = () => typedClient(true);
const pub = () => typedClient(false);

export const walletApi = {
  get: () => unwrap(api().GET('/api/v1/wallet')),
  activate: (key = newIdempotencyKey()) => unwrap(api().POST('/api/v1/wallet', { params: idem(key) })),
  transactions: (query: TransactionQuery) => unwrap(api().GET('/api/v1/wallet/transactions', { params: { query } })),
  transaction: (id: string) => unwrap(api().GET('/api/v1/wallet/transactions/{id}', { params: { path: { id } } })),
  transfer: (body: { to: string; amount: number; note?: string }, key: string) =>
    unwrap(api().POST('/api/v1/wallet/transfers', { params: idem(key), body })),
  topUp: (amount: number, key: string) => unwrap(api().POST('/api/v1/wallet/topups', { params: idem(key), body: { amount } })),
};

export const paymentsApi = {
  verify: (reference: string) => unwrap(api().GET('/api/v1/payments/{reference}/verify', { params: { path: { reference } } })),
};

export const giftCardsApi = {
  products: (page = 1, per_page = 20) => unwrap(pub().GET('/api/v1/gift-cards/products', { params: { query: { page, per_page } } })),
  product: (productId: string) => unwrap(pub().GET('/api/v1/gift-cards/products/{productId}', { params: { path: { productId } } })),
  purchase: (body: GiftCardPurchaseInput, key: string) => unwrap(api().POST('/api/v1/gift-cards/purchases', { params: idem(key), body })),
  purchased: (id: string) => unwrap(api().GET('/api/v1/gift-cards/purchased/{id}', { params: { path: { id } } })),
  reveal: (id: string, key: string) =>
    unwrap(api().POST('/api/v1/gift-cards/purchased/{id}/reveal', { params: { path: { id }, ...idem(key) } })),
  redeem: (code: string, key: string) => unwrap(api().POST('/api/v1/gift-cards/redeem', { params: idem(key), body: { code } })),
};
