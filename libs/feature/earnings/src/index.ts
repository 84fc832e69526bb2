import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import type { PortalMeta } from '@sojourn/util';
import { createElement, type ComponentType } from 'react';
import { Navigate } from 'react-router';

export interface MoneyRoutes {
  /** The portal: its pages are guarded by its role guard, like its other private pages. */
  portal: PortalMeta;
  earningsPath: string;
  /** Old addresses that now lead to the earnings page. */
  earningsAliases?: string[];
}

/**
 * The earnings page of a provider portal (balances, bank account, withdrawals, earnings and payout history), loaded
 * lazily so the portal's entry chunk does not grow. The wallet (what the provider spends) is the wallet feature's
 * `providerWalletPages`.
 */
export function moneyPages({ portal, earningsPath, earningsAliases = [] }: MoneyRoutes): PageSpec[] {
  const guard = PORTAL_ROLE_GUARD[portal.id];
  const withPortal = (load: () => Promise<{ default: ComponentType<{ portal: PortalMeta }> }>) => async () => {
    const { default: Page } = await load();
    return { default: () => createElement(Page, { portal }) };
  };
  const pages: PageSpec[] = [{ path: earningsPath, title: 'Earnings', frame: 'portal', guards: [guard], load: withPortal(() => import('./pages/earnings')) }];
  for (const alias of earningsAliases) {
    pages.push({
      path: alias,
      title: 'Earnings',
      frame: 'bare',
      guards: [guard],
      load: async () => ({ default: () => createElement(Navigate, { to: earningsPath, replace: true }) }),
    });
  }
  return pages;
}
