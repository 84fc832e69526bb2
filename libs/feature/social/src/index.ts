// Friends and feed (api/internal/social): the user portal's /friendrequest and /feed, a provider portal's Posts
// page, and the admins' reported posts. Realtime friend events refresh the lists (live.ts).
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { FEED_PATH, FRIENDS_PATH } from './api';

export { FEED_PATH, FRIENDS_PATH } from './api';

/** The user portal's /friendrequest and /feed. */
export function socialPages(): PageSpec[] {
  return [
    { path: FRIENDS_PATH, title: 'Friends', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/friends') },
    { path: FEED_PATH, title: 'Feed', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/feed') },
  ];
}

/** A provider portal's Posts page at path (guarded by the portal's role). */
export function providerPostsPages({ path, guard }: { path: string; guard: string }): PageSpec[] {
  return [{ path, title: 'Posts', frame: 'portal', guards: [guard], load: () => import('./pages/provider-posts') }];
}

export const ADMIN_SOCIAL_REPORTS_PATH = '/admin-dashboard/social-reports';

/** The admin portal's reported posts. */
export function adminSocialPages(): PageSpec[] {
  return [{ path: ADMIN_SOCIAL_REPORTS_PATH, title: 'Reported posts', frame: 'portal', guards: [PORTAL_ROLE_GUARD.admin], load: () => import('./pages/admin-reports') }];
}
