// Speed dating (api/internal/speeddating): the user portal's /speed-dating (events, an event with its ticket and live
// room, the caller's tickets) and the admins' events with the host console.
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { setDateCallLoader, type DateCallLoader } from './call-slot';
import { ADMIN_SPEED_DATING_PATH, SPEED_DATING_PATH } from './paths';

export { ADMIN_SPEED_DATING_PATH, SPEED_DATING_PATH } from './paths';
export type { DateCallLoader, DateCallProps } from './call-slot';

/**
 * The user portal's speed dating: one address (the spec's), browsable signed out; `?event=<id>` is one event, its
 * ticket and, for a ticket holder, the live room (`/speed-dating/<id>` too: a card payment comes back there). `loadCall`
 * loads the embedded video call of a date.
 */
export function speedDatingPages({ loadCall }: { loadCall?: DateCallLoader } = {}): PageSpec[] {
  setDateCallLoader(loadCall);
  const load = () => import('./pages/speed-dating');
  return [
    { path: SPEED_DATING_PATH, title: 'Speed dating', frame: 'public', load },
    // Where a card payment comes back to (the API's callback path): the same event page.
    { path: `${SPEED_DATING_PATH}/:id`, title: 'Speed dating', frame: 'public', load },
  ];
}

/** The admin portal's events table, the event form and an event's host console. */
export function adminSpeedDatingPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  const form = () => import('./pages/admin-form');
  return [
    { path: ADMIN_SPEED_DATING_PATH, title: 'Speed dating', frame: 'portal', guards, load: () => import('./pages/admin-events') },
    { path: `${ADMIN_SPEED_DATING_PATH}/new`, title: 'New speed-dating event', frame: 'portal', guards, load: form },
    { path: `${ADMIN_SPEED_DATING_PATH}/:id`, title: 'Speed-dating event', frame: 'portal', guards, load: () => import('./pages/admin-event') },
    { path: `${ADMIN_SPEED_DATING_PATH}/:id/edit`, title: 'Edit speed-dating event', frame: 'portal', guards, load: form },
  ];
}
