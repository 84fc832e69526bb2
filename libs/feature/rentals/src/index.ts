import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { lazy } from 'react';
import { COMPANY_PATHS, USER_PATHS } from './paths';

export { COMPANY_PATHS, USER_PATHS } from './paths';

/**
 * The user portal's car-rental pages: search by place and dates, the companies and their fleets, a car with its
 * booking panel, the confirmation and the renter's own rentals. All lazy.
 */
export function rentalUserPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  const p = (path: string, title: string, load: PageSpec['load']): PageSpec => ({ path, title, frame: 'portal', guards, load });
  return [
    p(USER_PATHS.search, 'Rent a car', () => import('./pages/search')),
    p(USER_PATHS.companies, 'Car-rental companies', () => import('./pages/companies')),
    p(USER_PATHS.fleet, 'Browse the fleet', () => import('./pages/fleet')),
    p(USER_PATHS.company, 'Rental company', () => import('./pages/company')),
    p(USER_PATHS.car, 'Car', () => import('./pages/car-details')),
    p(USER_PATHS.success, 'Rental confirmed', () => import('./pages/book-successful')),
    p(USER_PATHS.mine, 'My rentals', () => import('./pages/my-rentals')),
  ];
}

/** The car-rental portal's pages; the dashboard is the portal's home (`homePage`). */
export function rentalCompanyPages(): { pages: PageSpec[]; homePage: PageSpec['load'] } {
  const guards = [PORTAL_ROLE_GUARD['car-rental']];
  const p = (path: string, title: string, load: PageSpec['load']): PageSpec => ({ path, title, frame: 'portal', guards, load });
  return {
    homePage: () => import('./pages/company/dashboard'),
    pages: [
      p(COMPANY_PATHS.offerings, 'Fleet', () => import('./pages/company/fleet')),
      p(COMPANY_PATHS.car, 'Car', () => import('./pages/company/car-edit')),
      p(COMPANY_PATHS.branches, 'Branches', () => import('./pages/company/branches')),
      p(COMPANY_PATHS.bookings, 'Bookings', () => import('./pages/company/bookings')),
      p(COMPANY_PATHS.clients, 'Clients', () => import('./pages/company/clients')),
      p(COMPANY_PATHS.profile, 'Company profile', () => import('./pages/company/profile')),
      p(COMPANY_PATHS.onboarding, 'Set up your rental company', () => import('./pages/company/onboarding')),
    ],
  };
}

/** The admin's fleet moderation of one car-rental company (hide or restore a car with a reason), loaded on demand. */
export const AdminFleetSection = lazy(() => import('./components/admin-fleet'));
