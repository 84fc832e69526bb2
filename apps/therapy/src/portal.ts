import { moneyPages } from '@sojourn/feature-earnings';
import { providerWalletPages } from '@sojourn/feature-wallet';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { Banknote, House, Settings, UserRound, WalletCards } from 'lucide-react';

const portal = PORTALS.therapy;

export const config: PortalConfig = {
  portal,
  headline: 'Care that fits between journeys.',
  blurb: 'Sojourn Therapy connects licensed therapists with clients at home and on the road, by video or in person.',
  points: ['Verified licences, so clients book with confidence', 'Sessions by video or in your practice', 'Payments and reminders handled for you'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: '/therapy-app/earnings', label: 'Earnings', icon: Banknote },
    { to: '/therapy-app/therapist-wallet', label: 'Wallet', icon: WalletCards },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your therapy practice',
    intro: 'Clients choose a therapist from the profile first. Complete yours, including your licence number and specialties.',
    offers: [
      { title: 'Calendar and appointments', description: 'Publish your availability and let clients book the slots that suit them.' },
      { title: 'Clients and notes', description: 'Keep each client’s history and session notes private and in one place.' },
      { title: 'Video sessions', description: 'Meet clients in secure video rooms without extra software.' },
      { title: 'Wallet and subscriptions', description: 'Get paid per session or through plans, straight into your Sojourn wallet.' },
    ],
  },
  pages: [...moneyPages({ portal, earningsPath: '/therapy-app/earnings' }), ...providerWalletPages({ portal, walletPath: '/therapy-app/therapist-wallet', earningsPath: '/therapy-app/earnings' })],
};
