import { PORTALS } from '@sojourn/util';
import { configureApi, type LoginBody, type User } from '@sojourn/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { useCompletenessStore } from './completeness-store';
import { AccessDeniedError, GLOBAL_GUARDS, guardLoader, guardNames, registerGuard, resolveGuard } from './guards';
import { useOnboardingStore } from './onboarding-store';
import { useRouteStore } from './route-store';
import { clearSession, installSession, startSession } from './session';

const mkUser = (roles: User['roles']): User => ({
  id: 'u1',
  email: 'v@example.com',
  username: 'v',
  roles,
  status: 'active',
  email_verified: true,
  created_at: '2026-01-01T00:00:00Z',
  profile: {} as User['profile'],
});
const body = (roles: User['roles'], expiresIn = 900): LoginBody => ({
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'Bearer',
  expires_in: expiresIn,
  email: 'v@example.com',
  user: mkUser(roles),
});

const run = (names: string[], path: string, portal = PORTALS.vendor) =>
  guardLoader(names, portal)({ request: new Request(`http://vendor.localhost${path}`), params: {}, context: {} } as never);

const json = (status: number, payload: unknown) =>
  new Response(payload === undefined ? null : JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  installSession();
  clearSession();
  useRouteStore.getState().reset();
  fetchMock = vi.fn();
  configureApi({ baseUrl: 'http://api.test', fetch: fetchMock as unknown as typeof fetch });
});
afterEach(() => vi.useRealTimers());

describe('guard registry', () => {
  it('throws "Unknown route middleware" for a name it does not know', () => {
    expect(() => resolveGuard('no-such-guard')).toThrow('Unknown route middleware');
    expect(() => guardLoader(['auth', 'bogus'], PORTALS.user)).toThrow(/Unknown route middleware: "bogus"/);
  });

  it('has every guard the specification names', () => {
    const names = guardNames();
    for (const n of [
      'auth', 'vendor-auth', 'therapist-auth', 'refresh-token', 'onboarding-check', 'check-profile', 'check-user-profile',
      'inactivity-logout', 'track-route', 'admin-logout', 'affiliate-logout', 'car-dealer-logout', 'life-coach-logout',
      'therapist-logout', 'tour-guide-logout', 'vendor-logout', 'writer-logout', 'admin',
    ]) {
      expect(names).toContain(n);
    }
  });

  it('runs guards in order and stops at the first redirect', async () => {
    const calls: string[] = [];
    registerGuard('test-a', () => void calls.push('a'));
    registerGuard('test-b', () => {
      calls.push('b');
      return new Response(null, { status: 302, headers: { Location: '/elsewhere' } });
    });
    registerGuard('test-c', () => void calls.push('c'));
    const res = await run(['test-a', 'test-b', 'test-c'], '/x');
    expect(calls).toEqual(['a', 'b']);
    expect(res?.headers.get('Location')).toBe('/elsewhere');
  });
});

describe('auth guard', () => {
  it('sends a visitor to /login with the page as redirect', async () => {
    const res = await run(['auth'], '/user-dashboard?tab=1', PORTALS.user);
    expect(res?.status).toBe(302);
    expect(res?.headers.get('Location')).toBe('/login?redirect=%2Fuser-dashboard%3Ftab%3D1');
  });

  it('lets a signed-in person through', async () => {
    startSession(body(['user']));
    expect(await run(['auth'], '/user-dashboard', PORTALS.user)).toBeNull();
  });
});

