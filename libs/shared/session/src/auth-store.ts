import type { LoginBody, User } from '@sojourn/api-client';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const AUTH_STORAGE_KEY = 'sojourn-auth';
export const GUEST_USERNAME = 'Guest';

export interface AuthState {
  /** The signed-in account, or null for a visitor. */
  user: User | null;
  userId: string | null;
  email: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number | null;
  /** Lifetime of the current access token in milliseconds. */
  ttlMs: number | null;
  /** Store a login / register / refresh answer. */
  setSession: (body: LoginBody) => void;
  setUser: (user: User) => void;
  clear: () => void;
}

const empty = { user: null, userId: null, email: null, accessToken: null, refreshToken: null, expiresAt: null, ttlMs: null };

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      ...empty,
      setSession: (body) =>
        set({
          user: body.user,
          userId: body.user.id,
          email: body.email ?? body.user.email,
          accessToken: body.access_token,
          refreshToken: body.refresh_token,
          expiresAt: Date.now() + body.expires_in * 1000,
          ttlMs: body.expires_in * 1000,
        }),
      setUser: (user) => set({ user, userId: user.id, email: user.email }),
      clear: () => set({ ...empty }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ user, userId, email, accessToken, refreshToken, expiresAt, ttlMs }) => ({
        user,
        userId,
        email,
        accessToken,
        refreshToken,
        expiresAt,
        ttlMs,
      }),
    },
  ),
);

/** Username to show: the account's, or "Guest" when signed out. */
export function selectUsername(s: Pick<AuthState, 'user'>): string {
  return s.user?.username || GUEST_USERNAME;
}

/** The name to greet someone by: their display name, else their username, else "Guest". */
export function selectDisplayName(s: Pick<AuthState, 'user'>): string {
  return s.user?.profile?.display_name?.trim() || selectUsername(s);
}

export function selectSignedIn(s: Pick<AuthState, 'accessToken'>): boolean {
  return Boolean(s.accessToken);
}

export function hasRole(user: User | null, role: string | null): boolean {
  if (!role) return true;
  return Boolean(user?.roles?.includes(role as User['roles'][number]));
}

/** Read what is persisted right now (another tab may have written newer tokens than this tab's memory). */
export function readPersistedAuth(): Partial<Pick<AuthState, 'accessToken' | 'refreshToken' | 'expiresAt'>> {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as { state?: Partial<AuthState> };
    return parsed.state ?? {};
  } catch {
    return {};
  }
}
