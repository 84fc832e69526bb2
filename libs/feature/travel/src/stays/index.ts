import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { STAY_PATHS } from './paths';

export { STAY_PATHS, propertyHref, stayHref, stayResultsHref } from './paths';
export type { StayQuery } from './paths';
export { StaySearchForm } from './components/search-form';

/** The user portal's hotel pages: the results (/booking/hotel), the traveller's stays (/booking/hotel/my-stays, a literal
 * segment that outranks /booking/hotel/:id) and a property with booking and confirmation. */
export function stayPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  return [
    { path: STAY_PATHS.results, title: 'Hotels', frame: 'portal', guards, load: () => import('./pages/results') },
    { path: STAY_PATHS.mine, title: 'My stays', frame: 'portal', guards, load: () => import('./pages/mine') },
    { path: STAY_PATHS.property, title: 'Hotel', frame: 'portal', guards, load: () => import('./pages/property') },
  ];
}
