import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { ClipboardCheck, CreditCard, Gift, House, Scale, ScrollText, Settings, UserRound, Users } from 'lucide-react';

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
    { to: '/admin-dashboard/payments', label: 'Payments', icon: CreditCard },
    { to: '/admin-dashboard/gift-cards', label: 'Gift cards', icon: Gift },
    { to: '/admin-dashboard/ledger', label: 'Ledger adjustments', icon: Scale },
    { to: '/admin-dashboard/audit-log', label: 'Audit log', icon: ScrollText },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: { title: 'Overview', intro: '', offers: [] },
  homePage: () => import('./pages/overview'),
  pages: [
    { path: '/admin-dashboard/providers', title: 'Role applications', frame: 'portal', guards: ['admin'], load: () => import('./pages/applications') },
    { path: '/admin-dashboard/users', title: 'Users', frame: 'portal', guards: ['admin'], load: () => import('./pages/users') },
    { path: '/admin-dashboard/payments', title: 'Payments', frame: 'portal', guards: ['admin'], load: () => import('./pages/money/payments') },
    { path: '/admin-dashboard/gift-cards', title: 'Gift-card products', frame: 'portal', guards: ['admin'], load: () => import('./pages/money/gift-cards') },
    { path: '/admin-dashboard/ledger', title: 'Ledger adjustments', frame: 'portal', guards: ['admin'], load: () => import('./pages/money/ledger') },
    { path: '/admin-dashboard/audit-log', title: 'Audit log', frame: 'portal', guards: ['admin'], load: () => import('./pages/money/audit-log') },
    { path: '/admin-profile', title: 'Your profile', frame: 'portal', guards: ['admin'], load: () => import('@sojourn/feature-account/pages/profile') },
    { path: '/admin-settings', title: 'Settings', frame: 'portal', guards: ['admin'], load: () => import('@sojourn/feature-account/pages/settings') },
  ],
};
