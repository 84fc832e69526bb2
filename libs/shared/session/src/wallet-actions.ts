import { sessionApi, type Wallet } from './api';
import { readPersistedAuth, useAuthStore } from './auth-store';
import { useWalletStore } from './wallet-store';

function hasToken(): boolean {
  return Boolean(readPersistedAuth().accessToken ?? useAuthStore.getState().accessToken);
}

/**
 * GET /wallet into the wallet store (the spec's calls, section 7). Without an access token it logs and does nothing
 * (resolves undefined); a failed fetch is logged, clears the loading flag and rejects so the screen can offer a retry.
 */
export async function fetchWallet(): Promise<Wallet | undefined> {
  if (!hasToken()) {
    console.warn('Wallet: no access token, so the wallet was not fetched.');
    return undefined;
  }
  const store = useWalletStore.getState();
  store.setLoading(true);
  try {
    const { data } = await sessionApi.wallet();
    useWalletStore.getState().setBalance(data.balance ?? null);
    return data;
  } catch (e) {
    console.error('Wallet: the wallet could not be loaded.', e);
    useWalletStore.getState().setLoading(false);
    throw e;
  }
}

/**
 * Activate the wallet (POST /wallet with an empty body), then refetch it: a wallet goes from "not activated"
 * (balance null) to active only through that refetch. Without a token it logs and does nothing.
 */
export async function activateWallet(): Promise<Wallet | undefined> {
  if (!hasToken()) {
    console.warn('Wallet: no access token, so the wallet was not activated.');
    return undefined;
  }
  const store = useWalletStore.getState();
  store.setLoading(true);
  try {
    await sessionApi.activateWallet();
  } catch (e) {
    console.error('Wallet: the wallet could not be activated.', e);
    useWalletStore.getState().setLoading(false);
    throw e;
  }
  return fetchWallet();
}
