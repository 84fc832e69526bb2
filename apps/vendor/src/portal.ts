import { SUPPORT_PATHS, supportPages } from '@sojourn/feature-support';
import { MessagesUnreadBadge, messagesPath, messagingPages } from '@sojourn/feature-messaging';
import { notificationBell, notificationPages } from '@sojourn/feature-notifications';
import { moneyPages } from '@sojourn/feature-earnings';
import { wizardPages } from '@sojourn/feature-onboarding';
import { STORE_FLOW, VENDOR_CREATEACC_PATH, VENDOR_ONBOARDING_PATH, VENDOR_STORE_PATH, vendorCatalogPages, vendorDashboardPage, vendorOrderPages, vendorReviewPages, vendorStorePages, vendorStoreWizardSteps } from '@sojourn/feature-shop';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, ClipboardList, House, MessageSquare, Package, Settings, Store, UserRound, Users, WalletCards, MessagesSquare, Bell, LifeBuoy } from 'lucide-react';
import { createElement } from 'react';
import { Navigate } from 'react-router';

const portal = PORTALS.vendor;

// The shop's seven-step set-up (flow vendor_store, saved per step on the server): /vendor-app/onboarding inside the
// portal and /vendor-onboarding/createacc standing alone (the spec's address) serve the same progress; each resumes at
// the first unsaved step.
const onboarding = wizardPages({
  portal,
  flow: STORE_FLOW,
  title: 'Set up your shop',
  intro: 'Seven short steps. Each is saved as you go, so you can stop and come back on any device.',
  bases: [
    { path: VENDOR_ONBOARDING_PATH, frame: 'portal' },
    { path: VENDOR_CREATEACC_PATH, frame: 'bare' },
  ],
  steps: vendorStoreWizardSteps,
  donePath: VENDOR_STORE_PATH,
  submitLabel: 'Open my shop',
  doneMessage: 'Your shop is set up. Add your first product whenever you are ready.',
});

export const config: PortalConfig = {
  portal,
  headline: 'Sell to travellers who are already packing.',
  blurb: 'Sojourn Vendor puts your products in front of people planning trips, retreats and a better everyday.',
  points: ['One storefront across the whole Sojourn marketplace', 'Orders split per seller, paid to your wallet', 'Reviews that build trust over time'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: messagesPath('vendor'), label: 'Messages', icon: MessagesSquare, badge: MessagesUnreadBadge },
    { to: '/vendor-app/offerings', label: 'Products', icon: Package },
    { to: '/vendor-app/bookings', label: 'Orders', icon: ClipboardList },
    { to: '/vendor-app/clients', label: 'Clients', icon: Users },
    { to: VENDOR_STORE_PATH, label: 'Store', icon: Store },
    { to: '/vendor-app/reviews', label: 'Reviews', icon: MessageSquare },
    { to: '/vendor-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/vendor-wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: '/vendor-app/notifications', label: 'Notifications', icon: Bell },
    { to: SUPPORT_PATHS['vendor'], label: 'Support', icon: LifeBuoy },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your vendor dashboard',
    intro: 'This is where your shop on Sojourn runs. Keep your profile complete: it is the first thing buyers see next to your products.',
    offers: [
      { title: 'Product catalogue', description: 'List products with photos, variants and stock, and see which sell best.' },
      { title: 'Orders and delivery', description: 'Receive your share of each order, confirm shipments and keep buyers informed.' },
      { title: 'Earnings and wallet', description: 'Follow every payout in your Sojourn wallet and withdraw to your bank.' },
      { title: 'Reviews and support', description: 'Answer buyer questions and build a reputation through verified reviews.' },
    ],
  },
  homePage: vendorDashboardPage,
  headerExtra: notificationBell(portal),
  pages: [
    ...messagingPages('vendor'),
    ...supportPages('vendor'),
    ...notificationPages(portal),
    ...onboarding,
    ...vendorStorePages(),
    ...vendorCatalogPages(),
    ...vendorOrderPages(),
    ...vendorReviewPages(),
    ...moneyPages({ portal, earningsPath: '/vendor-app/earnings' }), ...providerWalletPages({ portal, walletPath: '/vendor-wallet', earningsPath: '/vendor-app/earnings' }),
    {
      // The spec's address of the profile editor: the profile screen on its edit tab.
      path: '/vendor-app/profile/edit',
      title: 'Edit your profile',
      frame: 'bare',
      guards: ['vendor-auth'],
      load: async () => ({ default: () => createElement(Navigate, { to: `${portal.profilePath}?tab=edit`, replace: true }) }),
    },
  ],
};
