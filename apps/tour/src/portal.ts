import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { moneyPages } from '@sojourn/feature-earnings';
import { wizardPages } from '@sojourn/feature-onboarding';
import { practicePages } from '@sojourn/feature-practice';
import { guideWizardSteps, tourGuidePages } from '@sojourn/feature-tours';
import { providerWalletPages } from '@sojourn/feature-wallet';
import { providerPostsPages } from '@sojourn/feature-social';
import { organiserEventPages } from '@sojourn/feature-events';
import type { PortalConfig } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { PORTALS } from '@sojourn/util';
import { Banknote, Newspaper, CalendarCheck, ClipboardList, House, Inbox, Map, Settings, UserRound, Users, WalletCards, MessagesSquare, Bell, Ticket, LifeBuoy } from 'lucide-react';

const portal = PORTALS.tour;

const guideWizardPath = '/tour-app/guide-onboarding';
const tourScreens = { offerings: '/tour-app/offerings', appointments: '/tour-app/appointments' };
const practice = practicePages({
  portal,
  kind: 'tour_guide',
  paths: {
    dashboard: portal.homePath,
    appointments: tourScreens.appointments,
    bookings: '/tour-app/bookings',
    calendar: '/tour-app/calendar',
    offerings: tourScreens.offerings,
    clients: '/tour-app/clients',
    client: '/tour-app/clients/client',
    media: '/tour-app/media',
    profile: '/tour-app/profile',
    editProfile: '/tour-app/profile/edit-profile',
    schedule: '/tour-app/profile/hours',
    publicProfile: '/tour-app/profile/user-profile',
    onboarding: '/tour-app/onboarding',
    earnings: '/tour-app/earnings',
  },
  publicUrl: (id) => `/booking/tour-guide?guide=${encodeURIComponent(id)}`,
  setupWizard: {
    flow: 'tour_guide',
    path: guideWizardPath,
    title: 'Set up as a guide in ten steps',
    description: 'Your profile, languages, licence, first tour, departures and payout account. Each step is saved, so you can stop and come back.',
  },
});
// One resumable wizard (progress on the server) at two addresses: standing alone and inside the portal.
const guideWizard = wizardPages({
  portal,
  flow: 'tour_guide',
  title: 'Become a Sojourn guide',
  intro: 'Ten short steps. Each is saved as you go; sign out any time and carry on where you stopped.',
  bases: [
    { path: '/tourguide-onboarding', frame: 'bare' },
    { path: guideWizardPath, frame: 'portal' },
  ],
  steps: guideWizardSteps,
  donePath: portal.homePath,
  submitLabel: 'Submit for verification',
});
// The tours feature owns the offerings (tours) and appointments (departures) screens of this portal.
const practiceScreens = practice.pages.filter((p) => p.path !== tourScreens.offerings && p.path !== tourScreens.appointments);

export const config: PortalConfig = {
  portal,
  headline: 'Show visitors the city only you know.',
  blurb: 'Sojourn Tours is where local guides publish walks, day trips and adventures, and travellers book them.',
  points: ['Tours listed alongside hotels and flights', 'Bookings, group sizes and languages in one place', 'Fast payouts after every tour'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('tour'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: '/tour-app/appointments', label: 'Departures', icon: CalendarCheck },
    { to: '/tour-app/bookings', label: 'Requests', icon: Inbox },
    { to: '/tour-app/offerings', label: 'Tours', icon: Map },
    { to: '/tour-app/clients', label: 'Travellers', icon: Users },
    { to: '/tour-app/onboarding', label: 'Set up', icon: ClipboardList },
    { to: '/tour-app/events', label: 'Events', icon: Ticket },
    { to: '/tour-app/posts', label: 'Posts', icon: Newspaper },
    { to: '/tour-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/tour-app/wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: '/tour-app/notifications', label: 'Notifications', icon: Bell },
    { to: SUPPORT_PATHS['tour'], label: 'Support', icon: LifeBuoy },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your guide dashboard',
    intro: 'Travellers pick a guide they can trust. A complete profile with your languages and licence helps them choose you.',
    offers: [
      { title: 'Tours and offerings', description: 'Publish tours with itineraries, meeting points, prices and group limits.' },
      { title: 'Bookings and appointments', description: 'Accept bookings, message guests and keep your days organised.' },
      { title: 'Reviews', description: 'Collect reviews from guests after every tour.' },
      { title: 'Earnings', description: 'Follow what each tour earns and when it is paid out.' },
    ],
  },
  homePage: practice.homePage,
  headerExtra: notificationBell(portal),
  pages: [
    ...organiserEventPages('tour', '/tour-app/events'),
    ...providerPostsPages({ path: '/tour-app/posts', guard: PORTAL_ROLE_GUARD.tour }),
    ...messagingPages('tour'),
    ...supportPages('tour'),
    ...notificationPages(portal),
    ...practiceScreens, ...guideWizard, ...tourGuidePages(tourScreens), ...moneyPages({ portal, earningsPath: '/tour-app/earnings' }), ...providerWalletPages({ portal, walletPath: '/tour-app/wallet', earningsPath: '/tour-app/earnings' })],
};
