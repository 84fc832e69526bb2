import createClient, { type Client } from 'openapi-fetch';
import { apiUrl, authedFetch } from './client';
import { errorFromResponse } from './errors';
import type { paths } from './generated/schema';

let cached: { base: string; client: Client<paths> } | null = null;

/** openapi-fetch client typed by the contract, sending every request through the authenticating fetch. */
export function typedClient(): Client<paths> {
  const base = apiUrl('');
  if (!cached || cached.base !== base) {
    cached = { base, client: createClient<paths>({ baseUrl: base, fetch: (req) => authedFetch(req) }) };
  }
  return cached.client;
}

/** Return `data` of an openapi-fetch result, or throw the ApiError built from the error envelope. */
export async function unwrap<T>(result: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await result;
  if (error !== undefined || !response.ok) throw await errorFromResponse(response);
  return data as T;
}
