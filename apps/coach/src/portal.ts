import { moneyPages } from '@sojourn/feature-earnings';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, House, Settings, UserRound, WalletCards } from 'lucide-react';

const portal = PORTALS.coach;

export const config: PortalConfig = {
  portal,
  headline: 'Help people make the change they travelled for.',
  blurb: 'Sojourn Coach is home to life coaches who guide clients through career moves, confidence and new chapters.',
  points: ['A profile that shows your method and results', 'Bookable sessions and coaching packages', 'Your earnings in one wallet'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: '/coach-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/coach-app/coach-wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your coaching space',
    intro: 'Clients discover coaches through their profiles. Tell them what you specialise in and how you work.',
    offers: [
      { title: 'Sessions and schedule', description: 'Offer one-off calls and multi-week programmes on your own calendar.' },
      { title: 'Client progress', description: 'Track goals and check-ins for every client you coach.' },
      { title: 'Live video', description: 'Run sessions in Sojourn’s video rooms from any device.' },
      { title: 'Earnings', description: 'See payments per session and subscription, and withdraw when you like.' },
    ],
  },
  pages: [...moneyPages({ portal, earningsPath: '/coach-app/earnings', earningsAliases: ['/coach-app/earnings copy'] }), ...providerWalletPages({ portal, walletPath: '/coach-app/coach-wallet', earningsPath: '/coach-app/earnings' })],
};
