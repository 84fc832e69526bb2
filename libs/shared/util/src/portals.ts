import type { PortalId, Role } from './roles';

export interface PortalMeta {
  id: PortalId;
  /** Name shown next to the logo, e.g. "Sojourn Vendor". */
  name: string;
  /** Role required for the portal's private pages; `null` for the user portal. */
  role: Role | null;
  /** Subdomain under the base domain; empty for the apex (user portal). */
  subdomain: string;
  /** Landing page of a signed-in member with the role. */
  homePath: string;
  /** Where someone without the role applies for it; `null` when the role is granted by an admin only. */
  applyPath: string | null;
  /**
   * Profile and settings paths of the account area: the spec's address where it names one (`/vendor-app/profile`),
   * else `/profile` and `/settings`. `/profile` and `/settings` open the same screens in every portal.
   */
  profilePath: string;
  settingsPath: string;
}

const base = (p: Omit<PortalMeta, 'profilePath' | 'settingsPath'> & Partial<PortalMeta>): PortalMeta => ({
  profilePath: '/profile',
  settingsPath: '/settings',
  ...p,
});

export const PORTALS: Record<PortalId, PortalMeta> = {
  user: base({ id: 'user', name: 'Sojourn', role: null, subdomain: '', homePath: '/user-dashboard', applyPath: null, settingsPath: '/user-settings' }),
  vendor: base({ id: 'vendor', name: 'Sojourn Vendor', role: 'vendor', subdomain: 'vendor', homePath: '/vendor-app/dashboard', applyPath: '/vendor-app/register', profilePath: '/vendor-app/profile', settingsPath: '/vendor-app/settings' }),
  therapy: base({ id: 'therapy', name: 'Sojourn Therapy', role: 'therapist', subdomain: 'therapy', homePath: '/therapy-app/dashboard', applyPath: '/therapy-app/register' }),
  coach: base({ id: 'coach', name: 'Sojourn Coach', role: 'coach', subdomain: 'coach', homePath: '/coach-app', applyPath: '/coach-app/register' }),
  tour: base({ id: 'tour', name: 'Sojourn Tours', role: 'tour_guide', subdomain: 'tour', homePath: '/tour-app', applyPath: '/tour-app/register', profilePath: '/tour-app/profile' }),
  'car-rental': base({ id: 'car-rental', name: 'Sojourn Car Rentals', role: 'car_rental', subdomain: 'car-rental', homePath: '/car-rentals', applyPath: '/car-rentals/register', profilePath: '/car-rentals/profile' }),
  'car-dealer': base({ id: 'car-dealer', name: 'Sojourn Car Dealers', role: 'car_dealer', subdomain: 'car-dealer', homePath: '/car-dealer', applyPath: '/car-dealer/register', profilePath: '/car-dealer/profile' }),
  affiliate: base({ id: 'affiliate', name: 'Sojourn Affiliates', role: 'affiliate', subdomain: 'affiliate', homePath: '/affiliate', applyPath: null }),
  writer: base({ id: 'writer', name: 'Sojourn Writers', role: 'writer', subdomain: 'writer', homePath: '/blog-cms', applyPath: null }),
  admin: base({ id: 'admin', name: 'Sojourn Admin', role: 'admin', subdomain: 'admin', homePath: '/admin-dashboard', applyPath: null, profilePath: '/profile', settingsPath: '/settings' }),
};

/**
 * Origin of another portal, derived from the current one: portals live on subdomains of one base domain
 * (user on the apex). Works for http://localhost:8080 and http://vendor.localhost:8080 alike.
 */
export function portalOrigin(target: PortalId, current: PortalId, location: { protocol: string; host: string }): string {
  const currentSub = PORTALS[current].subdomain;
  const apex = currentSub && location.host.startsWith(`${currentSub}.`) ? location.host.slice(currentSub.length + 1) : location.host;
  const sub = PORTALS[target].subdomain;
  return `${location.protocol}//${sub ? `${sub}.` : ''}${apex}`;
}
