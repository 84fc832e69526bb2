import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { House, Settings, UserRound } from 'lucide-react';

const portal = PORTALS.affiliate;

export const config: PortalConfig = {
  portal,
  headline: 'Recommend trips you love. Earn when others book them.',
  blurb: 'Sojourn Affiliates is for creators and publishers who send travellers our way.',
  points: ['Links for any trip, product or practitioner', 'Transparent commissions on every booking', 'Monthly payouts to your wallet'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your affiliate dashboard',
    intro: 'Share Sojourn with your audience and see what your recommendations earn.',
    offers: [
      { title: 'Referral links', description: 'Create tracked links to any page on Sojourn in a click.' },
      { title: 'Performance', description: 'See clicks, sign-ups and bookings per link.' },
      { title: 'Commissions', description: 'Follow every commission from pending to paid.' },
      { title: 'Payouts', description: 'Receive your earnings in your Sojourn wallet each month.' },
    ],
  },
  pages: [],
};
