import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import type { ComponentType } from 'react';
import { CALENDAR_PATH, COACH_PATHS, THERAPY_PATHS } from './paths';

/** What the calendar shows of the viewer's window: its date (YYYY-MM-DD) and view (month, week or list). */
export interface CalendarExtraProps {
  date: string;
  view: string;
}

export interface WellnessPageOptions {
  /** More of the user's own time under the sessions on /user-calendar (the portal's travel trips), lazily loaded. */
  calendarExtra?: ComponentType<CalendarExtraProps>;
}

/**
 * The user portal's wellness pages: the therapist and coach directories, their public profiles with the booking panel,
 * the booking checkouts and the calendar of every booking. Each loads lazily, so nothing reaches the entry chunk.
 * Every page needs a signed-in user: the directory is public through the API, but booking, paying and the calendar are
 * the person's own.
 */
export function wellnessPages(opts: WellnessPageOptions = {}): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  return [
    { path: THERAPY_PATHS.list, title: 'Find a therapist', frame: 'portal', guards, load: () => import('./pages/therapy-directory') },
    { path: THERAPY_PATHS.details, title: 'Therapist', frame: 'portal', guards, load: () => import('./pages/therapist-details') },
    { path: THERAPY_PATHS.checkout, title: 'Check out', frame: 'portal', guards, load: () => import('./pages/therapy-checkout') },
    { path: COACH_PATHS.list, title: 'Find a life coach', frame: 'portal', guards, load: () => import('./pages/coach-directory') },
    { path: COACH_PATHS.details, title: 'Coach', frame: 'portal', guards, load: () => import('./pages/coach-details') },
    { path: COACH_PATHS.checkout, title: 'Check out', frame: 'portal', guards, load: () => import('./pages/coach-checkout') },
    { path: CALENDAR_PATH, title: 'Your calendar', frame: 'portal', guards, load: () => import('./pages/calendar').then((m) => ({ default: m.calendarWith(opts.calendarExtra) })) },
  ];
}