describe('role guards', () => {
  it('lets a vendor into the vendor portal', async () => {
    startSession(body(['user', 'vendor']));
    expect(await run(['vendor-auth'], '/vendor-app/dashboard')).toBeNull();
  });

  it('sends a signed-in plain user to the apply page after re-checking the account', async () => {
    startSession(body(['user']));
    fetchMock.mockResolvedValueOnce(json(200, { user: mkUser(['user']) }));
    const res = await run(['vendor-auth'], '/vendor-app/dashboard');
    expect(res?.headers.get('Location')).toBe('/vendor-app/register');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('opens the portal when the re-check shows a newly approved role', async () => {
    startSession(body(['user']));
    fetchMock
      .mockResolvedValueOnce(json(200, { user: mkUser(['user', 'vendor']) }))
      .mockResolvedValueOnce(json(200, { ...body(['user', 'vendor']), access_token: 'access-2', refresh_token: 'refresh-2' }));
    expect(await run(['vendor-auth'], '/vendor-app/dashboard')).toBeNull();
    expect(useAuthStore.getState().user?.roles).toContain('vendor');
    expect(useAuthStore.getState().refreshToken).toBe('refresh-2');
  });

  it('refuses a non-admin in the admin portal with an access-denied error', async () => {
    startSession(body(['user']));
    fetchMock.mockResolvedValueOnce(json(200, { user: mkUser(['user']) }));
    await expect(run(['admin'], '/admin-dashboard', PORTALS.admin)).rejects.toBeInstanceOf(AccessDeniedError);
  });

  it('sends a visitor to login', async () => {
    const res = await run(['therapist-auth'], '/therapy-app/profile', PORTALS.therapy);
    expect(res?.headers.get('Location')).toBe('/login?redirect=%2Ftherapy-app%2Fprofile');
  });
});

describe('refresh-token guard', () => {
  it('refreshes an access token about to expire before navigating', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
    startSession(body(['user'], 900));
    vi.setSystemTime(new Date('2026-05-01T10:14:10Z'));
    fetchMock.mockResolvedValueOnce(json(200, { ...body(['user'], 900), access_token: 'access-2', refresh_token: 'refresh-2' }));
    expect(await run(['refresh-token'], '/profile')).toBeNull();
    const [req] = fetchMock.mock.calls[0] as [Request];
    expect(req.url).toBe('http://api.test/api/auth/refresh');
    expect(await req.json()).toEqual({ refresh_token: 'refresh-1' });
    expect(useAuthStore.getState().accessToken).toBe('access-2');
    expect(useAuthStore.getState().refreshToken).toBe('refresh-2');
  });

  it('leaves a fresh token alone', async () => {
    startSession(body(['user'], 900));
    await run(['refresh-token'], '/profile');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes short-lived tokens only in the last quarter of their life', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
    startSession(body(['user'], 20));
    vi.setSystemTime(new Date('2026-05-01T10:00:10Z'));
    await run(['refresh-token'], '/profile');
    expect(fetchMock).not.toHaveBeenCalled();
    vi.setSystemTime(new Date('2026-05-01T10:00:16Z'));
    fetchMock.mockResolvedValueOnce(json(200, { ...body(['user'], 20), access_token: 'access-2', refresh_token: 'refresh-2' }));
    await run(['refresh-token'], '/profile');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('signs out and goes to login when the refresh is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-01T10:00:00Z'));
    startSession(body(['user'], 900));
    vi.setSystemTime(new Date('2026-05-01T10:14:30Z'));
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'unauthenticated', message: 'Session expired', request_id: 'r' } }));
    const res = await run(['refresh-token'], '/profile');
    expect(res?.headers.get('Location')).toBe('/login?redirect=%2Fprofile');
    expect(useAuthStore.getState().accessToken).toBeNull();
  });
});

