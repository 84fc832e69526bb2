import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, LoadMore, PageHeader, ReasonDialog, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, PackageOpen, Printer } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderKeys, vendorOrdersApi, type OrderDetail, type OrderStatus } from '../../api';
import { AddressLines, StatusBadge, Timeline } from '../../components/bits';
import { LinesDialog } from '../../components/lines-dialog';
import { LinesCard, ReturnsCard, ShipmentCard } from '../../components/order-facts';
import { ShipDialog } from '../../components/ship-dialog';
import { STATUS_LABELS, canCancel, canMarkDelivered, canProcess, canRefund, canShip, day, money, refundableQuantity, when } from '../../format';
import { VENDOR_ORDER_PATHS, packingSlipHref, vendorOrderHref } from '../../paths';

/** The status tabs of the orders list; `all` lists every order. */
export const VENDOR_TABS: { value: OrderStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'paid', label: 'To prepare' },
  { value: 'processing', label: 'Preparing' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'return_requested', label: 'Returns' },
  { value: 'cancelled', label: 'Cancelled' },
];

function useRefresh() {
  const qc = useQueryClient();
  return (next: OrderDetail) => {
    qc.setQueryData(orderKeys.vendorOrder(next.id), next);
    void qc.invalidateQueries({ queryKey: orderKeys.vendor });
  };
}

function Actions({ o }: { o: OrderDetail }) {
  const refresh = useRefresh();
  const keys = useRef({ cancel: newIdempotencyKey('shop-vendor-cancel'), refund: newIdempotencyKey('shop-refund'), receive: new Map<string, string>() });
  const process = useMutation({ mutationFn: () => vendorOrdersApi.process(o.id), onSuccess: refresh });
  const deliver = useMutation({ mutationFn: () => vendorOrdersApi.deliver(o.id), onSuccess: refresh });
  const receive = useMutation({
    mutationFn: (returnId: string) => {
      if (!keys.current.receive.has(returnId)) keys.current.receive.set(returnId, newIdempotencyKey('shop-return'));
      return vendorOrdersApi.receiveReturn(o.id, returnId, keys.current.receive.get(returnId)!);
    },
    onSuccess: refresh,
  });
  const requested = o.returns.filter((r) => r.status === 'requested');
  const err = process.error ?? deliver.error ?? receive.error;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-center gap-2">
          {canProcess(o) && (
            <Button variant="outline" onClick={() => process.mutate()} loading={process.isPending}>
              Start preparing
            </Button>
          )}
          {canShip(o) && <ShipDialog o={o} onDone={refresh} />}
          {canMarkDelivered(o) && (
            <Button onClick={() => deliver.mutate()} loading={deliver.isPending}>
              Mark as delivered
            </Button>
          )}
          {requested.map((r) => (
            <Button key={r.id} onClick={() => receive.mutate(r.id)} loading={receive.isPending && receive.variables === r.id}>
              Return received: refund it
            </Button>
          ))}
          {canRefund(o) && (
            <LinesDialog
              triggerLabel="Refund items"
              title="Refund items"
              description="The amount goes from this order's escrow back to the shopper's wallet; the shipping fee follows when everything is refunded."
              lines={o.lines}
              maxFor={refundableQuantity}
              confirmLabel="Refund"
              reasonHint="The shopper reads this."
              onConfirm={(lines, reason) => vendorOrdersApi.refund(o.id, lines, reason, keys.current.refund).then(refresh)}
              onDone={() => {
                keys.current.refund = newIdempotencyKey('shop-refund');
              }}
            />
          )}
          {canCancel(o) && o.status !== 'placed' && (
            <ReasonDialog
              triggerLabel="Cancel the order"
              title={`Cancel order ${o.number}?`}
              description={`The shopper is refunded ${money(o.total)} in full and the items go back into your stock.`}
              label="Why are you cancelling?"
              hint="The shopper reads this."
              confirmLabel="Cancel the order"
              onConfirm={(reason) => vendorOrdersApi.cancel(o.id, reason, keys.current.cancel).then(refresh)}
              onDone={() => {
                keys.current.cancel = newIdempotencyKey('shop-vendor-cancel');
              }}
            />
          )}
          <Button asChild variant="ghost">
            <Link to={packingSlipHref(o.id)}>
              <Printer aria-hidden /> Packing slip
            </Link>
          </Button>
        </div>
        <FormAlert>{err ? errorMessage(err) : null}</FormAlert>
      </CardContent>
    </Card>
  );
}

function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.vendorOrder(id), queryFn: () => vendorOrdersApi.order(id) });
}

function Back() {
  return (
    <Button asChild variant="ghost" size="sm" className="w-fit print:hidden">
      <Link to={VENDOR_ORDER_PATHS.bookings}>
        <ArrowLeft aria-hidden /> All orders
      </Link>
    </Button>
  );
}

