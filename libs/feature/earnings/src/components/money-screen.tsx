import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  ErrorState,
  PageHeader,
  Skeleton,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@sojourn/ui';
import { countryName, formatDate, formatMoney, payoutTarget, type PortalMeta } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, Clock, Landmark, WalletCards } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { activateWallet, fetchWallet, useAuthStore } from '@sojourn/session';
import { earningsApi, earningsKeys, type PayoutAccount } from '../api';
import { BankAccountForm } from './bank-account-form';
import { EarningsTable, PayoutsTable } from './history';
import { WithdrawForm } from './withdraw-form';

/** Rows read per request of each history; "Load more" appends the next ones (keyset paging, no page numbers). */
const PAGE_SIZE = 10;
type Tab = 'earnings' | 'payouts';

export interface MoneyScreenProps {
  /** The provider portal showing it: its copy speaks to that portal's role. */
  portal: PortalMeta;
}

function Stat({ icon, label, value, note, loading }: { icon: ReactNode; label: string; value: string; note: ReactNode; loading: boolean }) {
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <span className="flex size-8 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
            {icon}
          </span>
          {label}
        </div>
        {loading ? <Skeleton className="h-8 w-36" /> : <p className="text-2xl font-semibold tracking-tight sm:text-3xl">{value}</p>}
        <div className="text-sm text-muted-foreground">{loading ? <Skeleton className="h-4 w-48" /> : note}</div>
      </CardHeader>
    </Card>
  );
}

