import { idempotencyHeader, newIdempotencyKey, typedClient, unwrap, type components } from '@sojourn/api-client';

/** The caller's wallet: balance null until activated (api/openapi.yaml). */
export type Wallet = components['schemas']['Wallet'];

const api = () => typedClient(true);

/**
 * The calls behind the session's own state (api/openapi.yaml): reload the signed-in account, end one or every session,
 * read the profile completeness the completeness guards act on, and read or activate the wallet whose balance the
 * wallet store keeps (members and providers alike). Sign-in, sign-up and the rest of the account calls live with the
 * account feature (libs/feature/account/src/api.ts); the token refresh lives in the API client.
 */
export const sessionApi = {
  me: () => unwrap(api().GET('/api/auth/user')),
  logout: (refreshToken: string) => unwrap(typedClient(false).POST('/api/auth/logout', { body: { refresh_token: refreshToken } })),
  logoutAll: () => unwrap(api().POST('/api/auth/logout-all')),
  completeness: () => unwrap(api().GET('/api/v1/profile/completeness')),
  /** Whether the signed-in member must still finish the user onboarding, and its step (the onboarding-check guard). */
  personalisation: () => unwrap(api().GET('/api/v1/personalisation')),
  wallet: () => unwrap(api().GET('/api/v1/wallet')),
  activateWallet: (key = newIdempotencyKey()) => unwrap(api().POST('/api/v1/wallet', { params: idempotencyHeader(key) })),
};