function Loading() {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function VendorOrderView({ id }: { id: string }) {
  const q = useOrder(id);
  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        <Back />
        <ErrorState title="We could not load this order" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const o = q.data;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <Back />
      <PageHeader title={`Order ${o.number}`} description={`${o.buyer.name}${o.buyer.email ? ` · ${o.buyer.email}` : ''} · placed ${when(o.created_at)}`} actions={<StatusBadge status={o.status} />} />
      <Actions o={o} />
      <LinesCard o={o} />
      <ShipmentCard o={o} />
      <ReturnsCard o={o} />
      {o.commission.length > 0 && (
        <Card>
          <CardHeader className="pb-3">
            <CardTitle as="h2">Commission</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {o.commission.map((c, i) => (
                <li key={i} className="flex justify-between gap-3">
                  <span>{c.description}</span>
                  <span className="tabular-nums">{money(c.amount)}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h2">Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <Timeline events={o.events} showActor />
        </CardContent>
      </Card>
    </div>
  );
}

// Printing the slip prints the slip alone, whatever frame the portal draws around it.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .packing-slip, .packing-slip * { visibility: visible !important; }
  .packing-slip { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; box-shadow: none !important; }
  @page { margin: 14mm; }
}`;

function PackingSlip({ id }: { id: string }) {
  const q = useOrder(id);
  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <Back />
        <ErrorState title="We could not load this order" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const o = q.data;
  const units = o.lines.reduce((n, l) => n + l.quantity - l.refunded_quantity, 0);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" size="sm">
          <Link to={vendorOrderHref(o.id)}>
            <ArrowLeft aria-hidden /> Back to the order
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden /> Print
        </Button>
      </div>
      <article className="packing-slip grid gap-6 rounded-xl border bg-card p-6 text-card-foreground sm:p-8" aria-labelledby="slip-h">
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 id="slip-h" className="text-2xl font-semibold">
              Packing slip
            </h1>
            <p className="text-sm text-muted-foreground">{o.store.name}</p>
          </div>
          <dl className="grid gap-0.5 text-sm sm:text-right">
            <div>
              <dt className="inline text-muted-foreground">Order </dt>
              <dd className="inline font-mono font-semibold">{o.number}</dd>
            </div>
            <div>
              <dt className="inline text-muted-foreground">Placed </dt>
              <dd className="inline">{day(o.created_at)}</dd>
            </div>
            <div>
              <dt className="inline text-muted-foreground">Shipping </dt>
              <dd className="inline">{o.shipping_method.label}</dd>
            </div>
          </dl>
        </header>
        <section aria-labelledby="slip-to">
          <h2 id="slip-to" className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Ship to
          </h2>
          <AddressLines a={o.address} className="text-base" />
        </section>
        <table className="w-full text-sm">
          <caption className="sr-only">Items to pack</caption>
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 pr-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                SKU
              </th>
              <th scope="col" className="py-2 pr-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="w-12 py-2 text-center font-medium">
                Packed
              </th>
            </tr>
          </thead>
          <tbody>
            {o.lines
              .filter((l) => l.quantity - l.refunded_quantity > 0)
              .map((l) => (
                <tr key={l.id} className="border-b">
                  <td className="py-2 pr-2">
                    {l.title}
                    {l.variant_title && <span className="block text-xs text-muted-foreground">{l.variant_title}</span>}
                  </td>
                  <td className="py-2 pr-2 font-mono text-xs">{l.sku || '—'}</td>
                  <td className="py-2 pr-2 text-right font-semibold tabular-nums">{l.quantity - l.refunded_quantity}</td>
                  <td className="py-2 text-center">
                    <span aria-hidden className="inline-block size-4 rounded-sm border-2 border-foreground/60" />
                  </td>
                </tr>
              ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2} className="pt-2 text-right text-muted-foreground">
                Units
              </td>
              <td className="pt-2 pr-2 text-right font-semibold tabular-nums">{units}</td>
              <td />
            </tr>
          </tfoot>
        </table>
        <footer className="text-xs text-muted-foreground">Thank you for shopping with {o.store.name} on Sojourn. Returns are accepted as the store&apos;s policy describes, from your Sojourn orders page.</footer>
      </article>
    </div>
  );
}

function OrderList() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? 'all';
  const status = (VENDOR_TABS.some((t) => t.value === raw) ? raw : 'all') as OrderStatus | 'all';
  const q = useInfiniteQuery({
    queryKey: orderKeys.vendorList(status),
    queryFn: ({ pageParam }) => vendorOrdersApi.orders(status === 'all' ? undefined : status, pageParam, 20),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Orders" description="Your share of each shopper's order: prepare it, ship it with a tracking number, and handle returns and refunds." />
      <nav aria-label="Order status" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
        {VENDOR_TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            aria-current={status === t.value ? 'page' : undefined}
            onClick={() => setParams(t.value === 'all' ? {} : { status: t.value }, { replace: true })}
            className={cn(
              'whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              status === t.value ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            {t.label}
          </button>
        ))}
      </nav>
      {q.isPending ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load your orders" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<PackageOpen className="size-6" />}
          title={status === 'all' ? 'No orders yet' : `Nothing ${STATUS_LABELS[status].toLowerCase()}`}
          description={status === 'all' ? 'Orders for your products appear here as soon as shoppers pay.' : 'Orders in this state appear here.'}
          action={
            status === 'all' ? (
              <Button asChild variant="outline">
                <Link to={VENDOR_ORDER_PATHS.offerings}>Your products</Link>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul className="grid gap-2">
            {rows.map((o) => {
              const units = o.lines.reduce((n, l) => n + l.quantity, 0);
              return (
                <li key={o.id}>
                  <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div className="grid min-w-0 gap-1">
                      <p className="font-semibold">
                        <Link to={vendorOrderHref(o.id)} className="hover:underline">
                          {o.number}
                        </Link>
                        <span className="font-normal text-muted-foreground"> · {o.buyer.name}</span>
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {units} {units === 1 ? 'item' : 'items'} · {o.shipping_method.label} · {day(o.created_at)}
                        {o.address.city ? ` · to ${o.address.city}` : ''}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      <StatusBadge status={o.status} />
                      <span className="font-semibold tabular-nums">{money(o.total)}</span>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['order', 'orders']} />
        </>
      )}
    </div>
  );
}

/** `/vendor-app/bookings`: orders to fulfil (status tabs), `?id=` one order, `?id=&slip=1` its printable packing slip. */
export default function VendorBookingsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id && params.get('slip') === '1') return <PackingSlip id={id} />;
  return id ? <VendorOrderView id={id} /> : <OrderList />;
}
