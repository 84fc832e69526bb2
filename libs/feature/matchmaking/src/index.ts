// Preferences and matchmaking (api/internal/matchmaking): the user portal's /user-preferences journey (welcome, eleven
// steps, eight questions, the overview) and /matchmaking (candidates, likes, matches, safety), and the admins' reports.
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { ADMIN_MATCHMAKING_PATH, MATCHMAKING_PATH, ONBOARD_PATH, PREFERENCES_PATH, QUESTION_COUNT, STEPS, questionPath } from './steps';

export { ADMIN_MATCHMAKING_PATH, MATCHMAKING_PATH, PREFERENCES_PATH } from './steps';

/** The user portal's preferences journey and matchmaking page. */
export function matchmakingPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  const step = () => import('./pages/step');
  const question = () => import('./pages/question');
  return [
    { path: PREFERENCES_PATH, title: 'Matchmaking preferences', frame: 'portal', guards, load: () => import('./pages/overview') },
    { path: ONBOARD_PATH, title: 'Welcome to matchmaking', frame: 'portal', guards, load: () => import('./pages/onboard') },
    ...STEPS.map((s): PageSpec => ({ path: `${PREFERENCES_PATH}/${s.slug}`, title: `Preferences: ${s.title}`, frame: 'portal', guards, load: step })),
    ...Array.from({ length: QUESTION_COUNT }, (_, i): PageSpec => ({ path: questionPath(i), title: `Preferences: question ${i + 1}`, frame: 'portal', guards, load: question })),
    // Meeting people needs a complete profile (photo, bio and the rest): check-user-profile sends a person to the missing fields.
    { path: MATCHMAKING_PATH, title: 'Matchmaking', frame: 'portal', guards: [...guards, 'check-user-profile'], load: () => import('./pages/matchmaking') },
  ];
}

/** The admin portal's matchmaking reports queue. */
export function adminMatchmakingPages(): PageSpec[] {
  return [{ path: ADMIN_MATCHMAKING_PATH, title: 'Matchmaking reports', frame: 'portal', guards: [PORTAL_ROLE_GUARD.admin], load: () => import('./pages/admin-reports') }];
}
