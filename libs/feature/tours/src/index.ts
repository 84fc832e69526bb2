import type { PageSpec, WizardStep } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { TOUR_PATHS } from './paths';

export { TOUR_PATHS } from './paths';
export { useTourStore, type PickedGuide, type TourState } from './store';

/** The user portal's tour pages: search, one tour (at both of the spec's addresses) and booking. Lazy. */
export function tourUserPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  const details = () => import('./pages/tour-details');
  return [
    { path: TOUR_PATHS.search, title: 'Tours', frame: 'portal', guards, load: () => import('./pages/search') },
    { path: TOUR_PATHS.details, title: 'Tour', frame: 'portal', guards, load: details },
    { path: TOUR_PATHS.detailsAlias, title: 'Tour', frame: 'portal', guards, load: details },
    { path: TOUR_PATHS.book, title: 'Book a tour', frame: 'portal', guards, load: () => import('./pages/book') },
  ];
}

/** The tour portal's own screens: the guide's tours (offerings) and upcoming departures (appointments). */
export function tourGuidePages({ offerings, appointments }: { offerings: string; appointments: string }): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.tour];
  return [
    { path: offerings, title: 'Tours', frame: 'portal', guards, load: () => import('./pages/guide-tours') },
    { path: appointments, title: 'Departures', frame: 'portal', guards, load: () => import('./pages/guide-departures') },
  ];
}

/**
 * The tour guide's ten set-up steps (flow `tour_guide`, api/internal/tours/guide_flow.go), for `wizardPages` of
 * @sojourn/feature-onboarding. Documents and photos upload straight through practice's routes; the payout account and
 * the first tour are created when the last step submits.
 */
export const guideWizardSteps: WizardStep[] = [
  { slug: 'one', title: 'Personal details', description: 'How travellers get to know you.', load: () => import('./guide-wizard/about').then((m) => ({ default: m.PersonalStep })) },
  { slug: 'two', title: 'Languages', description: 'The languages you lead tours in.', load: () => import('./guide-wizard/about').then((m) => ({ default: m.LanguagesStep })) },
  { slug: 'three', title: 'Areas', description: 'Your home city and the places you also guide in.', load: () => import('./guide-wizard/about').then((m) => ({ default: m.AreasStep })) },
  { slug: 'four', title: 'Experience', description: 'How long you have guided and what your tours are about.', load: () => import('./guide-wizard/about').then((m) => ({ default: m.ExperienceStep })) },
  { slug: 'five', title: 'Identity and licence', description: 'Your guide licence and the documents that prove it.', load: () => import('./guide-wizard/uploads').then((m) => ({ default: m.DocumentsStep })) },
  { slug: 'six', title: 'Photo', description: 'So travellers recognise you at the meeting point.', load: () => import('./guide-wizard/uploads').then((m) => ({ default: m.PhotoStep })) },
  { slug: 'seven', title: 'First tour', description: 'What you show, where you meet and what it costs.', load: () => import('./guide-wizard/tour').then((m) => ({ default: m.TourStep })) },
  { slug: 'eight', title: 'Departures', description: 'When your first tour leaves.', load: () => import('./guide-wizard/tour').then((m) => ({ default: m.DeparturesStep })) },
  { slug: 'nine', title: 'Payout account', description: 'Where your earnings are paid.', load: () => import('./guide-wizard/finish').then((m) => ({ default: m.PayoutStep })) },
  { slug: 'ten', title: 'Review and submit', description: 'Check everything, then send it for verification.', load: () => import('./guide-wizard/finish').then((m) => ({ default: m.ReviewStep })) },
];
