import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authedFetch, configureApi, request, type SessionBridge } from './client';
import { ApiError } from './errors';

const json = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function bridge(initial: { access: string; refresh: string }) {
  const tokens = { ...initial };
  const b: SessionBridge & { lost: number } = {
    lost: 0,
    getAccessToken: () => tokens.access,
    getRefreshToken: () => tokens.refresh,
    onRefreshed: (body) => {
      tokens.access = body.access_token;
      tokens.refresh = body.refresh_token;
    },
    onAuthLost: () => {
      b.lost++;
    },
  };
  return { b, tokens };
}

const loginBody = (n: number) => ({ access_token: `a${n}`, refresh_token: `r${n}`, token_type: 'Bearer', expires_in: 20, email: 'x@y.z', user: {} });

describe('api client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    configureApi({ baseUrl: 'https://api.example.com/', fetch: fetchMock as unknown as typeof fetch });
  });

  it('adds the bearer token and the configured base URL', async () => {
    const { b } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u' } }));
    await request('GET', '/api/auth/user');
    const [req] = fetchMock.mock.calls[0] as [Request];
    expect(req.url).toBe('https://api.example.com/api/auth/user');
    expect(req.headers.get('Authorization')).toBe('Bearer a1');
  });

  it('on 401 refreshes once, stores the rotated pair and retries', async () => {
    const { b, tokens } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.url.endsWith('/api/auth/refresh')) return json(200, loginBody(2));
      return req.headers.get('Authorization') === 'Bearer a2' ? json(200, { ok: true }) : json(401, { error: { code: 'unauthenticated', message: 'expired' } });
    });
    await expect(request('GET', '/api/v1/profile')).resolves.toEqual({ ok: true });
    expect(tokens).toEqual({ access: 'a2', refresh: 'r2' });
  });

  it('makes concurrent 401s share one refresh request', async () => {
    const { b } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    let refreshes = 0;
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.url.endsWith('/api/auth/refresh')) {
        refreshes++;
        const body = (await req.json()) as { refresh_token: string };
        expect(body.refresh_token).toBe('r1');
        await new Promise((r) => setTimeout(r, 10));
        return json(200, loginBody(2));
      }
      return req.headers.get('Authorization') === 'Bearer a2' ? json(200, { ok: true }) : json(401, { error: { code: 'unauthenticated', message: 'expired' } });
    });
    const results = await Promise.all([request('GET', '/a'), request('GET', '/b'), request('GET', '/c')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
  });

  it('refreshes under a Web Lock across tabs, and a tab that waited uses the pair another tab stored', async () => {
    const { b, tokens } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    // Another tab holds the lock until release(); requests queue behind it.
    let release: () => void = () => undefined;
    let tail: Promise<unknown> = new Promise<void>((r) => (release = r));
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: (name: string, fn: () => Promise<unknown>) => {
          names.push(name);
          const run = tail.then(fn);
          tail = run.catch(() => undefined);
          return run;
        },
      },
    });
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.url.endsWith('/api/auth/refresh')) return json(200, loginBody(9));
      return req.headers.get('Authorization') === 'Bearer a2' ? json(200, { ok: true }) : json(401, { error: { code: 'unauthenticated', message: 'expired' } });
    });
    try {
      const pending = request('GET', '/api/v1/profile');
      await vi.waitFor(() => expect(names).toEqual(['sojourn-token-refresh']));
      // The other tab's refresh stores its pair, then lets go of the lock.
      tokens.access = 'a2';
      tokens.refresh = 'r2';
      release();
      await expect(pending).resolves.toEqual({ ok: true });
      expect(fetchMock.mock.calls.map(([r]) => new URL((r as Request).url).pathname)).not.toContain('/api/auth/refresh');
      expect(tokens).toEqual({ access: 'a2', refresh: 'r2' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('logs the user out when the refresh is refused', async () => {
    const { b } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    fetchMock.mockImplementation(async () => json(401, { error: { code: 'unauthenticated', message: 'Your session has ended.' } }));
    await expect(request('GET', '/api/v1/profile')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(b.lost).toBe(1);
  });

  it('does not log out on a network failure during refresh', async () => {
    const { b } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    fetchMock.mockImplementation(async (req: Request) => {
      if (req.url.endsWith('/api/auth/refresh')) throw new TypeError('Failed to fetch');
      return json(401, { error: { code: 'unauthenticated', message: 'expired' } });
    });
    await expect(request('GET', '/x')).rejects.toBeInstanceOf(ApiError);
    expect(b.lost).toBe(0);
  });

  it('turns the error envelope into a typed error with field errors and Retry-After', async () => {
    configureApi({ bridge: null });
    fetchMock.mockResolvedValueOnce(
      json(422, { error: { code: 'validation_failed', message: 'Invalid fields.', request_id: 'req-1', fields: { email: 'is taken' } } }),
    );
    const err = (await request('POST', '/api/auth/register', { auth: false, body: {} }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, code: 'validation_failed', requestId: 'req-1', fields: { email: 'is taken' } });

    fetchMock.mockResolvedValueOnce(json(429, { error: { code: 'rate_limited', message: '' } }, { 'Retry-After': '30' }));
    const limited = (await request('POST', '/api/auth/login', { auth: false, body: {} }).catch((e) => e)) as ApiError;
    expect(limited.retryAfter).toBe(30);
    expect(limited.message).toBe('Too many attempts. Try again in 30 seconds.');
  });

  it('sends public calls without a token and never refreshes them', async () => {
    const { b } = bridge({ access: 'a1', refresh: 'r1' });
    configureApi({ bridge: b });
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'invalid_credentials', message: 'Wrong email or password.' } }));
    const res = await authedFetch(new Request('https://api.example.com/api/auth/login', { method: 'POST' }), { auth: false });
    expect(res.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect((fetchMock.mock.calls[0] as [Request])[0].headers.get('Authorization')).toBeNull();
  });
});
