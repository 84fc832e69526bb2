import { Button, Card, CardDescription, CardHeader, CardTitle, Skeleton } from '@sojourn/ui';
import { WalletMinimal } from 'lucide-react';
import { Link } from 'react-router';
import { useWallet } from '../hooks';
import { formatMoney } from '../money';

/** The wallet at a glance, for a dashboard: the balance, or the invitation to activate it. */
export function WalletSummaryCard() {
  const q = useWallet();
  const balance = q.data?.balance;
  return (
    <Card>
      <CardHeader>
        <WalletMinimal className="size-6 text-primary" aria-hidden />
        <CardTitle as="h2" className="text-base">
          Wallet
        </CardTitle>
        {q.isPending ? (
          <Skeleton className="h-8 w-32" />
        ) : q.isError ? (
          <CardDescription>Your balance could not be loaded just now.</CardDescription>
        ) : balance === null || balance === undefined ? (
          <CardDescription>Activate your wallet to top up, send money to friends and redeem gift cards.</CardDescription>
        ) : (
          <p className="text-2xl font-semibold tabular-nums">{formatMoney(balance, q.data?.currency ?? 'NGN')}</p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/user-wallet">{balance === null ? 'Activate wallet' : 'Open wallet'}</Link>
          </Button>
          {typeof balance === 'number' && (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/user-wallet?redeem=1">Redeem a gift card</Link>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <Link to="/shop/Transactions">Transactions</Link>
              </Button>
            </>
          )}
        </div>
      </CardHeader>
    </Card>
  );
}
