import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';

export { KINDS, discoveryApi, filtersFromParams, kindBadge, priceText, type DiscoveryItem, type GridFilters, type Kind } from './api';

/** The grid's address in the user portal. */
export const GRIDS_PATH = '/grids';

/** The user portal's discovery page (signed in): `/grids`. Lazy. */
export function discoveryPages(): PageSpec[] {
  return [{ path: GRIDS_PATH, title: 'Discover', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/grids') }];
}