describe('onboarding-check guard', () => {
  it('sends a person with unfinished onboarding to the next step, and not in a loop', async () => {
    startSession(body(['user', 'vendor']));
    useOnboardingStore.getState().setNextStep('vendor', '/vendor-app/onboarding');
    expect((await run(['onboarding-check'], '/vendor-app/dashboard'))?.headers.get('Location')).toBe('/vendor-app/onboarding');
    expect(await run(['onboarding-check'], '/vendor-app/onboarding')).toBeNull();
    useOnboardingStore.getState().setNextStep('vendor', null);
    expect(await run(['onboarding-check'], '/vendor-app/dashboard')).toBeNull();
  });

  it('asks the server in the user portal: a member who has not finished goes to their step, others stay', async () => {
    startSession(body(['user']));
    fetchMock.mockResolvedValueOnce(
      json(200, { data: { intents: [], travel_styles: [], wellness_goals: [], onboarding_required: true, onboarding_step: 'four' } }),
    );
    expect((await run(['onboarding-check'], '/user-dashboard', PORTALS.user))?.headers.get('Location')).toBe('/user-onboarding/four');
    fetchMock.mockResolvedValueOnce(
      json(200, { data: { intents: [], travel_styles: [], wellness_goals: [], onboarding_required: true, onboarding_step: 'intent' } }),
    );
    expect((await run(['onboarding-check'], '/user-dashboard', PORTALS.user))?.headers.get('Location')).toBe('/onboarding');
    fetchMock.mockResolvedValueOnce(
      json(200, { data: { intents: ['travel'], travel_styles: [], wellness_goals: [], onboarding_required: false, onboarding_step: null } }),
    );
    expect(await run(['onboarding-check'], '/user-dashboard', PORTALS.user)).toBeNull();
    expect(useOnboardingStore.getState().nextStep.user).toBeUndefined();
  });
});

describe('check-profile guards', () => {
  it('sends a person whose profile is below 100% to complete it', async () => {
    startSession(body(['user']));
    fetchMock.mockResolvedValueOnce(json(200, { data: { completeness: 60, missingFields: ['bio', 'avatar_url'] } }));
    const res = await run(['check-user-profile'], '/user-dashboard', PORTALS.user);
    expect(res?.headers.get('Location')).toBe('/profile?complete=1&redirect=%2Fuser-dashboard');
    expect(useCompletenessStore.getState().incomplete).toBe(true);
    expect(useCompletenessStore.getState().missingFields).toEqual(['bio', 'avatar_url']);
  });

  it('lets a complete profile through', async () => {
    startSession(body(['user', 'vendor']));
    fetchMock.mockResolvedValueOnce(json(200, { data: { completeness: 100, missingFields: [] } }));
    expect(await run(['check-profile'], '/vendor-app/dashboard')).toBeNull();
  });
});

describe('track-route guard', () => {
  it('remembers the previous route', async () => {
    await run(['track-route'], '/a');
    await run(['track-route'], '/b?x=1');
    expect(useRouteStore.getState()).toMatchObject({ previous: '/a', current: '/b?x=1' });
  });
});

describe('logout guards', () => {
  it.each(['vendor-logout', 'admin-logout', 'writer-logout', 'life-coach-logout'])('%s ends the session and shows login', async (name) => {
    startSession(body(['user', 'vendor']));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const res = await run([name], '/logout');
    expect(res?.headers.get('Location')).toBe('/login?signed_out=1');
    expect(useAuthStore.getState().accessToken).toBeNull();
    const [req] = fetchMock.mock.calls[0] as [Request];
    expect(req.url).toBe('http://api.test/api/auth/logout');
    expect(await req.json()).toEqual({ refresh_token: 'refresh-1' });
  });
});

describe('global guards', () => {
  it('are registered', () => {
    for (const g of GLOBAL_GUARDS) expect(() => resolveGuard(g)).not.toThrow();
  });
});

describe('guest guard (sign-in and sign-up pages)', () => {
  it('lets a signed-out visitor through', async () => {
    expect(await run(['guest'], '/login')).toBeNull();
  });

  it('sends a signed-in person to the portal dashboard, or on to a same-site redirect', async () => {
    startSession(body(['user', 'vendor']));
    expect((await run(['guest'], '/login'))?.headers.get('Location')).toBe('/vendor-app/dashboard');
    expect((await run(['guest'], '/login?redirect=%2Fvendor-wallet'))?.headers.get('Location')).toBe('/vendor-wallet');
    for (const bad of ['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2Flogin%3Fx%3D1', '%2Fregister']) {
      expect((await run(['guest'], `/login?redirect=${bad}`))?.headers.get('Location')).toBe('/vendor-app/dashboard');
    }
  });
});
