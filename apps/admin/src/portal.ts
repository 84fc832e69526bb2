import type { PortalConfig } from '@sojourn/feature-shell';
import { PORTALS } from '@sojourn/util';
import { ClipboardCheck, House, Settings, UserRound, Users } from 'lucide-react';

const portal = PORTALS.admin;

export const config: PortalConfig = {
  portal,
  headline: 'Keep Sojourn trustworthy.',
  blurb: 'The admin portal is where the Sojourn team reviews providers and looks after member accounts.',
  points: ['Review every provider before they trade', 'Suspend and reinstate accounts with a recorded reason', 'Every decision lands in the audit log'],
  nav: [
    { to: portal.homePath, label: 'Overview', icon: House, end: true },
    { to: '/admin-dashboard/providers', label: 'Role applications', icon: ClipboardCheck },
    { to: '/admin-dashboard/users', label: 'Users', icon: Users },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: { title: 'Overview', intro: '', offers: [] },
  homePage: () => import('./pages/overview'),
  pages: [
    { path: '/admin-dashboard/providers', title: 'Role applications', frame: 'portal', guards: ['admin'], load: () => import('./pages/applications') },
    { path: '/admin-dashboard/users', title: 'Users', frame: 'portal', guards: ['admin'], load: () => import('./pages/users') },
    { path: '/admin-profile', title: 'Your profile', frame: 'portal', guards: ['admin'], load: () => import('@sojourn/feature-account/pages/profile') },
    { path: '/admin-settings', title: 'Settings', frame: 'portal', guards: ['admin'], load: () => import('@sojourn/feature-account/pages/settings') },
  ],
};
