import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { Gift, Plus, Send, ShieldCheck, WalletMinimal } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Wallet } from '../api';
import { BalanceCard } from '../components/balance-card';
import { GiftCardProducts } from '../components/gift-card-products';
import { MyGiftCards } from '../components/my-gift-cards';
import { RedeemDialog } from '../components/redeem-dialog';
import { TopUpDialog } from '../components/top-up-dialog';
import { TransactionList } from '../components/transaction-list';
import { TransferDialog } from '../components/transfer-dialog';
import { useActivateWallet, useRecentTransactions, useWallet } from '../hooks';
import { useWalletPaths } from '../paths';

function ActivateCard() {
  const activate = useActivateWallet();
  return (
    <Card>
      <CardHeader>
        <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
          <WalletMinimal className="size-6" />
        </div>
        <CardTitle as="h2">Activate your Sojourn wallet</CardTitle>
        <CardDescription className="max-w-xl">
          Your wallet holds money for bookings, shop orders and gift cards. Top it up by card, receive money from friends and refunds from
          providers, and pay in one tap. There is no fee to activate it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2 text-sm text-muted-foreground">
          <li className="flex items-center gap-2">
            <ShieldCheck className="size-4 text-primary" aria-hidden /> Every amount is recorded in a ledger you can read line by line.
          </li>
          <li className="flex items-center gap-2">
            <Gift className="size-4 text-primary" aria-hidden /> Redeem gift cards and send money to other Sojourn members.
          </li>
        </ul>
        {activate.isError && <FormAlert>{errorMessage(activate.error)}</FormAlert>}
        <Button className="w-full sm:w-fit" onClick={() => activate.mutate()} loading={activate.isPending}>
          Activate wallet
        </Button>
      </CardContent>
    </Card>
  );
}

function RecentTransactions() {
  const q = useRecentTransactions(5);
  const paths = useWalletPaths();
  return (
    <section aria-labelledby="recent-heading" className="grid content-start gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent transactions
        </h2>
        <Button asChild variant="link" size="sm">
          <Link to={paths.transactions}>See all</Link>
        </Button>
      </div>
      {q.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : q.isError ? (
        <ErrorState title="Could not load your transactions" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState title="No transactions yet" description="Top up or redeem a gift card and it will show here." />
      ) : (
        <TransactionList rows={q.data} />
      )}
    </section>
  );
}

function ActiveWallet({ wallet }: { wallet: Wallet & { balance: number } }) {
  const [params, setParams] = useSearchParams();
  const [topUp, setTopUp] = useState(params.get('topup') === '1');
  const [send, setSend] = useState(false);
  const redeem = params.get('redeem') === '1';
  const setRedeem = (open: boolean) =>
    setParams(
      (p) => {
        if (open) p.set('redeem', '1');
        else p.delete('redeem');
        return p;
      },
      { replace: true },
    );
  const currency = wallet.currency ?? 'NGN';
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
        <BalanceCard
          wallet={wallet}
          actions={
            <>
              <Button variant="secondary" onClick={() => setTopUp(true)}>
                <Plus aria-hidden /> Top up
              </Button>
              <Button variant="secondary" onClick={() => setSend(true)}>
                <Send aria-hidden /> Send money
              </Button>
              <Button variant="secondary" onClick={() => setRedeem(true)}>
                <Gift aria-hidden /> Redeem gift card
              </Button>
            </>
          }
        />
        <RecentTransactions />
      </div>
      <TopUpDialog open={topUp} onOpenChange={setTopUp} currency={currency} />
      <TransferDialog open={send} onOpenChange={setSend} balance={wallet.balance} currency={currency} />
      <RedeemDialog open={redeem} onOpenChange={setRedeem} />
    </>
  );
}

export default function WalletPage() {
  const q = useWallet();
  const wallet = q.data;
  const paths = useWalletPaths();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <PageHeader
        title="Wallet"
        description={
          paths.earnings ? 'What you spend on Sojourn: your balance, top-ups, transfers and gift cards you redeem.' : 'Your balance, top-ups, transfers and gift cards.'
        }
        actions={
          <Button asChild variant="outline">
            <Link to={paths.transactions}>All transactions</Link>
          </Button>
        }
      />
      {q.isPending ? (
        <div className="grid gap-6 lg:grid-cols-2" aria-busy="true" aria-label="Loading your wallet">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load your wallet" error={q.error} onRetry={() => void q.refetch()} />
      ) : !wallet || wallet.balance === null || wallet.balance === undefined ? (
        <ActivateCard />
      ) : (
        <ActiveWallet wallet={wallet as Wallet & { balance: number }} />
      )}
      {paths.giftCards && (
      <section aria-labelledby="gift-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h2 id="gift-heading" className="text-lg font-semibold">
            Give a gift card
          </h2>
          <p className="text-sm text-muted-foreground">A Sojourn gift card pays for stays, tours, sessions and shop orders. We email it to them with your message.</p>
        </div>
        <GiftCardProducts />
      </section>
      )}
      {paths.giftCards && wallet?.balance !== null && wallet?.balance !== undefined && <MyGiftCards />}
    </div>
  );
}
