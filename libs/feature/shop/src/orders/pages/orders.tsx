import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, LoadMore, PageHeader, ReasonDialog, Skeleton, Stepper } from '@sojourn/ui';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Package } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderKeys, shopperApi, type OrderDetail } from '../api';
import { StatusBadge, Thumb } from '../components/bits';
import { LinesDialog } from '../components/lines-dialog';
import { LinesCard, ReturnsCard, ShipmentCard } from '../components/order-facts';
import { NEXT_STEP, PROGRESS_STEPS, canCancel, canConfirmDelivery, canRequestReturn, day, estimateText, lineTitle, money, progressIndex, returnableQuantity } from '../format';
import { Timeline } from '../components/bits';
import { SHOP_PATHS, orderHref } from '../paths';

function useRefresh() {
  const qc = useQueryClient();
  return (next: OrderDetail) => {
    qc.setQueryData(orderKeys.order(next.id), next);
    void qc.invalidateQueries({ queryKey: orderKeys.mineAll });
    void qc.invalidateQueries({ queryKey: orderKeys.group(next.group_id) });
    void qc.invalidateQueries({ queryKey: ['wallet'] });
  };
}

function Actions({ o }: { o: OrderDetail }) {
  const refresh = useRefresh();
  const cancelKey = useRef(newIdempotencyKey('shop-cancel'));
  const confirm = useMutation({ mutationFn: () => shopperApi.confirmDelivery(o.id), onSuccess: refresh });
  const returnable = canRequestReturn(o);
  if (!canCancel(o) && !canConfirmDelivery(o) && !returnable) return null;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-center gap-2">
          {canConfirmDelivery(o) && (
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
              I received this package
            </Button>
          )}
          {returnable && (
            <LinesDialog
              triggerLabel="Return items"
              title="Return items"
              description={`Choose what you are sending back to ${o.store.name}. They refund it to your wallet once the parcel reaches them.`}
              lines={o.lines}
              maxFor={returnableQuantity}
              confirmLabel="Ask for the return"
              reasonLabel="Why are you returning it?"
              reasonHint="The seller reads this."
              onConfirm={(lines, reason) => shopperApi.requestReturn(o.id, lines, reason).then(refresh)}
            />
          )}
          {canCancel(o) && (
            <ReasonDialog
              triggerLabel="Cancel this order"
              title="Cancel this order?"
              description={o.status === 'placed' ? 'Nothing has been charged; the items go back on sale.' : `Everything you paid for this package, ${money(o.total)}, comes back to your wallet.`}
              label="Why are you cancelling? (optional)"
              hint="The seller reads this."
              min={0}
              confirmLabel="Cancel the order"
              onConfirm={(reason) => shopperApi.cancel(o.id, reason, cancelKey.current).then(refresh)}
              onDone={() => {
                cancelKey.current = newIdempotencyKey('shop-cancel');
              }}
            />
          )}
        </div>
        {canConfirmDelivery(o) && <p className="text-xs text-muted-foreground">Confirm only once the parcel is in your hands: the return window starts then.</p>}
        <FormAlert>{confirm.error ? errorMessage(confirm.error) : null}</FormAlert>
      </CardContent>
    </Card>
  );
}

function OrderDetailView({ id }: { id: string }) {
  const q = useQuery({ queryKey: orderKeys.order(id), queryFn: () => shopperApi.order(id) });
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={SHOP_PATHS.orders}>
        <ArrowLeft aria-hidden /> All my orders
      </Link>
    </Button>
  );
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        {back}
        <ErrorState title="We could not load this order" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const o = q.data;
  const step = progressIndex(o.status);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      {back}
      <PageHeader title={`${o.store.name}`} description={`Order ${o.number} · placed ${day(o.created_at)} · part of ${o.group_number}`} actions={<StatusBadge status={o.status} />} />
      {step !== null && <Stepper steps={[...PROGRESS_STEPS]} current={o.status === 'delivered' || o.status === 'completed' ? 4 : step} />}
      <p className="rounded-md border bg-muted/40 px-4 py-3 text-sm" role="status">
        {NEXT_STEP[o.status]}
      </p>
      <Actions o={o} />
      <ShipmentCard o={o} />
      <LinesCard o={o} />
      <ReturnsCard o={o} />
      <Card>
        <CardHeader className="pb-3">
          <CardTitle as="h2">Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <Timeline events={o.events} />
        </CardContent>
      </Card>
    </div>
  );
}

function OrderList() {
  const q = useInfiniteQuery({
    queryKey: orderKeys.mine('all'),
    queryFn: ({ pageParam }) => shopperApi.orders(undefined, pageParam, 10),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="My orders"
        description="Each seller's package on its own, newest first: follow it, confirm it arrived, or return items."
        actions={
          <Button asChild variant="outline">
            <Link to={SHOP_PATHS.home}>Shop</Link>
          </Button>
        }
      />
      {q.isPending ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load your orders" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Package className="size-6" />}
          title="No orders yet"
          description="What you buy in the shop appears here, one package per seller."
          action={
            <Button asChild variant="outline">
              <Link to={SHOP_PATHS.home}>Browse the shop</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="grid gap-3">
            {rows.map((o) => {
              const first = o.lines[0];
              const units = o.lines.reduce((n, l) => n + l.quantity, 0);
              return (
                <li key={o.id}>
                  <Card className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 p-3 sm:grid-cols-[4rem_minmax(0,1fr)_auto] sm:items-center">
                    {first ? <Thumb src={first.photo_url} alt={lineTitle(first)} /> : <span />}
                    <div className="grid min-w-0 gap-1">
                      <p className="font-semibold">
                        <Link to={orderHref(o.id)} className="hover:underline">
                          {o.store.name}
                        </Link>
                        <span className="text-sm font-normal text-muted-foreground"> · {o.number}</span>
                      </p>
                      <p className="truncate text-sm text-muted-foreground">
                        {units} {units === 1 ? 'item' : 'items'}: {o.lines.map((l) => l.title).join(', ')}
                      </p>
                      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                        <StatusBadge status={o.status} />
                        <span>Placed {day(o.created_at)}</span>
                        {o.shipment ? <span>· {o.shipment.carrier} {o.shipment.tracking_number}</span> : o.status === 'paid' || o.status === 'processing' ? <span>· {estimateText(o.delivery_estimate)}</span> : null}
                      </div>
                    </div>
                    <p className="col-span-2 text-right text-sm font-semibold tabular-nums sm:col-span-1">{money(o.total)}</p>
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

/** `/shop/orders` (the list) and `/shop/orders?id=` (one seller's package with its timeline). */
export default function OrdersPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <OrderDetailView id={id} /> : <OrderList />;
}
