import { Button, Card, Skeleton } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { WalletMinimal } from 'lucide-react';
import { Link } from 'react-router';
import { useWallet } from '../hooks';

/** The wallet at a glance, for a dashboard: the balance, or the invitation to activate it. */
export function WalletSummaryCard({ className }: { className?: string }) {
  const q = useWallet();
  const balance = q.data?.balance;
  const active = typeof balance === 'number';
  return (
    <Card className={cn('flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6', className)}>
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
          <WalletMinimal className="size-5" />
        </span>
        <div className="grid gap-0.5">
          <h2 className="text-base font-semibold">Wallet</h2>
          {q.isPending ? (
            <Skeleton className="h-8 w-32" />
          ) : q.isError ? (
            <p className="text-sm text-muted-foreground">Your balance could not be loaded just now.</p>
          ) : active ? (
            <p className="text-2xl font-semibold tabular-nums">{formatMoney(balance, q.data?.currency ?? 'NGN')}</p>
          ) : (
            <p className="text-sm text-muted-foreground">Activate your wallet to top up, send money to friends and redeem gift cards.</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to="/user-wallet">{active ? 'Open wallet' : 'Activate wallet'}</Link>
        </Button>
        {active && (
          <>
            <Button asChild variant="outline" size="sm">
              <Link to="/user-wallet?redeem=1">Redeem a gift card</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to="/shop/Transactions">Transactions</Link>
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}
