import { PORTALS, portalOrigin, type PortalId } from '@sojourn/util';
import type { Notification } from './api';

/** "just now", "5 min ago", "3 h ago", then the date. */
export function when(iso: string, now = new Date()): string {
  const t = new Date(iso).getTime();
  const s = Math.max(0, Math.round((now.getTime() - t) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 7 * 86400) return `${Math.floor(s / 86400)} d ago`;
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/**
 * Where a notification's link goes from this portal: a path here when it belongs to this portal, else the full
 * address on its own portal (a vendor's new order seen from the user portal opens the vendor portal).
 */
export function target(n: Pick<Notification, 'portal' | 'link'>, current: PortalId, location = window.location): { internal: boolean; href: string } | null {
  if (!n.link) return null;
  const portal = (n.portal in PORTALS ? n.portal : 'user') as PortalId;
  if (portal === current) return { internal: true, href: n.link };
  return { internal: false, href: portalOrigin(portal, current, location) + n.link };
}

export const CATEGORY_LABEL: Record<string, string> = {
  bookings: 'Bookings',
  orders: 'Orders',
  payments: 'Payments',
  messages: 'Messages',
  social: 'Friends and feed',
  marketing: 'News and offers',
  account: 'Account',
};
