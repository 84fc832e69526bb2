import { ADMIN_SUPPORT_PATH, adminSupportPages } from '@sojourn/feature-support';
import { ADMIN_MATCHMAKING_PATH, adminMatchmakingPages } from '@sojourn/feature-matchmaking';
import { ADMIN_MESSAGE_REPORTS_PATH, adminMessagingPages } from '@sojourn/feature-messaging';
import { ADMIN_SPEED_DATING_PATH, adminSpeedDatingPages } from '@sojourn/feature-speed-dating';
import { organiserEventPages } from '@sojourn/feature-events';
import { ADMIN_BLOG_PATH, adminBlogPages } from '@sojourn/feature-blog';
import { adminAccountsApi } from '@sojourn/feature-account';
import { adminSocialPages } from '@sojourn/feature-social';
import { adminCatalogPages, adminOrderPages, adminShopReviewPages, adminStorePages } from '@sojourn/feature-shop';
import { adminMoneyPages, type FindPeople, type PurposeLink } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import {
  CarFront,
  ClipboardCheck,
  CreditCard,
  Gift,
  HeartHandshake,
  HeartOff,
  House,
  LifeBuoy,
  Map,
  MessageSquareWarning,
  Newspaper,
  Package,
  Plane,
  Scale,
  ScrollText,
  Settings,
  ShoppingBag,
  Stethoscope,
  Store,
  Ticket,
  Timer,
  UserRound,
  Users,
} from 'lucide-react';

const portal = PORTALS.admin;

/** The accounts directory, as the money pages need it: people by email or username. */
const findPeople: FindPeople = (q) =>
  adminAccountsApi.users({ q, per_page: 6 }).then((r) => r.data.map((u) => ({ id: u.id, email: u.email, username: u.username, avatarUrl: u.profile?.avatar_url })));

/** A booking's card payment is refunded by cancelling the booking: the payments screen links to it instead. */
const purposeLink: PurposeLink = (purpose, id) =>
  purpose === 'booking' ? { href: `/admin-dashboard/therapist/therapist-details?booking=${encodeURIComponent(id)}`, label: 'Open booking' } : null;

