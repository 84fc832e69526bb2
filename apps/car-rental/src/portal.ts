import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { moneyPages } from '@sojourn/feature-earnings';
import { practiceReviewsPage } from '@sojourn/feature-practice';
import { COMPANY_PATHS, rentalCompanyPages } from '@sojourn/feature-rentals';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, CalendarCheck, CarFront, ClipboardCheck, House, Settings, Star, UserRound, Users, WalletCards, MessagesSquare, Bell, LifeBuoy } from 'lucide-react';

const portal = PORTALS['car-rental'];
const rentals = rentalCompanyPages();

export const config: PortalConfig = {
  portal,
  headline: 'Keep your fleet on the road.',
  blurb: 'Sojourn Car Rentals lists your vehicles where travellers book the rest of their trip.',
  points: ['Your fleet next to flights and hotels', 'Pick-up and return times managed for you', 'Payments and deposits held safely up front'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('car-rental'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: COMPANY_PATHS.bookings, label: 'Bookings', icon: CalendarCheck },
    { to: COMPANY_PATHS.offerings, label: 'Fleet', icon: CarFront },
    { to: COMPANY_PATHS.clients, label: 'Clients', icon: Users },
    { to: COMPANY_PATHS.reviews, label: 'Reviews', icon: Star },
    { to: COMPANY_PATHS.onboarding, label: 'Set-up', icon: ClipboardCheck },
    { to: '/car-rentals/earnings', label: 'Earnings', icon: Banknote },
    { to: '/car-rentals/wallet', label: 'Wallet', icon: WalletCards },
    { to: COMPANY_PATHS.profile, label: 'Company profile', icon: UserRound },
    { to: '/car-rentals/notifications', label: 'Notifications', icon: Bell },
    { to: SUPPORT_PATHS['car-rental'], label: 'Support', icon: LifeBuoy },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your rental company',
    intro: 'Renters look for a licensed, well-reviewed company. Keep your business name and operating licence up to date.',
    offers: [
      { title: 'Fleet', description: 'Add vehicles with photos, seats, transmission and daily rates.' },
      { title: 'Bookings', description: 'See upcoming pick-ups and returns and confirm each rental.' },
      { title: 'Clients', description: 'Keep renter details and rental history together.' },
      { title: 'Earnings', description: 'Track payments per booking and your wallet balance.' },
    ],
  },
  homePage: rentals.homePage,
  headerExtra: notificationBell(portal),
  pages: [
    ...messagingPages('car-rental'),
    ...supportPages('car-rental'),
    ...notificationPages(portal),
    ...rentals.pages,
    practiceReviewsPage({
      path: COMPANY_PATHS.reviews,
      kind: 'car_rental',
      portal: 'car-rental',
      description: 'What renters wrote after their rentals; they count in your rating. You can reply once to each, publicly.',
      empty: 'Renters can review a rental for 14 days after it is completed.',
    }),
    ...moneyPages({ portal, earningsPath: '/car-rentals/earnings' }),
    ...providerWalletPages({ portal, walletPath: '/car-rentals/wallet', earningsPath: '/car-rentals/earnings' }),
  ],
};
