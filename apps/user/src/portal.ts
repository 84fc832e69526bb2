import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { userOnboardingPages } from '@sojourn/feature-account';
import { MATCHMAKING_PATH, PREFERENCES_PATH, matchmakingPages } from '@sojourn/feature-matchmaking';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { SPEED_DATING_PATH, speedDatingPages } from '@sojourn/feature-speed-dating';
import { EVENTS_PATH, MY_TICKETS_PATH, eventUserPages } from '@sojourn/feature-events';
import { PUBLIC_BLOG_PATH, publicBlogPages } from '@sojourn/feature-blog';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { carBuyerPages } from '@sojourn/feature-dealers';
import { discoveryPages } from '@sojourn/feature-discovery';
import { rentalUserPages } from '@sojourn/feature-rentals';
import { socialPages } from '@sojourn/feature-social';
import { CartLink, shopBrowsePages, shopOrderPages, shopReviewPages, wishlistPages } from '@sojourn/feature-shop';
import { stayPages } from '@sojourn/feature-travel';
import { videoUserPages } from '@sojourn/feature-video';
import { walletPages } from '@sojourn/feature-wallet';
import { tourUserPages } from '@sojourn/feature-tours';
import { TripCalendarItems, flightPages, tripPages } from '@sojourn/feature-travel';
import { wellnessPages } from '@sojourn/feature-wellness';
import type { PageSpec, PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { BedDouble, Heart, Newspaper, UserPlus, Star, CalendarDays, Car, CarFront, HeartHandshake, House, LayoutGrid, Luggage, Package, Plane, ReceiptText, Settings, ShoppingBag, Sparkles, UserRound, WalletMinimal, MessagesSquare, Video, Bell, HeartPulse, SlidersHorizontal, Timer, PartyPopper, Ticket, LifeBuoy } from 'lucide-react';

const portal = PORTALS.user;

const dashboard = () => import('./pages/dashboard');

const pages: PageSpec[] = [
  ...messagingPages('user'),
  ...supportPages('user'),
  { path: '/', title: 'Travel well, live well', frame: 'public', load: () => import('./pages/home') },
  { path: '/about', title: 'About us', frame: 'public', load: () => import('./pages/about') },
  { path: '/faqs', title: 'Frequently asked questions', frame: 'public', load: () => import('./pages/faqs') },
  { path: '/terms-of-use', title: 'Terms of use', frame: 'public', load: () => import('./pages/terms') },
  { path: '/privacy-policy', title: 'Privacy policy', frame: 'public', load: () => import('./pages/privacy') },
  { path: '/contact', title: 'Contact us', frame: 'public', load: () => import('./pages/contact') },
  { path: '/Travel', title: 'Travel', frame: 'public', load: () => import('./pages/travel') },
  { path: '/Wellness', title: 'Wellness', frame: 'public', load: () => import('./pages/wellness') },
  { path: '/user-dashboard/four', title: 'Dashboard', frame: 'portal', guards: ['auth', 'onboarding-check'], load: dashboard },
  ...userOnboardingPages(),
  ...walletPages(),
  ...wellnessPages({ calendarExtra: TripCalendarItems }),
  ...videoUserPages(),
  ...tourUserPages(),
  ...carBuyerPages(),
  ...rentalUserPages(),
  ...shopOrderPages(),
  ...shopReviewPages(),
  ...wishlistPages(),
  ...socialPages(),
  ...matchmakingPages(),
  // The live room embeds the video feature's call of one date, loaded with the room (never in the first load).
  ...eventUserPages(),
  ...speedDatingPages({ loadCall: () => import('@sojourn/feature-video/date-call') }),
  ...flightPages(),
  ...tripPages(),
  ...discoveryPages(),
  ...stayPages(),
  ...shopBrowsePages(),
  ...notificationPages(PORTALS.user),
  ...publicBlogPages(),
];

// The component gallery exists in development builds only; production builds drop it entirely.
if (import.meta.env.DEV) {
  const gallery = () => import('./pages/trash');
  pages.push(
    { path: '/trash', title: 'Component gallery', frame: 'portal', guards: ['auth'], load: gallery },
    { path: '/trash/:section', title: 'Component gallery', frame: 'portal', guards: ['auth'], load: gallery },
  );
}

export const config: PortalConfig = {
  portal,
  headline: 'Travel well, live well.',
  blurb: 'Book trips, guides, cars and care with one Sojourn account, and keep everything about your journey in one place.',
  points: ['Hotels, flights, tours and car rentals', 'Therapists and life coaches by video or in person', 'One wallet for bookings, gift cards and refunds'],
  nav: [
    { to: '/user-dashboard', label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('user'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: '/user-calendar', label: 'Calendar', icon: CalendarDays },
    { to: '/grids', label: 'Discover', icon: LayoutGrid },
    { to: '/booking/trips', label: 'Trips', icon: Luggage, section: 'Travel' },
    { to: '/booking/flight', label: 'Flights', icon: Plane, section: 'Travel' },
    { to: '/booking/hotel', label: 'Hotels', icon: BedDouble, section: 'Travel' },
    { to: '/booking/car-rentals', label: 'Car rentals', icon: CarFront, section: 'Travel' },
    { to: '/cars', label: 'Cars for sale', icon: Car, section: 'Travel' },
    { to: '/user-therapy', label: 'Therapists', icon: HeartHandshake, section: 'Wellness' },
    { to: '/user-coach', label: 'Life coaches', icon: Sparkles, section: 'Wellness' },
    { to: '/video-chat', label: 'Video sessions', icon: Video, section: 'Wellness' },
    { to: '/shop', label: 'Shop', icon: ShoppingBag, end: true, section: 'Shop' },
    { to: '/shop/orders', label: 'My orders', icon: Package, section: 'Shop' },
    { to: '/shop/wishlist', label: 'Wishlist', icon: Heart, section: 'Shop' },
    { to: '/shop/review', label: 'Reviews', icon: Star, section: 'Shop' },
    { to: '/feed', label: 'Feed', icon: Newspaper, section: 'Social' },
    { to: '/friendrequest', label: 'Friends', icon: UserPlus, section: 'Social' },
    { to: MATCHMAKING_PATH, label: 'Matchmaking', icon: HeartPulse, section: 'Social' },
    { to: SPEED_DATING_PATH, label: 'Speed dating', icon: Timer, section: 'Social' },
    { to: EVENTS_PATH, label: 'Events', icon: PartyPopper, section: 'Social' },
    { to: MY_TICKETS_PATH, label: 'My tickets', icon: Ticket, section: 'Social' },
    { to: PREFERENCES_PATH, label: 'Preferences', icon: SlidersHorizontal, section: 'Social' },
    { to: '/user-wallet', label: 'Wallet', icon: WalletMinimal, section: 'Money' },
    { to: '/shop/Transactions', label: 'Transactions', icon: ReceiptText, section: 'Money' },
    { to: '/notifications', label: 'Notifications', icon: Bell, section: 'Account' },
    { to: SUPPORT_PATHS.user, label: 'Support', icon: LifeBuoy, section: 'Account' },
    { to: '/profile', label: 'Profile', icon: UserRound, section: 'Account' },
    { to: '/user-settings', label: 'Settings', icon: Settings, section: 'Account' },
  ],
  home: { title: 'Your dashboard', intro: '', offers: [] },
  homePage: dashboard,
  // A member who signed up and has not finished the onboarding is taken to their step from the dashboard.
  homeGuards: ['onboarding-check'],
  headerExtra: [notificationBell(portal), CartLink],
  pages,
  publicNav: [
    { to: '/shop/Listing', label: 'Shop' },
    { to: '/Travel', label: 'Travel' },
    { to: '/Wellness', label: 'Wellness' },
    { to: '/events', label: 'Events' },
    { to: PUBLIC_BLOG_PATH, label: 'Blog' },
    { to: '/about', label: 'About' },
    { to: '/faqs', label: 'FAQs' },
    { to: '/contact', label: 'Contact' },
  ],
  footerLinks: [
    { to: '/about', label: 'About Sojourn' },
    { to: PUBLIC_BLOG_PATH, label: 'Blog' },
    { to: '/faqs', label: 'FAQs' },
    { to: '/contact', label: 'Contact' },
    { to: '/Travel', label: 'Travel' },
    { to: '/Wellness', label: 'Wellness' },
    { to: '/terms-of-use', label: 'Terms of use' },
    { to: '/privacy-policy', label: 'Privacy policy' },
  ],
};