export const config: PortalConfig = {
  portal,
  headline: 'Keep Sojourn trustworthy.',
  blurb: 'The admin portal is where the Sojourn team reviews providers and looks after member accounts.',
  points: ['Review every provider before they trade', 'Suspend and reinstate accounts with a recorded reason', 'Every decision lands in the audit log'],
  nav: [
    { to: portal.homePath, label: 'Overview', icon: House, end: true },
    { to: '/admin-dashboard/users', label: 'Users', icon: Users, section: 'People' },
    { to: '/admin-dashboard/applications', label: 'Role applications', icon: ClipboardCheck, section: 'People' },
    { to: '/admin-dashboard/providers', label: 'Providers', icon: Store, section: 'People' },
    { to: '/admin-dashboard/therapist', label: 'Therapists', icon: Stethoscope, section: 'People' },
    { to: '/admin-dashboard/lifeCoach', label: 'Life coaches', icon: HeartHandshake, section: 'People' },
    { to: '/admin-dashboard/tourGuide', label: 'Tour guides', icon: Map, section: 'People' },
    { to: '/admin-dashboard/carDealer', label: 'Car dealers', icon: CarFront, section: 'People' },
    { to: '/admin-dashboard/products', label: 'Products', icon: Package, section: 'Marketplace' },
    { to: '/admin-dashboard/shop-vendor', label: 'Shop vendors', icon: Store, section: 'Marketplace' },
    { to: '/admin-dashboard/orders', label: 'Shop orders', icon: ShoppingBag, section: 'Marketplace' },
    { to: '/admin-dashboard/travel-bookings', label: 'Travel bookings', icon: Plane, section: 'Marketplace' },
    { to: '/admin-dashboard/products/reviews', label: 'Product reviews', icon: MessageSquareWarning, section: 'Marketplace' },
    { to: '/admin-dashboard/reviews', label: 'Reported reviews', icon: MessageSquareWarning, section: 'Marketplace' },
    { to: '/admin-dashboard/social-reports', label: 'Reported posts', icon: MessageSquareWarning, section: 'Marketplace' },
    { to: '/admin-dashboard/payments', label: 'Payments', icon: CreditCard, section: 'Money' },
    { to: '/admin-dashboard/gift-cards', label: 'Gift cards', icon: Gift, section: 'Money' },
    { to: '/admin-dashboard/ledger', label: 'Ledger adjustments', icon: Scale, section: 'Money' },
    { to: ADMIN_SUPPORT_PATH, label: 'Support', icon: LifeBuoy, section: 'Operations' },
    { to: ADMIN_MESSAGE_REPORTS_PATH, label: 'Message reports', icon: MessageSquareWarning, section: 'Operations' },
    { to: ADMIN_MATCHMAKING_PATH, label: 'Matchmaking reports', icon: HeartOff, section: 'Operations' },
    { to: ADMIN_SPEED_DATING_PATH, label: 'Speed dating', icon: Timer, section: 'Operations' },
    { to: '/admin-dashboard/events', label: 'Events', icon: Ticket, section: 'Operations' },
    { to: ADMIN_BLOG_PATH, label: 'Blog', icon: Newspaper, section: 'Operations' },
    { to: '/admin-dashboard/audit-log', label: 'Audit log', icon: ScrollText, section: 'Operations' },
    { to: portal.profilePath, label: 'Profile', icon: UserRound, section: 'Account' },
    { to: portal.settingsPath, label: 'Settings', icon: Settings, section: 'Account' },
  ],
  home: { title: 'Overview', intro: '', offers: [] },
  homePage: () => import('./pages/overview'),
  pages: [
    ...adminMessagingPages(),
    ...adminBlogPages(),
    { path: '/admin-dashboard/providers', title: 'Providers', frame: 'portal', guards: ['admin'], load: () => import('./pages/providers') },
    { path: '/admin-dashboard/therapist', title: 'Therapists', frame: 'portal', guards: ['admin'], load: () => import('./pages/therapists') },
    // One provider detail page for every kind; therapists and coaches each have a deep-linkable address under their list.
    { path: '/admin-dashboard/therapist/therapist-details', title: 'Provider details', frame: 'portal', guards: ['admin'], load: () => import('./pages/provider-details') },
    { path: '/admin-dashboard/lifeCoach', title: 'Life coaches', frame: 'portal', guards: ['admin'], load: () => import('./pages/coaches') },
    { path: '/admin-dashboard/lifeCoach/coach-details', title: 'Provider details', frame: 'portal', guards: ['admin'], load: () => import('./pages/provider-details') },
    { path: '/admin-dashboard/tourGuide', title: 'Tour guides', frame: 'portal', guards: ['admin'], load: () => import('./pages/tour-guides') },
    { path: '/admin-dashboard/carDealer', title: 'Car dealers', frame: 'portal', guards: ['admin'], load: () => import('./pages/car-dealers') },
    { path: '/admin-dashboard/reviews', title: 'Reported reviews', frame: 'portal', guards: ['admin'], load: () => import('./pages/reviews') },
    { path: '/admin-dashboard/applications', title: 'Role applications', frame: 'portal', guards: ['admin'], load: () => import('./pages/applications') },
    { path: '/admin-dashboard/users', title: 'Users', frame: 'portal', guards: ['admin'], load: () => import('./pages/users') },
    // The spec's second users address.
    { path: '/admin-dashboard/userss', title: 'Users', frame: 'portal', guards: ['admin'], load: () => import('./pages/users') },
    { path: '/admin-dashboard/userDetails', title: 'User details', frame: 'portal', guards: ['admin'], load: () => import('./pages/user-details') },
    { path: '/admin-dashboard/travel-bookings', title: 'Travel bookings', frame: 'portal', guards: ['admin'], load: () => import('./pages/travel-bookings') },
    ...adminSupportPages(),
    ...adminCatalogPages(),
    ...adminMoneyPages({ findPeople, purposeLink }),
    ...adminOrderPages(),
    ...adminStorePages(),
    ...adminShopReviewPages(),
    ...adminSocialPages(),
    ...adminMatchmakingPages(),
    ...adminSpeedDatingPages(),
    ...organiserEventPages('admin', '/admin-dashboard/events'),
    { path: '/admin-profile', title: 'Your profile', frame: 'portal', guards: ['admin'], load: () => import('@sojourn/feature-account/pages/profile') },
    { path: '/admin-settings', title: 'Settings', frame: 'portal', guards: ['admin'], load: () => import('@sojourn/feature-account/pages/settings') },
    // A new admin's first sign-in: name, photo, and how they appear (the overview sends them here until they have a name).
    { path: '/admin-onboarding/one', title: 'Welcome', frame: 'portal', guards: ['admin'], load: () => import('./pages/onboarding-name') },
    { path: '/admin-onboarding/photoUpload', title: 'Add a photo', frame: 'portal', guards: ['admin'], load: () => import('./pages/onboarding-photo') },
    { path: '/admin-onboarding/photoUploadTwo', title: "You're all set", frame: 'portal', guards: ['admin'], load: () => import('./pages/onboarding-done') },
  ],
};
