import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, DataTable, FormAlert, inputClass, Label, PageHeader } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dealersApi, dealersKeys, type CarReservation, type TestDrive } from '../api';
import { STATUS_LABEL, when } from '../format';

function Reservations() {
  const qc = useQueryClient();
  const [status, setStatus] = useState('held');
  const list = useInfiniteQuery({
    queryKey: dealersKeys.reservations(status),
    queryFn: ({ pageParam }) => dealersApi.reservations(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'complete' | 'release' }) => (action === 'complete' ? dealersApi.complete(id, newIdempotencyKey('sale')) : dealersApi.release(id, newIdempotencyKey('release'))),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dealersKeys.all }),
  });
  const rows = list.data?.pages.flatMap((p) => p.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reservations</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex max-w-xs flex-col gap-1.5">
          <Label htmlFor="res-status">Show</Label>
          <select id="res-status" className={cn(inputClass, 'appearance-auto')} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="held">Deposit held</option>
            <option value="awaiting_payment">Waiting for card payment</option>
            <option value="completed">Sales completed</option>
            <option value="released">Released</option>
            <option value="expired">Lapsed unpaid</option>
            <option value="">All</option>
          </select>
        </div>
        {act.error && <FormAlert>{errorMessage(act.error)}</FormAlert>}
        <DataTable<CarReservation>
          caption="Reservations"
          responsive="cards"
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isFetching && !list.isFetchingNextPage}
          error={!rows ? list.error : undefined}
          onRetry={() => void list.refetch()}
          empty={{ title: 'No reservations here', description: 'When a buyer reserves a car with a deposit it appears here until the sale completes or the deposit is released.' }}
          columns={[
            { key: 'car', header: 'Car', cell: (r) => <span className="font-medium">{r.car.title}</span> },
            { key: 'buyer', header: 'Buyer', cell: (r) => (r.buyer ? `${r.buyer.display_name || r.buyer.username} (${r.buyer.email})` : '—') },
            { key: 'deposit', header: 'Deposit', cell: (r) => `${formatMoney(r.deposit.amount, r.deposit.currency)}${r.pay_with === 'card' ? ' by card' : ''}` },
            {
              key: 'status',
              header: 'Status',
              cell: (r) => <Badge variant={r.status === 'held' ? 'default' : r.status === 'awaiting_payment' ? 'warning' : 'secondary'}>{STATUS_LABEL[r.status] ?? r.status}</Badge>,
            },
            {
              key: 'until',
              header: 'Held until',
              cell: (r) => (r.status === 'held' ? when(r.release_at) : r.status === 'awaiting_payment' && r.pay_by ? `Pay by ${when(r.pay_by)}` : r.settled_at ? when(r.settled_at) : '—'),
            },
            {
              key: 'actions',
              header: <span className="sr-only">Actions</span>,
              cell: (r) =>
                r.status === 'held' ? (
                  <span className="flex flex-wrap gap-2">
                    <Button size="sm" loading={act.isPending && act.variables?.id === r.id && act.variables.action === 'complete'} onClick={() => act.mutate({ id: r.id, action: 'complete' })}>
                      Sale completed
                    </Button>
                    <Button size="sm" variant="outline" loading={act.isPending && act.variables?.id === r.id && act.variables.action === 'release'} onClick={() => act.mutate({ id: r.id, action: 'release' })}>
                      Release deposit
                    </Button>
                  </span>
                ) : null,
            },
          ]}
          more={{ hasMore: Boolean(list.hasNextPage), loading: list.isFetchingNextPage, failed: Boolean(list.error && rows), onLoadMore: () => void list.fetchNextPage(), noun: ['reservation', 'reservations'] }}
        />
        <p className="text-xs text-muted-foreground">Sale completed credits the whole deposit to your earnings and marks the car sold; releasing it returns the deposit to the buyer and puts the car back on sale. Deposits not settled are released automatically when the reservation runs out. A buyer paying by card keeps the car reserved while the payment is made; if it does not arrive within 40 minutes the car is back on sale.</p>
      </CardContent>
    </Card>
  );
}

/** A test drive's kernel status ("completed" is a drive that took place, not a sale). */
const DRIVE_STATUS: Record<string, string> = { ...STATUS_LABEL, completed: 'Took place' };

function TestDrives() {
  const list = useInfiniteQuery({
    queryKey: dealersKeys.testDrives,
    queryFn: ({ pageParam }) => dealersApi.testDrives(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Test drives</CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable<TestDrive>
          caption="Test drives"
          responsive="cards"
          rows={rows}
          rowKey={(t) => t.booking_id}
          loading={list.isFetching && !list.isFetchingNextPage}
          error={!rows ? list.error : undefined}
          onRetry={() => void list.refetch()}
          empty={{ title: 'No test drives booked', description: 'Buyers book free 30-minute test drives in your opening hours from a car’s page.' }}
          columns={[
            { key: 'when', header: 'When', cell: (t) => <span className="font-medium">{when(t.start)}</span> },
            { key: 'car', header: 'Car', cell: (t) => t.car.title },
            { key: 'buyer', header: 'Buyer', cell: (t) => (t.buyer ? `${t.buyer.display_name || t.buyer.username} (${t.buyer.email})` : '—') },
            { key: 'status', header: 'Status', cell: (t) => DRIVE_STATUS[t.status] ?? t.status },
          ]}
          more={{ hasMore: Boolean(list.hasNextPage), loading: list.isFetchingNextPage, failed: Boolean(list.error && rows), onLoadMore: () => void list.fetchNextPage(), noun: ['test drive', 'test drives'] }}
        />
      </CardContent>
    </Card>
  );
}

/** The dealer's test drives (booked through the kernel in their hours) and reservations with their deposit actions. */
export default function DealerBookingsPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Test drives and reservations" description="Buyers' test drives and the cars reserved with a refundable deposit." />
      <Reservations />
      <TestDrives />
    </div>
  );
}
