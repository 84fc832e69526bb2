import type { LoginBody, User } from '@sojourn/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { selectUsername, useAuthStore } from './auth-store';
import { useChatStore } from './chat-store';
import { useCompletenessStore } from './completeness-store';
import { isUnseen, selectUnseenCount, useNotificationsStore } from './notifications-store';
import { clearSession, onSessionCleared, startSession } from './session';
import { selectWalletActive, useWalletStore } from './wallet-store';

const user: User = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  roles: ['user'],
  status: 'active',
  email_verified: true,
  created_at: '2026-01-01T00:00:00Z',
  profile: {} as User['profile'],
};
const login: LoginBody = { access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: 900, email: user.email, user };

beforeEach(() => {
  clearSession();
});

describe('auth store', () => {
  it('defaults the username to Guest when signed out', () => {
    expect(selectUsername(useAuthStore.getState())).toBe('Guest');
  });

  it('stores user, tokens, user id and expiry from a login answer, persisted in localStorage', () => {
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    startSession(login);
    const s = useAuthStore.getState();
    expect(s.userId).toBe('u1');
    expect(s.accessToken).toBe('a1');
    expect(s.refreshToken).toBe('r1');
    expect(s.expiresAt).toBe(Date.parse('2026-03-01T10:15:00Z'));
    expect(selectUsername(s)).toBe('ada');
    expect(JSON.parse(localStorage.getItem('sojourn-auth')!).state.refreshToken).toBe('r1');
    vi.useRealTimers();
  });
});

describe('notifications last-seen rule', () => {
  const n = (id: string, createdAt: string) => ({ id, createdAt });

  it('counts a notification as unseen only when created after the last-seen time', () => {
    expect(isUnseen(n('1', '2026-01-02T00:00:00Z'), '2026-01-01T00:00:00Z')).toBe(true);
    expect(isUnseen(n('1', '2026-01-01T00:00:00Z'), '2026-01-01T00:00:00Z')).toBe(false);
    expect(isUnseen(n('1', '2025-12-31T00:00:00Z'), '2026-01-01T00:00:00Z')).toBe(false);
  });

  it('sets last-seen to now on login', () => {
    const now = new Date('2026-02-02T12:00:00Z');
    useNotificationsStore.getState().markLogin(now);
    expect(useNotificationsStore.getState().lastSeenAt).toBe(now.toISOString());
  });

  it('login through startSession sets last-seen to the current time', () => {
    vi.setSystemTime(new Date('2026-04-01T08:00:00Z'));
    startSession(login);
    expect(useNotificationsStore.getState().lastSeenAt).toBe('2026-04-01T08:00:00.000Z');
    vi.useRealTimers();
  });

  it('with no last-seen time, existing notifications set it to the newest one and nothing is unseen', () => {
    useNotificationsStore.getState().setNotifications([n('a', '2026-01-01T00:00:00Z'), n('b', '2026-01-03T00:00:00Z'), n('c', '2026-01-02T00:00:00Z')]);
    const s = useNotificationsStore.getState();
    expect(s.lastSeenAt).toBe('2026-01-03T00:00:00Z');
    expect(selectUnseenCount(s)).toBe(0);
  });

  it('with no last-seen time and no notifications, last-seen stays unset', () => {
    useNotificationsStore.getState().setNotifications([]);
    expect(useNotificationsStore.getState().lastSeenAt).toBeNull();
    expect(selectUnseenCount(useNotificationsStore.getState())).toBe(0);
  });

  it('with a last-seen time, newer notifications are unseen and it does not move', () => {
    useNotificationsStore.getState().markLogin(new Date('2026-01-02T00:00:00Z'));
    useNotificationsStore.getState().setNotifications([n('a', '2026-01-01T00:00:00Z'), n('b', '2026-01-03T00:00:00Z'), n('c', '2026-01-04T00:00:00Z')]);
    const s = useNotificationsStore.getState();
    expect(s.lastSeenAt).toBe('2026-01-02T00:00:00.000Z');
    expect(selectUnseenCount(s)).toBe(2);
  });
});

describe('wallet store', () => {
  it('is not activated (balance null) by default and becomes active with a balance', () => {
    expect(useWalletStore.getState().balance).toBeNull();
    expect(selectWalletActive(useWalletStore.getState())).toBe(false);
    useWalletStore.getState().setLoading(true);
    useWalletStore.getState().setBalance(0);
    expect(selectWalletActive(useWalletStore.getState())).toBe(true);
    expect(useWalletStore.getState().loading).toBe(false);
  });
});

describe('profile completeness store', () => {
  it('defaults to 100 and complete', () => {
    const s = useCompletenessStore.getState();
    expect(s.completeness).toBe(100);
    expect(s.incomplete).toBe(false);
    expect(s.missingFields).toEqual([]);
  });

  it('is incomplete whenever completeness is below 100', () => {
    useCompletenessStore.getState().setCompleteness(99, ['bio']);
    expect(useCompletenessStore.getState().incomplete).toBe(true);
    expect(useCompletenessStore.getState().missingFields).toEqual(['bio']);
    useCompletenessStore.getState().setCompleteness(100, []);
    expect(useCompletenessStore.getState().incomplete).toBe(false);
  });
});

describe('logout', () => {
  it('clears the session, notifications and last-seen, the chat room id, and resets the wallet and completeness', () => {
    startSession(login);
    useNotificationsStore.getState().setNotifications([{ id: 'x', createdAt: '2026-01-01T00:00:00Z' }]);
    useWalletStore.getState().setBalance(150000);
    useCompletenessStore.getState().setCompleteness(40, ['bio']);
    useChatStore.getState().setChatRoomId('conversation-1');
    const listener = vi.fn();
    const off = onSessionCleared(listener);

    clearSession();

    expect(useAuthStore.getState().accessToken).toBeNull();
    expect(useAuthStore.getState().user).toBeNull();
    expect(selectUsername(useAuthStore.getState())).toBe('Guest');
    expect(useNotificationsStore.getState().notifications).toEqual([]);
    expect(useNotificationsStore.getState().lastSeenAt).toBeNull();
    expect(useWalletStore.getState().balance).toBeNull();
    expect(useCompletenessStore.getState().completeness).toBe(100);
    expect(useChatStore.getState().chatRoomId).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    off();
  });
});

describe('session loss', () => {
  it('is announced when the API refuses to refresh, but not on an explicit sign-out', async () => {
    const { configureApi, request } = await import('@sojourn/api-client');
    const { installSession, onSessionLost } = await import('./session');
    installSession();
    const lost = vi.fn();
    const off = onSessionLost(lost);

    startSession(login);
    clearSession();
    expect(lost).not.toHaveBeenCalled();

    startSession(login);
    configureApi({
      baseUrl: 'http://api.test',
      fetch: (async () =>
        new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'Session ended' } }), { status: 401 })) as typeof fetch,
    });
    await expect(request('GET', '/api/auth/user')).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().accessToken).toBeNull();
    off();
  });
});
