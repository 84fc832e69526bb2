import { describe, expect, it } from 'vitest';
import { target, when } from './format';
import { notificationPages, notificationsPath, preferencesPath } from './index';
import { PORTALS } from '@sojourn/util';

const here = { protocol: 'http:', host: 'vendor.localhost:8080' } as Location;

describe('notification links', () => {
  it('stay inside the portal they belong to', () => {
    expect(target({ portal: 'vendor', link: '/vendor-app/bookings?id=o1' }, 'vendor', here)).toEqual({ internal: true, href: '/vendor-app/bookings?id=o1' });
  });
  it('open another portal on its own origin', () => {
    expect(target({ portal: 'user', link: '/shop/orders?id=o1' }, 'vendor', here)).toEqual({ internal: false, href: 'http://localhost:8080/shop/orders?id=o1' });
  });
  it('are absent when there is nothing to open', () => {
    expect(target({ portal: 'user', link: '' }, 'user', here)).toBeNull();
  });
});

describe('times', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('read relative to now', () => {
    expect(when('2026-05-01T11:59:30Z', now)).toBe('just now');
    expect(when('2026-05-01T11:45:00Z', now)).toBe('15 min ago');
    expect(when('2026-05-01T09:00:00Z', now)).toBe('3 h ago');
    expect(when('2026-04-29T12:00:00Z', now)).toBe('2 d ago');
  });
});

describe('pages', () => {
  it('each portal has its centre and preferences, guarded by its role', () => {
    expect(notificationsPath('car-rental')).toBe('/car-rentals/notifications');
    expect(preferencesPath('user')).toBe('/notifications/preferences');
    const pages = notificationPages(PORTALS.therapy);
    expect(pages.map((p) => p.path)).toEqual(['/therapy-app/notifications', '/therapy-app/notifications/preferences']);
    expect(pages.every((p) => p.guards?.[0] === 'therapist-auth')).toBe(true);
  });
});
