import { Card, CardContent, CardHeader, CardTitle } from '@sojourn/ui';
import { useAuthStore } from '@sojourn/session';
import { formatDate, formatMoney, isProviderRole } from '@sojourn/util';
import { WalletMinimal } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import type { Wallet } from '../api';
import { useWalletPaths } from '../paths';

/** The wallet's spendable balance, with the earnings beside it (available now, and pending until their date). */
export function BalanceCard({ wallet, actions }: { wallet: Wallet & { balance: number }; actions?: React.ReactNode }) {
  const currency = wallet.currency ?? 'NGN';
  // Earnings are for people who earn on Sojourn: a provider role, or money already earned (a role since withdrawn).
  const hasProviderRole = useAuthStore((s) => (s.user?.roles ?? []).some(isProviderRole));
  const earns = hasProviderRole || (wallet.available ?? 0) > 0 || (wallet.pending ?? 0) > 0;
  const paths = useWalletPaths();
  return (
    <Card className="overflow-hidden">
      <div className="bg-gradient-to-br from-primary to-primary/75 p-5 text-primary-foreground sm:p-6">
        <div className="flex items-center gap-2 text-sm font-medium opacity-90">
          <WalletMinimal className="size-4" aria-hidden /> Wallet balance
        </div>
        <p className="mt-2 text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl" data-testid="wallet-balance">
          {formatMoney(wallet.balance, currency)}
        </p>
        <p className="mt-1 text-sm opacity-90">Ready to spend on bookings, orders and gift cards, or to send to a friend.</p>
        {actions && <div className="mt-5 flex flex-wrap gap-2">{actions}</div>}
      </div>
      {paths.earnings ? (
        <CardContent className="pt-4 text-sm text-muted-foreground sm:pt-5">
          Earnings from your work, and withdrawals to your bank, are on the{' '}
          <Link to={paths.earnings} className="font-medium text-primary hover:underline">
            Earnings page
          </Link>
          .
        </CardContent>
      ) : (
        earns && <Earnings wallet={wallet} currency={currency} />
      )}
    </Card>
  );
}

function Earnings({ wallet, currency }: { wallet: Wallet; currency: string }) {
  return (
    <>
      <CardHeader className="pb-2 sm:pb-2">
        <CardTitle as="h2" className="text-base">
          Earnings
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          <div className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">Available</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(wallet.available ?? 0, currency)}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">Pending</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatMoney(wallet.pending ?? 0, currency)}</dd>
            {(wallet.pending ?? 0) > 0 && wallet.next_available_at && (
              <dd className="text-xs text-muted-foreground">Next amount becomes available on {formatDate(wallet.next_available_at)}</dd>
            )}
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          Earnings come from your work on Sojourn. Pending amounts become available once the refund window has passed.
        </p>
      </CardContent>
    </>
  );
}
