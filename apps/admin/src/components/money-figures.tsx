import { adminMoneyApi, adminMoneyKeys } from '@sojourn/feature-wallet';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';

type Sum = { amount: number; count: number };

function Figure({ label, today, month, currency }: { label: string; today: Sum; month: Sum; currency: string }) {
  return (
    <div className="grid gap-1 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{formatMoney(today.amount, currency)}</p>
      <p className="text-xs text-muted-foreground">
        today ({today.count}) · {formatMoney(month.amount, currency)} this month ({month.count})
      </p>
    </div>
  );
}

/** The overview's money: top-ups, payouts and gift cards sold today and this month, and the gift-card liability. */
export function MoneyFigures() {
  const q = useQuery({ queryKey: adminMoneyKeys.summary, queryFn: () => adminMoneyApi.summary() });
  const s = q.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Money</CardTitle>
        <CardDescription>Days and months in UTC{s ? `, in ${s.currency}` : ''}.</CardDescription>
      </CardHeader>
      <CardContent>
        {q.isLoading ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : q.error || !s ? (
          <ErrorState title="Could not load the money figures" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            <Figure label="Wallet top-ups" today={s.today.top_ups} month={s.month.top_ups} currency={s.currency} />
            <Figure label="Payouts" today={s.today.payouts} month={s.month.payouts} currency={s.currency} />
            <Figure label="Gift cards sold" today={s.today.gift_card_sales} month={s.month.gift_card_sales} currency={s.currency} />
            <div className="grid gap-1 rounded-lg border p-4">
              <p className="text-sm text-muted-foreground">Gift-card liability</p>
              <p className="text-2xl font-semibold tabular-nums">{formatMoney(s.gift_card_liability, s.currency)}</p>
              <p className="text-xs text-muted-foreground">owed on cards not yet redeemed</p>
            </div>
            <div className="grid gap-1 rounded-lg border p-4">
              <p className="text-sm text-muted-foreground">Owed to travel suppliers</p>
              <p className="text-2xl font-semibold tabular-nums">{formatMoney(s.supplier_payable, s.currency)}</p>
              <p className="text-xs text-muted-foreground">hotels and flights they confirmed</p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
