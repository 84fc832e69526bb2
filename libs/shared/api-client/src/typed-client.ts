import createClient, { type Client } from 'openapi-fetch';
import { apiUrl, authedFetch } from './client';
import { errorFromBody } from './errors';
import type { paths } from './generated/schema';

const cached: Record<'auth' | 'public', { base: string; client: Client<paths> } | null> = { auth: null, public: null };

/**
 * openapi-fetch client typed by the contract. With `auth` (the default) requests carry the session's bearer token
 * and get the shared refresh-and-retry on 401; public calls (sign-in, sign-up, password reset...) go without.
 */
export function typedClient(auth = true): Client<paths> {
  const base = apiUrl('');
  const key = auth ? 'auth' : 'public';
  const hit = cached[key];
  if (hit && hit.base === base) return hit.client;
  const client = createClient<paths>({ baseUrl: base, fetch: (req) => authedFetch(req, { auth }) });
  cached[key] = { base, client };
  return client;
}

/** Return `data` of an openapi-fetch result, or throw the ApiError built from the error envelope. */
export async function unwrap<T>(result: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await result;
  if (error !== undefined || !response.ok) throw errorFromBody(response, error);
  return data as T;
}
