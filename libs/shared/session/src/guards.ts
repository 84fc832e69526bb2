import { isSessionOver, refreshSession } from '@sojourn/api-client';
import { PORTALS, PORTAL_IDS, ROLE_LABELS, type PortalMeta, type Role } from '@sojourn/util';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { sessionApi } from './api';
import { hasRole, useAuthStore } from './auth-store';
import { useCompletenessStore } from './completeness-store';
import { inactivityTimeoutMs, isIdle, startInactivityMonitor } from './inactivity';
import { useOnboardingStore } from './onboarding-store';
import { useRouteStore } from './route-store';
import { clearSession, logout, reloadUser } from './session';

export interface GuardContext {
  request: Request;
  url: URL;
  /** Path plus query string of the page being opened. */
  path: string;
  portal: PortalMeta;
}

/** A guard lets the navigation through (returns nothing) or answers with a redirect Response. */
export type Guard = (ctx: GuardContext) => void | Response | Promise<void | Response>;

/** Thrown by a role guard when a signed-in person lacks the role and there is no apply page to send them to. */
export class AccessDeniedError extends Error {
  readonly role: Role;
  constructor(role: Role) {
    super(`This area is for ${ROLE_LABELS[role].toLowerCase()}s.`);
    this.name = 'AccessDeniedError';
    this.role = role;
  }
}

const registry = new Map<string, Guard>();

export function registerGuard(name: string, guard: Guard): void {
  registry.set(name, guard);
}

export function resolveGuard(name: string): Guard {
  const guard = registry.get(name);
  if (!guard) throw new Error(`Unknown route middleware: "${name}"`);
  return guard;
}

export function guardNames(): string[] {
  return [...registry.keys()].sort();
}

/** Guards every page runs before its own. */
export const GLOBAL_GUARDS = ['track-route', 'inactivity-logout', 'refresh-token'] as const;

/**
 * Build a route loader running the named guards in order. Names are resolved immediately, so a route that names an
 * unknown guard fails when the route table is built, not when someone visits it.
 */
export function guardLoader(names: readonly string[], portal: PortalMeta) {
  const guards = names.map(resolveGuard);
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url);
    const ctx: GuardContext = { request, url, path: url.pathname + url.search, portal };
    for (const g of guards) {
      const outcome = await g(ctx);
      if (outcome) return outcome;
    }
    return null;
  };
}

export function loginRedirect(path: string): Response {
  return redirect(`/login?redirect=${encodeURIComponent(path)}`);
}

const signedIn = () => Boolean(useAuthStore.getState().accessToken);

const auth: Guard = ({ path }) => {
  if (!signedIn()) return loginRedirect(path);
};

/** A same-origin path to continue to, or null (open redirects and loops back to sign-in refused). */
function continuePath(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || /^\/(login|register)\b/.test(target)) return null;
  return target;
}

/** Sign-in and sign-up are for people who are signed out: a signed-in person goes on to `?redirect=` or the dashboard. */
const guest: Guard = ({ url, portal }) => {
  if (signedIn()) return redirect(continuePath(url.searchParams.get('redirect')) ?? portal.homePath);
};

/**
 * Role guard: signed in (else login) and holding `role` (else the portal's apply page, or access denied when the
 * role is granted by administrators only). The account is reloaded once before refusing, so a just-approved
 * application opens the portal without signing in again.
 */
export function roleGuard(role: Role): Guard {
  return async ({ path, portal }) => {
    if (!signedIn()) return loginRedirect(path);
    if (hasRole(useAuthStore.getState().user, role)) return;
    const user = await reloadUser();
    if (!user) return loginRedirect(path);
    if (hasRole(user, role)) return;
    const apply = portal.role === role ? portal.applyPath : null;
    if (apply) return redirect(apply);
    throw new AccessDeniedError(role);
  };
}

/** Refresh an access token that expires within this window (or the last quarter of its life) before navigating. */
export const REFRESH_AHEAD_MS = 60_000;

export function refreshAheadMs(ttlMs: number | null): number {
  return ttlMs ? Math.min(REFRESH_AHEAD_MS, ttlMs / 4) : REFRESH_AHEAD_MS;
}

const refreshToken: Guard = async ({ path }) => {
  const { accessToken, expiresAt, ttlMs } = useAuthStore.getState();
  if (!accessToken || !expiresAt || expiresAt - Date.now() > refreshAheadMs(ttlMs)) return;
  try {
    await refreshSession(accessToken);
  } catch (e) {
    if (isSessionOver(e)) {
      clearSession();
      return loginRedirect(path);
    }
  }
};

/** Where the user portal's onboarding step lives (the intent step is the welcome page). */
export function userOnboardingPath(step: string): string {
  return step === 'intent' ? '/onboarding' : `/user-onboarding/${step}`;
}

