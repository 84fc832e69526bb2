import { typedClient, unwrap } from '@sojourn/api-client';

const api = () => typedClient(true);

/**
 * The calls the session itself makes (api/openapi.yaml): reload the signed-in account, end one or every session, and
 * read the profile completeness the completeness guards act on. Sign-in, sign-up and the rest of the account calls
 * live with the account feature (libs/feature/account/src/api.ts); the token refresh lives in the API client.
 */
export const sessionApi = {
  me: () => unwrap(api().GET('/api/auth/user')),
  logout: (refreshToken: string) => unwrap(typedClient(false).POST('/api/auth/logout', { body: { refresh_token: refreshToken } })),
  logoutAll: () => unwrap(api().POST('/api/auth/logout-all')),
  completeness: () => unwrap(api().GET('/api/v1/profile/completeness')),
};
