import type { LoginBody, User } from '@sojourn/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectUnseenCount, useNotificationsStore } from './notifications-store';
import { clearSession, startSession } from './session';
import { useWalletStore } from './wallet-store';

// The spec's notification rules (section 4), one test each (the bell keeps the server's last-seen in step:
// libs/feature/notifications).
const user = { id: 'u1', email: 'ada@example.com', username: 'ada', roles: ['user'], status: 'active', email_verified: true, created_at: '2026-01-01T00:00:00Z', profile: {} } as unknown as User;
const login: LoginBody = { access_token: 'a1', refresh_token: 'r1', token_type: 'Bearer', expires_in: 900, email: user.email, user };
const n = (id: string, createdAt: string) => ({ id, createdAt });

beforeEach(() => {
  clearSession();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('notification rules', () => {
  it('unseen means created after the last-seen time', () => {
    useNotificationsStore.getState().markAllSeen(new Date('2026-05-01T10:00:00Z'));
    useNotificationsStore.getState().setNotifications([n('old', '2026-05-01T09:59:59Z'), n('same', '2026-05-01T10:00:00Z'), n('new', '2026-05-01T10:00:01Z')]);
    expect(selectUnseenCount(useNotificationsStore.getState())).toBe(1);
  });

  it('signing in sets last-seen to now', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-02T08:30:00Z'));
    useNotificationsStore.getState().setNotifications([n('a', '2026-05-02T08:00:00Z')]);
    useNotificationsStore.getState().markAllSeen(new Date('2026-05-01T00:00:00Z'));
    startSession(login);
    expect(useNotificationsStore.getState().lastSeenAt).toBe('2026-05-02T08:30:00.000Z');
    expect(selectUnseenCount(useNotificationsStore.getState())).toBe(0);
  });

  it('with no last-seen time and notifications present, last-seen becomes the newest one and unseen is 0', () => {
    expect(useNotificationsStore.getState().lastSeenAt).toBeNull();
    useNotificationsStore.getState().setNotifications([n('a', '2026-05-01T00:00:00Z'), n('b', '2026-05-03T00:00:00Z'), n('c', '2026-05-02T00:00:00Z')]);
    expect(useNotificationsStore.getState().lastSeenAt).toBe('2026-05-03T00:00:00Z');
    expect(selectUnseenCount(useNotificationsStore.getState())).toBe(0);
  });

  it('signing out clears the notifications and the last-seen time and resets the wallet', () => {
    startSession(login);
    useNotificationsStore.getState().setNotifications([n('a', '2026-05-01T00:00:00Z')]);
    useWalletStore.getState().setBalance(150000);
    clearSession();
    expect(useNotificationsStore.getState().notifications).toEqual([]);
    expect(useNotificationsStore.getState().lastSeenAt).toBeNull();
    expect(useWalletStore.getState().balance).toBeNull();
    expect(useWalletStore.getState().loading).toBe(false);
  });
});
