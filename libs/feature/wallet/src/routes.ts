import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import type { PortalMeta } from '@sojourn/util';
import { createElement, type ComponentType } from 'react';
import type { FindPeople } from './admin/ledger';
import { WalletPathsContext, type WalletPaths } from './paths';

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

export interface ProviderWalletRoutes {
  portal: PortalMeta;
  /** The portal's wallet address (the spec's, e.g. `/vendor-wallet`); transactions live under it. */
  walletPath: string;
  /** The portal's earnings page, where earnings and withdrawals live. */
  earningsPath: string;
}

/**
 * A provider portal's wallet: the money they spend on Sojourn (balance, top-up, transfers, redeemed gift cards and
 * every transaction), distinct from the earnings page (what they earn and withdraw). The same screens as the user
 * portal's wallet, under the portal's wallet address and guarded by its role.
 */
export function providerWalletPages({ portal, walletPath, earningsPath }: ProviderWalletRoutes): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD[portal.id]];
  const paths: WalletPaths = {
    wallet: walletPath,
    transactions: `${walletPath}/transactions`,
    details: `${walletPath}/transactions/details`,
    earnings: earningsPath,
    giftCards: false,
  };
  const within = (load: () => Promise<{ default: ComponentType }>) => async () => {
    const { default: Page } = await load();
    return { default: () => createElement(WalletPathsContext.Provider, { value: paths }, createElement(Page)) };
  };
  return [
    { path: paths.wallet, title: 'Wallet', frame: 'portal', guards, load: within(() => import('./pages/wallet')) },
    { path: paths.transactions, title: 'Transactions', frame: 'portal', guards, load: within(() => import('./pages/transactions')) },
    { path: paths.details, title: 'Transaction details', frame: 'portal', guards, load: within(() => import('./pages/transaction-details')) },
    { path: '/payments/callback', title: 'Payment', frame: 'portal', guards, load: within(() => import('./pages/payment-callback')) },
  ];
}

/**
 * Where a payment's purchase is looked after in the admin portal, when it is refunded there rather than on the
 * payments screen (a booking is refunded by cancelling it); null: refunded here.
 */
export type PurposeLink = (purpose: string, purposeId: string) => { href: string; label: string } | null;

export interface AdminMoneyRoutes {
  /** Finds the member or provider whose balance a ledger adjustment corrects (the accounts directory). */
  findPeople: FindPeople;
  /** Links a payment to the admin page of what it paid for (see PurposeLink). */
  purposeLink?: PurposeLink;
}

/** The admin portal's money pages: payments and refunds, gift-card products, ledger adjustments and the audit log. */
export function adminMoneyPages({ findPeople, purposeLink }: AdminMoneyRoutes): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  return [
    {
      path: '/admin-dashboard/payments',
      title: 'Payments',
      frame: 'portal',
      guards,
      load: async () => {
        const { default: Payments } = await import('./admin/payments');
        return { default: () => createElement(Payments, { purposeLink }) };
      },
    },
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
