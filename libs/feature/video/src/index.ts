import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { USER_VIDEO_PATH } from './api';

export { USER_VIDEO_PATH, videoRoomHref } from './api';

/** The providers' video pages. */
export const THERAPY_VIDEO_PATH = '/therapy-app/video-chat';
export const COACH_VIDEO_PATH = '/coach-app/video-chat';

/** The user portal's /video-chat (rooms of booked sessions and calls with friends; ?room=, ?call=). */
export function videoUserPages(): PageSpec[] {
  return [{ path: USER_VIDEO_PATH, title: 'Video sessions', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/video-chat') }];
}

/** A provider portal's video page, where the provider admits clients from the lobby. */
export function videoProviderPages(kind: 'therapist' | 'coach'): PageSpec[] {
  return kind === 'therapist'
    ? [{ path: THERAPY_VIDEO_PATH, title: 'Video sessions', frame: 'portal', guards: [PORTAL_ROLE_GUARD.therapy], load: () => import('./pages/therapy-video') }]
    : [{ path: COACH_VIDEO_PATH, title: 'Video sessions', frame: 'portal', guards: [PORTAL_ROLE_GUARD.coach], load: () => import('./pages/coach-video') }];
}
