import { moneyPages } from '@sojourn/feature-earnings';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, House, Settings, UserRound, WalletCards } from 'lucide-react';

const portal = PORTALS.tour;

export const config: PortalConfig = {
  portal,
  headline: 'Show visitors the city only you know.',
  blurb: 'Sojourn Tours is where local guides publish walks, day trips and adventures, and travellers book them.',
  points: ['Tours listed alongside hotels and flights', 'Bookings, group sizes and languages in one place', 'Fast payouts after every tour'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: '/tour-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/tour-app/wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
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
  pages: [...moneyPages({ portal, earningsPath: '/tour-app/earnings' }), ...providerWalletPages({ portal, walletPath: '/tour-app/wallet', earningsPath: '/tour-app/earnings' })],
};
