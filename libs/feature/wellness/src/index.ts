import { lazy } from 'react';

export { wellnessPages, type CalendarExtraProps, type WellnessPageOptions } from './routes';
export { CALENDAR_PATH, COACH_PATHS, THERAPY_PATHS, type KindPaths } from './paths';
export { useWellnessStore, type PickedProvider, type WellnessState } from './store';

/** The user dashboard's "Upcoming sessions" card, loaded on demand so the dashboard chunk stays small. */
export const UpcomingSessionsCard = lazy(() => import('./components/upcoming-sessions-card'));
