import { ApiError, errorFromResponse, networkError } from './errors';
import type { LoginBody } from './types';

/**
 * How the client reaches the session without depending on it. `@sojourn/session` installs a bridge at start-up;
 * reads must return what is persisted *now* (another tab may have rotated the tokens).
 */
export interface SessionBridge {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Store a rotated token pair. Always called with the newest refresh token. */
  onRefreshed(body: LoginBody): void;
  /** Refresh failed for good: sign the person out locally. */
  onAuthLost(): void;
}

interface ClientConfig {
  baseUrl: string;
  bridge: SessionBridge | null;
  fetch: typeof fetch;
}

function defaultBaseUrl(): string {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  return (env?.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
}

const config: ClientConfig = {
  baseUrl: defaultBaseUrl(),
  bridge: null,
  fetch: (...args) => globalThis.fetch(...args),
};

/** Configure the API base URL (empty = same origin), the session bridge or the fetch implementation. */
export function configureApi(next: Partial<ClientConfig>): void {
  if (next.baseUrl !== undefined) config.baseUrl = next.baseUrl.replace(/\/+$/, '');
  if (next.bridge !== undefined) config.bridge = next.bridge;
  if (next.fetch !== undefined) config.fetch = next.fetch;
}

/** Absolute URL of an API path: the configured base, or this page's origin (portals call their own origin). */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const base = config.baseUrl || (typeof window !== 'undefined' ? window.location.origin : '');
  return `${base}${path}`;
}

/** Media URLs from the API are origin-relative; resolve them against the API base. */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return apiUrl(path);
}

async function rawFetch(req: Request): Promise<Response> {
  try {
    return await config.fetch(req);
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw networkError(e);
  }
}

let inflight: Promise<string> | null = null;

async function withCrossTabLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (locks?.request) return locks.request('sojourn-token-refresh', fn) as Promise<T>;
  return fn();
}

/**
 * Exchange the refresh token for a new pair. Concurrent callers in this tab share one request; across tabs a Web Lock
 * serialises refreshes and a tab that waited reuses the pair another tab already obtained, so a spent refresh token
 * is normally not sent again (after the server's reuse grace, 30 s, that would revoke the whole session). Within the
 * grace the server answers a spent token whose successor is unused with a new pair: that covers a reply lost to a
 * reload, and a tab that took the lock before localStorage brought it the other tab's write (another tab's writes
 * reach this one a moment later).
 *
 * @param staleAccessToken the access token that was rejected; if the stored one differs, it is already fresh.
 * @returns the new access token. Rejects with ApiError; an `unauthenticated`-class error means the session is over.
 */
export function refreshSession(staleAccessToken?: string | null): Promise<string> {
  if (!inflight) {
    inflight = withCrossTabLock(async () => {
      const bridge = config.bridge;
      if (!bridge) throw new ApiError({ status: 401, code: 'unauthenticated', message: 'Not signed in.' });
      const current = bridge.getAccessToken();
      if (staleAccessToken && current && current !== staleAccessToken) return current;
      const refreshToken = bridge.getRefreshToken();
      if (!refreshToken) throw new ApiError({ status: 401, code: 'unauthenticated', message: 'Not signed in.' });
      const res = await rawFetch(
        new Request(apiUrl('/api/auth/refresh'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ refresh_token: refreshToken }),
        }),
      );
      if (!res.ok) throw await errorFromResponse(res);
      const body = (await res.json()) as LoginBody;
      bridge.onRefreshed(body);
      return body.access_token;
    }).finally(() => {
      inflight = null;
    });
  }
  return inflight;
}

/** True when a refresh failure means the session cannot be recovered (as opposed to a network hiccup). */
export function isSessionOver(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 400 || e.status === 401 || e.status === 403 || e.status === 404);
}

/**
 * fetch with the session's bearer token. On 401 it refreshes once (shared) and retries once; if the refresh is
 * refused the session bridge is told the session is lost. Usable as openapi-fetch's `fetch`.
 */
export async function authedFetch(input: Request, opts: { auth?: boolean } = {}): Promise<Response> {
  const auth = opts.auth ?? true;
  const token = auth ? (config.bridge?.getAccessToken() ?? null) : null;
  const retryCopy = token ? input.clone() : null;
  if (token) input.headers.set('Authorization', `Bearer ${token}`);
  const res = await rawFetch(input);
  if (res.status !== 401 || !token || !retryCopy) return res;

  let fresh: string;
  try {
    fresh = await refreshSession(token);
  } catch (e) {
    if (isSessionOver(e)) config.bridge?.onAuthLost();
    return res;
  }
  retryCopy.headers.set('Authorization', `Bearer ${fresh}`);
  const retried = await rawFetch(retryCopy);
  if (retried.status === 401) config.bridge?.onAuthLost();
  return retried;
}

export interface RequestOptions {
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  auth?: boolean;
  signal?: AbortSignal;
}

/** Call the API and decode JSON; throws ApiError for any non-2xx answer. 204 resolves to undefined. */
export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let url = apiUrl(path);
  if (opts.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) {
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    }
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = body;
  if (opts.signal) init.signal = opts.signal;
  const res = await authedFetch(new Request(url, init), { auth: opts.auth ?? true });
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204 || res.headers.get('Content-Length') === '0') return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