function BankAccountCard({
  account,
  target,
  loading,
  error,
  onRetry,
}: {
  account: PayoutAccount | null;
  target: ReturnType<typeof payoutTarget>;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const banks = useQuery({ queryKey: earningsKeys.banks(target.country), queryFn: () => earningsApi.banks(target.country), enabled: open, staleTime: 60 * 60_000 });
  const where = countryName(target.country);
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <span className="flex size-8 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
            <Landmark className="size-4" />
          </span>
          Bank account
        </div>
        <div className="flex flex-wrap items-end justify-between gap-3">
        {loading ? (
          <div className="grid gap-2">
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-4 w-32" />
          </div>
        ) : error ? (
          <div className="grid justify-items-start gap-2 text-sm">
            <p className="text-destructive" role="alert">
              Could not load your bank account. {errorMessage(error)}
            </p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : account ? (
          <div className="grid gap-0.5" data-testid="payout-account">
            <p className="font-semibold">
              {account.bank_name} ••••{account.account_number.slice(-4)}
            </p>
            <p className="text-sm text-muted-foreground">{account.account_name}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Add the account your withdrawals should go to.</p>
        )}
        {!loading && !error && (
          <div>
            <Button variant={account ? 'outline' : 'default'} size="sm" onClick={() => setOpen(true)}>
              {account ? 'Replace bank account' : 'Add bank account'}
            </Button>
          </div>
        )}
        </div>
      </CardHeader>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{account ? 'Replace your bank account' : 'Add a bank account'}</DialogTitle>
            <DialogDescription>
              {account
                ? 'The new account receives every withdrawal from now on; payouts already on their way are not affected.'
                : 'Withdrawals are sent here. Check the number: money sent to a wrong account is hard to recover.'}{' '}
              {target.fromProfile
                ? `Banks in ${where}, paid in ${target.currency}, as your profile country is ${where}.`
                : `Sojourn pays out to Nigeria, Ghana, Kenya and South Africa; without one of them as your profile country, payouts go to a bank in ${where} in ${target.currency}.`}
            </DialogDescription>
          </DialogHeader>
          {banks.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner label="Loading banks" />
            </div>
          ) : banks.error ? (
            <ErrorState title="Could not load the list of banks" error={banks.error} onRetry={() => void banks.refetch()} />
          ) : (
            <BankAccountForm
              banks={banks.data}
              currency={target.currency}
              current={account}
              onCancel={() => setOpen(false)}
              onSave={async (values) => {
                await earningsApi.setPayoutAccount({ ...values, currency: target.currency }, newIdempotencyKey('payout-account'));
                await queryClient.invalidateQueries({ queryKey: earningsKeys.accounts });
                toast.success('Bank account saved. Withdrawals will be sent there.');
                setOpen(false);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** A provider's earnings: available and pending balances, bank account, withdraw, earnings and payout history. */
export function MoneyScreen({ portal }: MoneyScreenProps) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'earnings' || params.get('tab') === 'payouts' ? (params.get('tab') as Tab) : 'earnings';
  const setParam = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) merged.set(k, v);
    setParams(merged, { replace: true });
  };

  // Payouts go to the provider's country (their profile's, where Paystack pays out), in its currency; every amount
  // on this screen is in that wallet's currency.
  const target = payoutTarget(useAuthStore((s) => s.user?.profile?.country));
  const cur = target.currency;
  const wallet = useQuery({
    queryKey: earningsKeys.wallet(cur),
    queryFn: async () => (cur === 'NGN' ? ((await fetchWallet()) ?? null) : earningsApi.wallet(cur)),
  });
  // Both histories are read by cursor, newest first; while a payout settles every page read so far is read again
  // (react-query walks the cursors from the first page), so the balances and the statuses stay current.
  const payouts = useInfiniteQuery({
    queryKey: earningsKeys.payouts(PAGE_SIZE),
    queryFn: ({ pageParam }) => earningsApi.payouts({ limit: PAGE_SIZE, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    refetchInterval: (q) => (q.state.data?.pages.some((pg) => pg.data.some((p) => p.status === 'pending')) ? 1500 : false),
  });
  const payoutRows = useMemo(() => payouts.data?.pages.flatMap((pg) => pg.data), [payouts.data]);
  const settling = Boolean(payoutRows?.some((p) => p.status === 'pending'));
  const summary = useInfiniteQuery({
    queryKey: earningsKeys.earnings(cur, PAGE_SIZE),
    queryFn: ({ pageParam }) => earningsApi.earnings({ limit: PAGE_SIZE, cursor: pageParam ?? undefined }, cur),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    placeholderData: keepPreviousData,
    refetchInterval: settling ? 1500 : false,
  });
  const accounts = useQuery({ queryKey: earningsKeys.accounts, queryFn: earningsApi.payoutAccounts });
  const activate = useMutation({
    mutationFn: () => (cur === 'NGN' ? activateWallet() : earningsApi.activate(cur, newIdempotencyKey('wallet'))),
    onSuccess: () => {
      toast.success('Your wallet is active. Earnings and withdrawals appear here.');
      void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  // The balances are the same on every page of lines; the first page is the one read most recently first.
  const data = summary.data?.pages[0]?.data;
  const lines = useMemo(() => summary.data?.pages.flatMap((pg) => pg.data.lines), [summary.data]);
  const currency = data?.currency ?? wallet.data?.currency ?? cur;
  const account = accounts.data?.find((a) => a.currency === currency) ?? null;
  const inactive = Boolean(wallet.data) && wallet.data?.balance === null;
  const loadingBalances = summary.isPending || wallet.isPending;

  const blocked = inactive
    ? 'Activate your wallet to receive earnings and withdraw them.'
    : accounts.isSuccess && !account
      ? 'Add a bank account before withdrawing.'
      : data && data.available < data.min_payout
        ? `You can withdraw once at least ${formatMoney(data.min_payout, currency)} is available.`
        : null;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Earnings"
        description={`What you have earned, when it becomes available, and your withdrawals to your bank, in ${cur}.`}
      />

      {inactive && (
        <Card className="border-primary/40 bg-accent/40">
          <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1">
              <CardTitle>Activate your wallet</CardTitle>
              <CardDescription>Your Sojourn wallet holds your earnings until you withdraw them. It is free and takes one click.</CardDescription>
            </div>
            <Button loading={activate.isPending} onClick={() => activate.mutate()}>
              Activate wallet
            </Button>
          </CardHeader>
        </Card>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-4">
          {summary.error && !data ? (
            <ErrorState title="Could not load your earnings" error={summary.error} onRetry={() => void summary.refetch()} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-2">
              <Stat
                icon={<Banknote className="size-4" />}
                label="Available to withdraw"
                loading={loadingBalances}
                value={formatMoney(data?.available ?? 0, currency)}
                note={settling ? 'A payout is on its way; this updates when the bank confirms.' : 'Past the refund window and yours to withdraw.'}
              />
              <Stat
                icon={<Clock className="size-4" />}
                label="Pending"
                loading={loadingBalances}
                value={formatMoney(data?.pending ?? 0, currency)}
                note={
                  data?.next_available_at
                    ? `The next pending earning becomes available on ${formatDate(data.next_available_at)}.`
                    : 'Nothing waiting on a refund window.'
                }
              />
              <div className="sm:col-span-2">
                <BankAccountCard account={account} target={target} loading={accounts.isPending} error={accounts.error} onRetry={() => void accounts.refetch()} />
              </div>
            </div>
          )}
        </div>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <WalletCards className="size-5 text-primary" aria-hidden />
              Withdraw
            </CardTitle>
            <CardDescription>Send available earnings to your bank account.</CardDescription>
          </CardHeader>
          <CardContent>
            {loadingBalances ? (
              <div className="grid gap-3">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-16 w-full" />
                <Skeleton className="h-10 w-full" />
              </div>
            ) : data ? (
              <WithdrawForm
                currency={currency}
                available={data.available}
                minPayout={data.min_payout}
                fee={data.payout_fee}
                account={account}
                blocked={blocked}
                onWithdraw={(amount, key) => earningsApi.withdraw(amount, cur, key)}
                onDone={(payout) => {
                  toast.success(`Withdrawal of ${formatMoney(payout.net_amount, payout.currency)} is on its way to ${payout.bank_name}.`);
                  setParam({ tab: 'payouts' });
                  void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
                }}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Withdrawals open once your earnings load.</p>
            )}
          </CardContent>
        </Card>
      </div>

      <Card className="min-w-0">
        <CardContent className="pt-5 sm:pt-6">
          <Tabs value={tab} onValueChange={(v) => setParam({ tab: v })}>
            <TabsList aria-label="History">
              <TabsTrigger value="earnings">Earnings</TabsTrigger>
              <TabsTrigger value="payouts">Payouts</TabsTrigger>
            </TabsList>
            <TabsContent value="earnings" className="mt-4">
              <EarningsTable
                lines={lines}
                loading={summary.isFetching && !summary.isFetchingNextPage && !settling}
                error={summary.isFetchNextPageError ? undefined : summary.error}
                onRetry={() => void summary.refetch()}
                portal={portal.id}
                hasMore={summary.hasNextPage}
                loadingMore={summary.isFetchingNextPage}
                loadMoreFailed={summary.isFetchNextPageError}
                onLoadMore={() => void summary.fetchNextPage()}
              />
            </TabsContent>
            <TabsContent value="payouts" className="mt-4">
              <PayoutsTable
                payouts={payoutRows}
                loading={payouts.isFetching && !payouts.isFetchingNextPage && !settling}
                error={payouts.isFetchNextPageError ? undefined : payouts.error}
                onRetry={() => void payouts.refetch()}
                hasMore={payouts.hasNextPage}
                loadingMore={payouts.isFetchingNextPage}
                loadMoreFailed={payouts.isFetchNextPageError}
                onLoadMore={() => void payouts.fetchNextPage()}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
