import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { FLIGHT_PATHS } from './paths';

export { FLIGHT_PATHS, stayLink } from './paths';
export { flightsApi, flightKeys, type FlightOffer, type FlightOrder, type FlightSearch } from './api';
export { searchFromParams, searchToParams } from './format';

/** The user portal's flight pages: search, results, an offer or an order, and the traveller's flights. All lazy. */
export function flightPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  const p = (path: string, title: string, load: PageSpec['load']): PageSpec => ({ path, title, frame: 'portal', guards, load });
  return [
    p(FLIGHT_PATHS.search, 'Book a flight', () => import('./pages/search')),
    p(FLIGHT_PATHS.results, 'Flights', () => import('./pages/results')),
    p(FLIGHT_PATHS.details, 'Flight', () => import('./pages/details')),
    p(FLIGHT_PATHS.mine, 'My flights', () => import('./pages/mine')),
  ];
}
