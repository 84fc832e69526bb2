import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { TOUR_PATHS } from './paths';

export { TOUR_PATHS } from './paths';
export { useTourStore, type PickedGuide, type TourState } from './store';

/** The user portal's tour pages: search, one tour (at both of the spec's addresses) and booking. Lazy. */
export function tourUserPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  const details = () => import('./pages/tour-details');
  return [
    { path: TOUR_PATHS.search, title: 'Tours', frame: 'portal', guards, load: () => import('./pages/search') },
    { path: TOUR_PATHS.details, title: 'Tour', frame: 'portal', guards, load: details },
    { path: TOUR_PATHS.detailsAlias, title: 'Tour', frame: 'portal', guards, load: details },
    { path: TOUR_PATHS.book, title: 'Book a tour', frame: 'portal', guards, load: () => import('./pages/book') },
  ];
}

/** The tour portal's own screens: the guide's tours (offerings) and upcoming departures (appointments). */
export function tourGuidePages({ offerings, appointments }: { offerings: string; appointments: string }): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.tour];
  return [
    { path: offerings, title: 'Tours', frame: 'portal', guards, load: () => import('./pages/guide-tours') },
    { path: appointments, title: 'Departures', frame: 'portal', guards, load: () => import('./pages/guide-departures') },
  ];
}
