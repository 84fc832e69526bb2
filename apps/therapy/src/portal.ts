import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { moneyPages } from '@sojourn/feature-earnings';
import { practicePages } from '@sojourn/feature-practice';
import { videoProviderPages } from '@sojourn/feature-video';
import { providerWalletPages } from '@sojourn/feature-wallet';
import { providerPostsPages } from '@sojourn/feature-social';
import type { PortalConfig } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { PORTALS } from '@sojourn/util';
import { Banknote, Newspaper, CalendarCheck, CalendarDays, ClipboardList, House, ImageIcon, Inbox, Settings, UserRound, Users, WalletCards, MessagesSquare, Video, Bell, LifeBuoy } from 'lucide-react';

const portal = PORTALS.therapy;

const practice = practicePages({
  portal,
  kind: 'therapist',
  paths: {
    dashboard: portal.homePath,
    appointments: '/therapy-app/appointments',
    bookings: '/therapy-app/bookings',
    calendar: '/therapy-app/calendar-therapy',
    offerings: '/therapy-app/offerings',
    clients: '/therapy-app/clients',
    client: '/therapy-app/patients/patient-profile',
    patients: '/therapy-app/patients/my-patients',
    patient: '/therapy-app/patients/single-patients',
    media: '/therapy-app/therapist-media',
    profile: '/therapy-app/profile',
    editProfile: '/therapy-app/profile/editProfile',
    schedule: '/therapy-app/profile/schedulling',
    publicProfile: '/therapy-app/profile/user-profile',
    onboarding: '/therapy-app/onboarding',
    earnings: '/therapy-app/earnings',
  },
  publicUrl: (id) => `/user-therapy/therapist-details?id=${encodeURIComponent(id)}`,
  aliases: { dashboard: ['/therapy-app/dashboard/test-dashboard'] },
});

export const config: PortalConfig = {
  portal,
  headline: 'Care that fits between journeys.',
  blurb: 'Sojourn Therapy connects licensed therapists with clients at home and on the road, by video or in person.',
  points: ['Verified licences, so clients book with confidence', 'Sessions by video or in your practice', 'Payments and reminders handled for you'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('therapy'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: '/therapy-app/appointments', label: 'Appointments', icon: CalendarCheck },
    { to: '/therapy-app/video-chat', label: 'Video sessions', icon: Video },
    { to: '/therapy-app/bookings', label: 'Requests', icon: Inbox },
    { to: '/therapy-app/calendar-therapy', label: 'Calendar', icon: CalendarDays },
    { to: '/therapy-app/clients', label: 'Clients', icon: Users },
    { to: '/therapy-app/offerings', label: 'Offerings', icon: ClipboardList },
    { to: '/therapy-app/profile', label: 'Practice profile', icon: UserRound },
    { to: '/therapy-app/therapist-media', label: 'Photos and video', icon: ImageIcon },
    { to: '/therapy-app/posts', label: 'Posts', icon: Newspaper },
    { to: '/therapy-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/therapy-app/therapist-wallet', label: 'Wallet', icon: WalletCards },
    { to: '/therapy-app/notifications', label: 'Notifications', icon: Bell },
    { to: SUPPORT_PATHS['therapy'], label: 'Support', icon: LifeBuoy },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Dashboard',
    intro: 'Clients choose a therapist from the profile first. Complete yours, including your licence number and specialties.',
    offers: [
      { title: 'Calendar and appointments', description: 'Publish your availability and let clients book the slots that suit them.' },
      { title: 'Clients and notes', description: 'Keep each client’s history and session notes private and in one place.' },
      { title: 'Video sessions', description: 'Meet clients in secure video rooms without extra software.' },
      { title: 'Wallet and subscriptions', description: 'Get paid per session or through plans, straight into your Sojourn wallet.' },
    ],
  },
  homePage: practice.homePage,
  headerExtra: notificationBell(portal),
  pages: [
    ...providerPostsPages({ path: '/therapy-app/posts', guard: PORTAL_ROLE_GUARD.therapy }),
    ...messagingPages('therapy'),
    ...supportPages('therapy'),
    ...notificationPages(portal),
    ...practice.pages,
    ...videoProviderPages('therapist'),
    ...moneyPages({ portal, earningsPath: '/therapy-app/earnings' }),
    ...providerWalletPages({ portal, walletPath: '/therapy-app/therapist-wallet', earningsPath: '/therapy-app/earnings' }),
  ],
};
