import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD, useAuthStore } from '@sojourn/session';
import type { PortalMeta } from '@sojourn/util';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { notificationsPath, preferencesPath } from './paths';

export * from './paths';

const Bell = lazy(() => import('./bell'));

/**
 * The header's bell for a portal (PortalConfig.headerExtra): nothing signed out; signed in, the bell loads on demand
 * so no portal's first load grows.
 */
export function notificationBell(portal: PortalMeta): ComponentType {
  function NotificationBellSlot() {
    const signedIn = useAuthStore((s) => Boolean(s.accessToken));
    if (!signedIn) return null;
    return createElement(Suspense, { fallback: createElement('span', { className: 'inline-block size-9', 'aria-hidden': true }) }, createElement(Bell, { portal }));
  }
  return NotificationBellSlot;
}

/** The portal's notification centre and its preferences page. */
export function notificationPages(portal: PortalMeta): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD[portal.id]];
  return [
    {
      path: notificationsPath(portal.id),
      title: 'Notifications',
      frame: 'portal',
      guards,
      load: () => import('./pages/centre').then((m) => ({ default: () => createElement(m.NotificationCentre, { portal }) })),
    },
    {
      path: preferencesPath(portal.id),
      title: 'Notification preferences',
      frame: 'portal',
      guards,
      load: () => import('./pages/preferences').then((m) => ({ default: () => createElement(m.NotificationPreferencesPage, { portal }) })),
    },
  ];
}
