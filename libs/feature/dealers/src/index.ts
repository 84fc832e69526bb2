import type { PageSpec, WizardStep } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { CAR_PATH, CARS_PATH, MY_RESERVATIONS_PATH } from './paths';

export { CAR_PATH, CARS_PATH, MY_RESERVATIONS_PATH } from './paths';

/**
 * The user portal's car pages: the search, one car and the buyer's own reservations (signed in, in the portal frame). Browsable signed out, in the public frame like the portal's
 * other public pages; reserving, test drives and enquiries ask to sign in and come back (`/login?redirect=`).
 */
export function carBuyerPages(): PageSpec[] {
  return [
    { path: CARS_PATH, title: 'Cars for sale', frame: 'public', load: () => import('./pages/cars') },
    { path: MY_RESERVATIONS_PATH, title: 'My car reservations', frame: 'portal', guards: [PORTAL_ROLE_GUARD.user], load: () => import('./pages/my-reservations') },
    { path: `${CAR_PATH}/:id`, title: 'Car', frame: 'public', load: () => import('./pages/car') },
  ];
}

/** The car-dealer portal's pages (the dashboard is the portal's home: pass homePage). */
export function dealerPages(paths: { offerings: string; bookings: string; clients: string }): { pages: PageSpec[]; homePage: PageSpec['load'] } {
  const guards = [PORTAL_ROLE_GUARD['car-dealer']];
  return {
    pages: [
      { path: paths.offerings, title: 'Cars for sale', frame: 'portal', guards, load: () => import('./pages/dealer-listings') },
      { path: paths.bookings, title: 'Test drives and reservations', frame: 'portal', guards, load: () => import('./pages/dealer-bookings') },
      { path: paths.clients, title: 'Enquiries', frame: 'portal', guards, load: () => import('./pages/dealer-leads') },
    ],
    homePage: () => import('./pages/dealer-dashboard'),
  };
}

/** The admin portal's car listings moderation table, for its carDealer page (loaded with that page's chunk). */
export { default as CarModeration } from './pages/admin-cars';

/** The car dealer's set-up wizard's ten steps (flow car_dealer), for `wizardPages` of @sojourn/feature-onboarding. */
export const dealerWizardSteps: WizardStep[] = [
  { slug: 'one', title: 'Dealership', description: 'Who you are and where buyers find you.', load: () => import('./onboarding/steps').then((m) => ({ default: m.DealershipStep })) },
  { slug: 'two', title: 'Dealer licence', description: 'The licence an admin checks before your cars carry the verified badge.', load: () => import('./onboarding/steps').then((m) => ({ default: m.LicenceStep })) },
  { slug: 'three', title: 'Showroom and branches', load: () => import('./onboarding/steps').then((m) => ({ default: m.ShowroomStep })) },
  { slug: 'four', title: 'Licence documents', description: 'Scans of the licence for the admin who verifies it.', load: () => import('./onboarding/steps').then((m) => ({ default: m.DocumentsStep })) },
  { slug: 'five', title: 'Logo and photos', load: () => import('./onboarding/steps').then((m) => ({ default: m.PhotosStep })) },
  { slug: 'six', title: 'Opening hours', description: 'When buyers can book test drives.', load: () => import('./onboarding/steps').then((m) => ({ default: m.HoursStep })) },
  { slug: 'seven', title: 'Payout account', load: () => import('./onboarding/steps').then((m) => ({ default: m.PayoutStep })) },
  { slug: 'eight', title: 'Your first car', description: 'We decode the VIN as you type it.', load: () => import('./onboarding/steps').then((m) => ({ default: m.FirstCarStep })) },
  { slug: 'nine', title: 'Reservation policy', description: 'The deposit buyers pay to hold a car, and for how long.', load: () => import('./onboarding/steps').then((m) => ({ default: m.ReservationStep })) },
  { slug: 'ten', title: 'Review and submit', load: () => import('./onboarding/steps').then((m) => ({ default: m.ReviewStep })) },
];
