import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { moneyPages } from '@sojourn/feature-earnings';
import { practicePages } from '@sojourn/feature-practice';
import { videoProviderPages } from '@sojourn/feature-video';
import { providerWalletPages } from '@sojourn/feature-wallet';
import { providerPostsPages } from '@sojourn/feature-social';
import { organiserEventPages } from '@sojourn/feature-events';
import type { PortalConfig } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { PORTALS } from '@sojourn/util';
import { Banknote, Newspaper, CalendarCheck, CalendarDays, ClipboardList, House, ImageIcon, Inbox, Settings, UserRound, Users, WalletCards, MessagesSquare, Video, Bell, Ticket, LifeBuoy } from 'lucide-react';

const portal = PORTALS.coach;

const practice = practicePages({
  portal,
  kind: 'coach',
  paths: {
    dashboard: portal.homePath,
    appointments: '/coach-app/appointments',
    bookings: '/coach-app/bookings',
    calendar: '/coach-app/calendar',
    offerings: '/coach-app/offerings',
    clients: '/coach-app/clients',
    client: '/coach-app/clients/client',
    media: '/coach-app/user-profile/media',
    profile: '/coach-app/profile',
    editProfile: '/coach-app/user-profile/editProfile',
    schedule: '/coach-app/user-profile/schedulling',
    publicProfile: '/coach-app/profile/user-profile',
    onboarding: '/coach-app/onboarding',
    earnings: '/coach-app/earnings',
  },
  publicUrl: (id) => `/user-coach/coach-details?id=${encodeURIComponent(id)}`,
  aliases: { dashboard: ['/coach-app/dashboard/test-dashboard'], profile: ['/coach-app/user-profile'] },
});

export const config: PortalConfig = {
  portal,
  headline: 'Help people make the change they travelled for.',
  blurb: 'Sojourn Coach is home to life coaches who guide clients through career moves, confidence and new chapters.',
  points: ['A profile that shows your method and results', 'Bookable sessions and coaching packages', 'Your earnings in one wallet'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('coach'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: '/coach-app/appointments', label: 'Appointments', icon: CalendarCheck },
    { to: '/coach-app/video-chat', label: 'Video sessions', icon: Video },
    { to: '/coach-app/bookings', label: 'Requests', icon: Inbox },
    { to: '/coach-app/calendar', label: 'Calendar', icon: CalendarDays },
    { to: '/coach-app/clients', label: 'Clients', icon: Users },
    { to: '/coach-app/offerings', label: 'Offerings', icon: ClipboardList },
    { to: '/coach-app/profile', label: 'Practice profile', icon: UserRound },
    { to: '/coach-app/user-profile/media', label: 'Photos and video', icon: ImageIcon },
    { to: '/coach-app/events', label: 'Events', icon: Ticket },
    { to: '/coach-app/posts', label: 'Posts', icon: Newspaper },
    { to: '/coach-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/coach-app/coach-wallet', label: 'Wallet', icon: WalletCards },
    { to: '/coach-app/notifications', label: 'Notifications', icon: Bell },
    { to: SUPPORT_PATHS['coach'], label: 'Support', icon: LifeBuoy },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Dashboard',
    intro: 'Clients discover coaches through their profiles. Tell them what you specialise in and how you work.',
    offers: [
      { title: 'Sessions and schedule', description: 'Offer one-off calls and multi-week programmes on your own calendar.' },
      { title: 'Client progress', description: 'Track goals and check-ins for every client you coach.' },
      { title: 'Live video', description: 'Run sessions in Sojourn’s video rooms from any device.' },
      { title: 'Earnings', description: 'See payments per session and subscription, and withdraw when you like.' },
    ],
  },
  homePage: practice.homePage,
  headerExtra: notificationBell(portal),
  pages: [
    ...organiserEventPages('coach', '/coach-app/events'),
    ...providerPostsPages({ path: '/coach-app/posts', guard: PORTAL_ROLE_GUARD.coach }),
    ...messagingPages('coach'),
    ...supportPages('coach'),
    ...notificationPages(portal),
    ...practice.pages,
    ...videoProviderPages('coach'),
    ...moneyPages({ portal, earningsPath: '/coach-app/earnings', earningsAliases: ['/coach-app/earnings copy'] }),
    ...providerWalletPages({ portal, walletPath: '/coach-app/coach-wallet', earningsPath: '/coach-app/earnings' }),
  ],
};
