import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

export type Earnings = components['schemas']['Earnings'];
export type EarningLine = components['schemas']['EarningLine'];
export type Payout = components['schemas']['Payout'];
export type PayoutAccount = components['schemas']['PayoutAccount'];
export type Bank = components['schemas']['Bank'];
export type Currency = components['schemas']['Currency'];

export interface PayoutAccountInput {
  bank_code: string;
  account_number: string;
  account_name: string;
}

const api = () => typedClient(true);

/**
 * The provider money calls of api/openapi.yaml (earnings, banks, payout account, payouts). The wallet itself (balance,
 * activation) is read through @sojourn/session, like the member's.
 */
export const earningsApi = {
  earnings: (page: number, perPage: number) => unwrap(api().GET('/api/v1/earnings', { params: { query: { page, per_page: perPage } } })),
  banks: () => unwrap(api().GET('/api/v1/banks')).then((r) => r.data),
  payoutAccounts: () => unwrap(api().GET('/api/v1/payout-accounts')).then((r) => r.data),
  setPayoutAccount: (body: PayoutAccountInput, key: string) =>
    unwrap(api().POST('/api/v1/payout-accounts', { params: idem(key), body })).then((r) => r.data),
  payouts: (page: number, perPage: number) => unwrap(api().GET('/api/v1/payouts', { params: { query: { page, per_page: perPage } } })),
  withdraw: (amount: number, key: string) => unwrap(api().POST('/api/v1/payouts', { params: idem(key), body: { amount } })).then((r) => r.data),
};

export const earningsKeys = {
  all: ['earnings'] as const,
  earnings: (page: number) => ['earnings', 'summary', page] as const,
  wallet: ['earnings', 'wallet'] as const,
  banks: ['earnings', 'banks'] as const,
  accounts: ['earnings', 'payout-accounts'] as const,
  payouts: (page: number) => ['earnings', 'payouts', page] as const,
};
