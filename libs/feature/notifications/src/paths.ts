import type { PortalId } from '@sojourn/util';

/** Each portal's notification centre (the bell's "See all"); its preferences live under it. */
export const NOTIFICATIONS_PATHS: Partial<Record<PortalId, string>> = {
  user: '/notifications',
  vendor: '/vendor-app/notifications',
  therapy: '/therapy-app/notifications',
  coach: '/coach-app/notifications',
  tour: '/tour-app/notifications',
  'car-rental': '/car-rentals/notifications',
  'car-dealer': '/car-dealer/notifications',
  affiliate: '/affiliate/notifications',
  writer: '/blog-cms/notifications',
  admin: '/admin-dashboard/notifications',
};

export const notificationsPath = (portal: PortalId) => NOTIFICATIONS_PATHS[portal] ?? '/notifications';
export const preferencesPath = (portal: PortalId) => `${notificationsPath(portal)}/preferences`;
