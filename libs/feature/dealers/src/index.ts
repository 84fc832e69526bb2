import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { CAR_PATH, CARS_PATH } from './paths';

export { CAR_PATH, CARS_PATH } from './paths';

/** The user portal's car pages: the search and one car (reserve, test drive, enquiry). Signed-in, like wellness. */
export function carBuyerPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  return [
    { path: CARS_PATH, title: 'Cars for sale', frame: 'portal', guards, load: () => import('./pages/cars') },
    { path: `${CAR_PATH}/:id`, title: 'Car', frame: 'portal', guards, load: () => import('./pages/car') },
  ];
}

/** The car-dealer portal's pages (the dashboard is the portal's home: pass homePage). */
export function dealerPages(paths: { offerings: string; bookings: string; clients: string }): { pages: PageSpec[]; homePage: PageSpec['load'] } {
  const guards = [PORTAL_ROLE_GUARD['car-dealer']];
  return {
    pages: [
      { path: paths.offerings, title: 'Cars for sale', frame: 'portal', guards, load: () => import('./pages/dealer-listings') },
      { path: paths.bookings, title: 'Test drives and reservations', frame: 'portal', guards, load: () => import('./pages/dealer-bookings') },
      { path: paths.clients, title: 'Enquiries', frame: 'portal', guards, load: () => import('./pages/dealer-leads') },
    ],
    homePage: () => import('./pages/dealer-dashboard'),
  };
}

/** The admin portal's car listings moderation table, for its carDealer page (loaded with that page's chunk). */
export { default as CarModeration } from './pages/admin-cars';
