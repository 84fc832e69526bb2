import { configureApi } from '@sojourn/api-client';
import { useAuthStore } from './auth-store';
import { useWalletStore } from './wallet-store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateWallet, fetchWallet } from './wallet-actions';

const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

describe('wallet state machine (seed spec, sections 4, 7 and 8)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    configureApi({
      baseUrl: 'https://api.example.com',
      fetch: fetchMock as unknown as typeof fetch,
      bridge: { getAccessToken: () => 'tok', getRefreshToken: () => 'ref', onRefreshed: () => {}, onAuthLost: () => {} },
    });
    useWalletStore.getState().reset();
    useAuthStore.setState({ accessToken: 'tok' });
  });
  afterEach(() => {
    useAuthStore.setState({ accessToken: null });
    vi.restoreAllMocks();
  });

  it('a wallet call without a token logs and does nothing', async () => {
    useAuthStore.setState({ accessToken: null });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(fetchWallet()).resolves.toBeUndefined();
    await expect(activateWallet()).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(useWalletStore.getState()).toMatchObject({ balance: null, loading: false });
  });

  it('reads data.balance: null until activated', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { balance: null } }));
    await fetchWallet();
    const [req] = fetchMock.mock.calls[0] as [Request];
    expect(req.method).toBe('GET');
    expect(req.url).toBe('https://api.example.com/api/v1/wallet');
    expect(req.headers.get('Authorization')).toBe('Bearer tok');
    expect(useWalletStore.getState()).toMatchObject({ balance: null, loading: false });
  });

  it('activation posts an empty body with an Idempotency-Key, then refetches to become active', async () => {
    fetchMock
      .mockResolvedValueOnce(json(201, { data: { balance: 0, currency: 'NGN', available: 0, pending: 0 } }))
      .mockResolvedValueOnce(json(200, { data: { balance: 0, currency: 'NGN', available: 0, pending: 0 } }));
    const wallet = await activateWallet();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [post] = fetchMock.mock.calls[0] as [Request];
    const [get] = fetchMock.mock.calls[1] as [Request];
    expect(post.method).toBe('POST');
    expect(post.url).toBe('https://api.example.com/api/v1/wallet');
    expect(await post.text()).toBe('');
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(get.method).toBe('GET');
    expect(wallet?.balance).toBe(0);
    expect(useWalletStore.getState()).toMatchObject({ balance: 0, loading: false });
  });

  it('the balance only changes through the refetch, not the activation answer', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { data: { balance: 999 } }))
      .mockResolvedValueOnce(json(200, { data: { balance: 150000, currency: 'NGN' } }));
    await activateWallet();
    expect(useWalletStore.getState().balance).toBe(150000);
  });

  it('a failed fetch is logged, clears the loading flag and rejects (the screen offers a retry)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'internal', message: 'boom', request_id: 'r' } }));
    const pending = fetchWallet();
    expect(useWalletStore.getState().loading).toBe(true);
    await expect(pending).rejects.toThrow('boom');
    expect(useWalletStore.getState().loading).toBe(false);
    expect(useWalletStore.getState().balance).toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('a failed activation clears the loading flag and does not refetch', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(activateWallet()).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useWalletStore.getState().loading).toBe(false);
  });
});
