import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

export type Earnings = components['schemas']['Earnings'];
export type EarningLine = components['schemas']['EarningLine'];
export type Payout = components['schemas']['Payout'];
export type PayoutAccount = components['schemas']['PayoutAccount'];
export type Bank = components['schemas']['Bank'];
export type Currency = components['schemas']['Currency'];

export type Wallet = components['schemas']['Wallet'];
type PayoutCurrency = 'GHS' | 'KES' | 'NGN' | 'ZAR';
type PayoutCountry = 'NG' | 'GH' | 'KE' | 'ZA';

export interface PayoutAccountInput {
  bank_code: string;
  account_number: string;
  account_name: string;
  currency: PayoutCurrency;
}

/** One request of a keyset list: at most `limit` (1..100) rows after the opaque `cursor` (none: from the newest). */
export interface KeysetQuery {
  cursor?: string | undefined;
  limit: number;
}

const api = () => typedClient(true);

/**
 * The provider money calls of api/openapi.yaml (earnings, banks, payout account, payouts). The wallet itself (balance,
 * activation) is read through @sojourn/session, like the member's.
 */
export const earningsApi = {
  /** The balances and a keyset page of earning lines: at most `limit`, after the opaque `cursor` (meta.next_cursor). */
  earnings: (query: KeysetQuery, currency: PayoutCurrency) =>
    unwrap(api().GET('/api/v1/earnings', { params: { query: { ...query, currency } } })),
  /** The banks of the country the provider is paid out in (its currency follows). */
  banks: (country: PayoutCountry) => unwrap(api().GET('/api/v1/banks', { params: { query: { country } } })).then((r) => r.data),
  /** The wallet in a payout currency other than NGN (the NGN wallet is read through @sojourn/session). */
  wallet: (currency: PayoutCurrency) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
  activate: (currency: PayoutCurrency, key: string) =>
    unwrap(api().POST('/api/v1/wallet', { params: { ...idem(key), query: { currency } } })).then((r) => r.data),
  payoutAccounts: () => unwrap(api().GET('/api/v1/payout-accounts')).then((r) => r.data),
  setPayoutAccount: (body: PayoutAccountInput, key: string) =>
    unwrap(api().POST('/api/v1/payout-accounts', { params: idem(key), body })).then((r) => r.data),
  /** A keyset page of payouts, newest first: at most `limit`, after the opaque `cursor` (meta.next_cursor). */
  payouts: (query: KeysetQuery) => unwrap(api().GET('/api/v1/payouts', { params: { query } })),
  withdraw: (amount: number, currency: PayoutCurrency, key: string) =>
    unwrap(api().POST('/api/v1/payouts', { params: idem(key), body: { amount, currency } })).then((r) => r.data),
};

export const earningsKeys = {
  all: ['earnings'] as const,
  earnings: (currency: string, limit: number) => ['earnings', 'summary', currency, limit] as const,
  wallet: (currency: string) => ['earnings', 'wallet', currency] as const,
  banks: (country: string) => ['earnings', 'banks', country] as const,
  accounts: ['earnings', 'payout-accounts'] as const,
  payouts: (limit: number) => ['earnings', 'payouts', limit] as const,
};
