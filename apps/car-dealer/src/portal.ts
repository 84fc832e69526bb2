import { moneyPages } from '@sojourn/feature-earnings';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, House, Settings, UserRound, WalletCards } from 'lucide-react';

const portal = PORTALS['car-dealer'];

export const config: PortalConfig = {
  portal,
  headline: 'Sell cars to buyers who have done their homework.',
  blurb: 'Sojourn Car Dealers gives licensed dealerships a showroom in front of Sojourn’s members.',
  points: ['Listings with full specifications and photos', 'Enquiries and test drives in one inbox', 'A verified dealer badge on every listing'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: '/car-dealer/earnings', label: 'Earnings', icon: Banknote },
    { to: '/car-dealer/wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
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
  pages: [...moneyPages({ portal, earningsPath: '/car-dealer/earnings' }), ...providerWalletPages({ portal, walletPath: '/car-dealer/wallet', earningsPath: '/car-dealer/earnings' })],
};
