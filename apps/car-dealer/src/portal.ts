import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { dealerPages, dealerWizardSteps } from '@sojourn/feature-dealers';
import { moneyPages } from '@sojourn/feature-earnings';
import { wizardPages } from '@sojourn/feature-onboarding';
import { practicePages } from '@sojourn/feature-practice';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, CalendarCheck, Car, Clock, House, Inbox, Settings, Store, UserRound, WalletCards, MessagesSquare, Bell, LifeBuoy } from 'lucide-react';

const portal = PORTALS['car-dealer'];

const dealers = dealerPages({ offerings: '/car-dealer/offerings', bookings: '/car-dealer/bookings', clients: '/car-dealer/clients' });

// The dealership is a practice profile of kind car_dealer: its profile, licence documents and opening hours (for test
// drives) reuse the practice pages (under /car-dealer/profile/..., the account profile keeping /car-dealer/profile); the practice's own lists (appointments, offerings, clients) are replaced by the
// dealer's cars, test drives and reservations, and enquiries.
const practice = practicePages({
  portal,
  kind: 'car_dealer',
  paths: {
    dashboard: '/car-dealer/practice-dashboard',
    appointments: '/car-dealer/practice/appointments',
    bookings: '/car-dealer/practice/requests',
    calendar: '/car-dealer/practice/calendar',
    offerings: '/car-dealer/practice/offerings',
    clients: '/car-dealer/practice/clients',
    client: '/car-dealer/practice/client',
    media: '/car-dealer/profile/photos',
    profile: '/car-dealer/profile/dealership',
    editProfile: '/car-dealer/profile/dealership/edit',
    schedule: '/car-dealer/profile/hours',
    publicProfile: '/car-dealer/profile/public',
    onboarding: '/car-dealer/practice/setup',
    earnings: '/car-dealer/earnings',
  },
  publicUrl: () => '/cars',
});

// The ten-step set-up (flow car_dealer, saved per step on the server): /car-dealer/onboarding resumes at the first
// unsaved step; /car-dealer/onboarding/one ... /ten inside the portal's frame.
const onboarding = wizardPages({
  portal,
  flow: 'car_dealer',
  title: 'Set up your dealership',
  intro: 'Ten short steps. Each is saved as you go, so you can stop and come back on any device.',
  bases: [{ path: '/car-dealer/onboarding', frame: 'portal' }],
  steps: dealerWizardSteps,
  donePath: portal.homePath,
});

export const config: PortalConfig = {
  portal,
  headline: 'Sell cars to buyers who have done their homework.',
  blurb: 'Sojourn Car Dealers gives licensed dealerships a showroom in front of Sojourn’s members.',
  points: ['Listings with full specifications and photos', 'Enquiries and test drives in one inbox', 'A verified dealer badge on every listing'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('car-dealer'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: '/car-dealer/offerings', label: 'Cars for sale', icon: Car },
    { to: '/car-dealer/bookings', label: 'Test drives and reservations', icon: CalendarCheck },
    { to: '/car-dealer/clients', label: 'Enquiries', icon: Inbox },
    { to: '/car-dealer/profile/dealership', label: 'Dealership profile', icon: Store },
    { to: '/car-dealer/profile/hours', label: 'Opening hours', icon: Clock },
    { to: '/car-dealer/earnings', label: 'Earnings', icon: Banknote },
    { to: '/car-dealer/wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Your account', icon: UserRound },
    { to: '/car-dealer/notifications', label: 'Notifications', icon: Bell },
    { to: SUPPORT_PATHS['car-dealer'], label: 'Support', icon: LifeBuoy },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your dealership',
    intro: 'Buyers trust dealers who show who they are. Complete your profile with your dealership name and licence.',
    offers: [
      { title: 'Vehicle listings', description: 'Publish cars with specifications, history and prices.' },
      { title: 'Enquiries', description: 'Answer buyers and book test drives from one place.' },
      { title: 'Clients', description: 'Follow every buyer from first question to handover.' },
      { title: 'Earnings', description: 'See completed sales and commissions at a glance.' },
    ],
  },
  homePage: dealers.homePage,
  headerExtra: notificationBell(portal),
  pages: [
    ...messagingPages('car-dealer'),
    ...supportPages('car-dealer'),
    ...notificationPages(portal),
    ...onboarding,
    ...dealers.pages,
    ...practice.pages,
    ...moneyPages({ portal, earningsPath: '/car-dealer/earnings' }),
    ...providerWalletPages({ portal, walletPath: '/car-dealer/wallet', earningsPath: '/car-dealer/earnings' }),
  ],
};
