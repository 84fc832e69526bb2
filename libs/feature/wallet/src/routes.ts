import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { createElement } from 'react';
import type { FindPeople } from './admin/ledger';

export type { FindPeople, Person } from './admin/ledger';

/**
 * The wallet pages of the user portal: wallet, transaction history and details, gift cards and the payment callback.
 * Each is loaded lazily, so nothing of the wallet reaches the portal's entry chunk.
 */
export function walletPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.user];
  return [
    { path: '/user-wallet', title: 'Wallet', frame: 'portal', guards, load: () => import('./pages/wallet') },
    { path: '/shop/Transactions', title: 'Transactions', frame: 'portal', guards, load: () => import('./pages/transactions') },
    { path: '/shop/Transactions/details', title: 'Transaction details', frame: 'portal', guards, load: () => import('./pages/transaction-details') },
    { path: '/gift-card/:productId', title: 'Gift card', frame: 'portal', guards, load: () => import('./pages/gift-card') },
    { path: '/payments/callback', title: 'Payment', frame: 'portal', guards, load: () => import('./pages/payment-callback') },
  ];
}

export interface AdminMoneyRoutes {
  /** Finds the member or provider whose balance a ledger adjustment corrects (the accounts directory). */
  findPeople: FindPeople;
}

/** The admin portal's money pages: payments and refunds, gift-card products, ledger adjustments and the audit log. */
export function adminMoneyPages({ findPeople }: AdminMoneyRoutes): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  return [
    { path: '/admin-dashboard/payments', title: 'Payments', frame: 'portal', guards, load: () => import('./admin/payments') },
    { path: '/admin-dashboard/gift-cards', title: 'Gift-card products', frame: 'portal', guards, load: () => import('./admin/gift-cards') },
    {
      path: '/admin-dashboard/ledger',
      title: 'Ledger adjustments',
      frame: 'portal',
      guards,
      load: async () => {
        const { default: Ledger } = await import('./admin/ledger');
        return { default: () => createElement(Ledger, { findPeople }) };
      },
    },
    {
      path: '/admin-dashboard/audit-log',
      title: 'Audit log',
      frame: 'portal',
      guards,
      load: async () => {
        const { default: AuditLog } = await import('./admin/audit-log');
        return { default: () => createElement(AuditLog, { findPeople }) };
      },
    },
  ];
}
