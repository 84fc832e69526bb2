import { configureApi, isSessionOver, refreshSession, type LoginBody, type User } from '@sojourn/api-client';
import { sessionApi } from './api';
import { AUTH_STORAGE_KEY, readPersistedAuth, useAuthStore } from './auth-store';
import { useChatStore } from './chat-store';
import { useCompletenessStore } from './completeness-store';
import { useNotificationsStore } from './notifications-store';
import { useOnboardingStore } from './onboarding-store';
import { useWalletStore } from './wallet-store';

type Listener = () => void;
const clearListeners = new Set<Listener>();

/** Run `fn` whenever the session ends (e.g. clear the react-query cache). Returns an unsubscribe function. */
export function onSessionCleared(fn: Listener): () => void {
  clearListeners.add(fn);
  return () => clearListeners.delete(fn);
}

const lostListeners = new Set<Listener>();

/**
 * Run `fn` when the session ends without the person asking for it here: the API refused to refresh it, or another
 * tab signed out. (An explicit sign-out in this tab navigates by itself.)
 */
export function onSessionLost(fn: Listener): () => void {
  lostListeners.add(fn);
  return () => lostListeners.delete(fn);
}

function sessionLost(): void {
  for (const fn of lostListeners) fn();
}

/** Forget everything about the signed-in person in this browser: tokens, notifications and last-seen, wallet... */
export function clearSession(): void {
  useAuthStore.getState().clear();
  useNotificationsStore.getState().clear();
  useWalletStore.getState().reset();
  useCompletenessStore.getState().reset();
  useOnboardingStore.getState().reset();
  useChatStore.getState().reset();
  for (const fn of clearListeners) fn();
}

/** Start a session from a login / register answer. Login sets the notifications' last-seen time to now. */
export function startSession(body: LoginBody): void {
  useAuthStore.getState().setSession(body);
  useNotificationsStore.getState().markLogin();
}

/** Sign out: revoke the refresh token on the server (best effort) and clear local state. */
export async function logout(): Promise<void> {
  const refreshToken = useAuthStore.getState().refreshToken;
  clearSession();
  if (refreshToken) {
    try {
      await sessionApi.logout(refreshToken);
    } catch (e) {
      console.warn('Sign-out could not reach the server; the local session was cleared.', e);
    }
  }
}

/** Sign out of every device: revoke all sessions, then clear local state. */
export async function logoutEverywhere(): Promise<void> {
  await sessionApi.logoutAll();
  clearSession();
}

/** Reload the signed-in account from the API; clears the session when that fails for good. */
export async function reloadUser(): Promise<User | null> {
  const before = useAuthStore.getState().user;
  try {
    const { user } = await sessionApi.me();
    useAuthStore.getState().setUser(user);
    const gained = user.roles.some((r) => !before?.roles.includes(r));
    if (gained) {
      // New roles are carried in a fresh access token.
      await refreshSession(null).catch(() => undefined);
    }
    return user;
  } catch (e) {
    if (isSessionOver(e)) clearSession();
    else console.warn('Could not reload the account.', e);
    return isSessionOver(e) ? null : before;
  }
}

let installed = false;

/**
 * Wire the API client to the persisted session and keep tabs in step: a sign-in, token rotation or sign-out in one
 * tab is picked up by the others. Safe to call more than once.
 */
export function installSession(): void {
  if (installed) return;
  installed = true;
  configureApi({
    bridge: {
      getAccessToken: () => readPersistedAuth().accessToken ?? useAuthStore.getState().accessToken,
      getRefreshToken: () => readPersistedAuth().refreshToken ?? useAuthStore.getState().refreshToken,
      onRefreshed: (body) => useAuthStore.getState().setSession(body),
      onAuthLost: () => {
        if (useAuthStore.getState().accessToken) {
          clearSession();
          sessionLost();
        }
      },
    },
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== AUTH_STORAGE_KEY) return;
      const wasSignedIn = Boolean(useAuthStore.getState().accessToken);
      void Promise.resolve(useAuthStore.persist.rehydrate()).then(() => {
        if (wasSignedIn && !useAuthStore.getState().accessToken) {
          clearSession();
          sessionLost();
        }
      });
    });
  }
}
