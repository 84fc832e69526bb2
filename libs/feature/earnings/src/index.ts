import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import type { PortalMeta } from '@sojourn/util';
import { createElement } from 'react';
import { Navigate } from 'react-router';

export interface MoneyRoutes {
  /** The portal: its pages are guarded by its role guard, like its other private pages. */
  portal: PortalMeta;
  earningsPath: string;
  walletPath?: string;
  /** Old addresses that now lead to the earnings page. */
  earningsAliases?: string[];
}

/**
 * The earnings and wallet pages of a provider portal: one screen on two addresses, loaded lazily so the portal's entry
 * chunk does not grow.
 */
export function moneyPages({ portal, earningsPath, walletPath, earningsAliases = [] }: MoneyRoutes): PageSpec[] {
  const guard = PORTAL_ROLE_GUARD[portal.id];
  const pages: PageSpec[] = [{ path: earningsPath, title: 'Earnings', frame: 'portal', guards: [guard], load: () => import('./pages/earnings') }];
  if (walletPath) pages.push({ path: walletPath, title: 'Wallet', frame: 'portal', guards: [guard], load: () => import('./pages/wallet') });
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
