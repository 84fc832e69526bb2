import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { lazy } from 'react';
import { TRIP_PATHS } from './paths';

export { TRIP_PATHS, tripHref } from './paths';

/** The dashboard's upcoming trips card (lazy: wrap it in Suspense). */
export const UpcomingTripsCard = lazy(() => import('./components/upcoming-trips-card'));
/** Trip items for /user-calendar's window ({date, view}), in local times (lazy: wrap it in Suspense). */
export const TripCalendarItems = lazy(() => import('./components/trip-calendar'));

/** The user portal's trip pages: the travel hub (/booking), the trips and one trip's timeline. All lazy. */
export function tripPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  return [
    { path: TRIP_PATHS.hub, title: 'Plan your travel', frame: 'portal', guards, load: () => import('./pages/hub') },
    { path: TRIP_PATHS.list, title: 'Your trips', frame: 'portal', guards, load: () => import('./pages/list') },
    { path: TRIP_PATHS.trip, title: 'Trip', frame: 'portal', guards, load: () => import('./pages/trip') },
  ];
}