/**
 * A signed-in person who has not finished their onboarding is taken to their step. In the user portal the server says
 * (`GET /personalisation`: only members who signed up after the onboarding existed must finish it), so another device's
 * progress counts; the answer is kept in the onboarding store. When the server cannot be asked, the page opens.
 */
const onboardingCheck: Guard = async ({ portal, url }) => {
  if (!signedIn()) return;
  if (portal.id === 'user') {
    try {
      const { data } = await sessionApi.personalisation();
      useOnboardingStore.getState().setNextStep(portal.id, data.onboarding_required ? userOnboardingPath(data.onboarding_step ?? 'intent') : null);
    } catch (e) {
      console.warn('Onboarding progress could not be checked.', e);
      return;
    }
  }
  const next = useOnboardingStore.getState().nextStep[portal.id];
  if (next && url.pathname !== next) return redirect(next);
};

function completenessGuard(target: (portal: PortalMeta) => string): Guard {
  return async ({ portal, path, url }) => {
    if (!signedIn()) return;
    const to = target(portal);
    if (url.pathname === to) return;
    try {
      const { data } = await sessionApi.completeness();
      useCompletenessStore.getState().setCompleteness(data.completeness, data.missingFields);
    } catch (e) {
      console.warn('Profile completeness could not be checked.', e);
      return;
    }
    if (useCompletenessStore.getState().incomplete) {
      return redirect(`${to}?complete=1&redirect=${encodeURIComponent(path)}`);
    }
  };
}

const inactivityLogout: Guard = ({ path }) => {
  const timeoutMs = inactivityTimeoutMs();
  if (signedIn() && isIdle(Date.now(), timeoutMs)) {
    void logout();
    return loginRedirect(path);
  }
  startInactivityMonitor({
    timeoutMs,
    isActive: signedIn,
    onIdle: () => {
      const here = window.location.pathname + window.location.search;
      void logout().then(() => window.location.assign(`/login?redirect=${encodeURIComponent(here)}&reason=idle`));
    },
  });
};

const trackRoute: Guard = ({ path }) => {
  useRouteStore.getState().track(path);
};

/** A logout guard ends this portal's session for the role and clears its stores, then shows the login page. */
function logoutGuard(): Guard {
  return async () => {
    await logout();
    return redirect('/login?signed_out=1');
  };
}

registerGuard('auth', auth);
registerGuard('guest', guest);
registerGuard('refresh-token', refreshToken);
registerGuard('onboarding-check', onboardingCheck);
registerGuard('check-profile', completenessGuard((p) => p.profilePath));
registerGuard('check-user-profile', completenessGuard(() => PORTALS.user.profilePath));
registerGuard('inactivity-logout', inactivityLogout);
registerGuard('track-route', trackRoute);
registerGuard('logout', logoutGuard());
registerGuard('admin-logout', logoutGuard());
registerGuard('affiliate-logout', logoutGuard());
registerGuard('car-dealer-logout', logoutGuard());
registerGuard('car-rental-logout', logoutGuard());
registerGuard('life-coach-logout', logoutGuard());
registerGuard('therapist-logout', logoutGuard());
registerGuard('tour-guide-logout', logoutGuard());
registerGuard('vendor-logout', logoutGuard());
registerGuard('writer-logout', logoutGuard());

/** The guard protecting a portal's private pages, by portal. */
export const PORTAL_ROLE_GUARD: Record<PortalMeta['id'], string> = {
  user: 'auth',
  vendor: 'vendor-auth',
  therapy: 'therapist-auth',
  coach: 'coach-auth',
  tour: 'tour-guide-auth',
  'car-rental': 'car-rental-auth',
  'car-dealer': 'car-dealer-auth',
  affiliate: 'affiliate-auth',
  writer: 'writer-auth',
  admin: 'admin',
};

// Each role portal's guard (vendor-auth, therapist-auth, ... admin) requires the portal's role.
for (const id of PORTAL_IDS) {
  const role = PORTALS[id].role;
  if (role) registerGuard(PORTAL_ROLE_GUARD[id], roleGuard(role));
}

/** The logout guard of each portal. */
export const PORTAL_LOGOUT_GUARD: Record<PortalMeta['id'], string> = {
  user: 'logout',
  vendor: 'vendor-logout',
  therapy: 'therapist-logout',
  coach: 'life-coach-logout',
  tour: 'tour-guide-logout',
  'car-rental': 'car-rental-logout',
  'car-dealer': 'car-dealer-logout',
  affiliate: 'affiliate-logout',
  writer: 'writer-logout',
  admin: 'admin-logout',
};
