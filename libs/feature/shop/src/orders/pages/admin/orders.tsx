import { newIdempotencyKey } from '@sojourn/api-client';
import { useListFilters } from '@sojourn/routing';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  DataTable,
  ErrorState,
  Input,
  Label,
  PageHeader,
  ReasonDialog,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  type Column,
} from '@sojourn/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Percent } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminOrdersApi, orderKeys, type AdminGroup, type AdminGroupRow, type GroupStatus, type OrderDetail } from '../../api';
import { AddressLines, GroupStatusBadge, OrderLines, StatusBadge, Sums, Timeline } from '../../components/bits';
import { LinesDialog } from '../../components/lines-dialog';
import { GROUP_STATUS_LABELS, canRefund, money, refundableQuantity, when } from '../../format';
import { ADMIN_ORDER_PATHS, adminGroupHref } from '../../paths';

const PER_PAGE = 20;

function PackagePanel({ g, o }: { g: AdminGroup; o: OrderDetail }) {
  const qc = useQueryClient();
  const key = useRef(newIdempotencyKey('shop-admin-refund'));
  const done = (next: AdminGroup) => {
    key.current = newIdempotencyKey('shop-admin-refund');
    qc.setQueryData(orderKeys.adminGroup(g.id), next);
    void qc.invalidateQueries({ queryKey: orderKeys.admin });
  };
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-base">
            {o.number} · {o.store.name}
          </CardTitle>
          <StatusBadge status={o.status} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        <OrderLines lines={o.lines} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Sums
            rows={[
              ['Items', o.subtotal],
              [`Shipping (${o.shipping_method.label})`, o.shipping_fee],
              ['Refunded', o.refunded],
            ]}
            total={['Total', o.total]}
          />
          <div className="grid content-start gap-2 text-sm">
            <AddressLines a={o.address} />
            {o.shipment && (
              <p>
                {o.shipment.carrier} · <span className="font-mono">{o.shipment.tracking_number}</span>
                <span className="block text-muted-foreground">Shipped {when(o.shipment.shipped_at)}</span>
              </p>
            )}
          </div>
        </div>
        {o.commission.length > 0 && (
          <div className="grid gap-1 text-sm">
            <p className="font-medium">Commission</p>
            {o.commission.map((c, i) => (
              <p key={i} className="flex justify-between gap-3">
                <span className="text-muted-foreground">{c.description}</span>
                <span className="tabular-nums">{money(c.amount)}</span>
              </p>
            ))}
          </div>
        )}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Timeline ({o.events.length})</summary>
          <div className="mt-3">
            <Timeline events={o.events} showActor />
          </div>
        </details>
        {canRefund(o) && (
          <div className="flex flex-wrap gap-2">
            <LinesDialog
              triggerLabel="Refund items"
              title={`Refund items of ${o.number}`}
              description="From this order's escrow to the shopper's wallet. Every line refunded brings the shipping fee with it."
              lines={o.lines}
              maxFor={refundableQuantity}
              confirmLabel="Refund"
              reasonHint="The shopper and the seller read this."
              onConfirm={(lines, reason) => adminOrdersApi.refund(g.id, { order_id: o.id, lines, reason }, key.current).then(done)}
            />
            <ReasonDialog
              triggerLabel="Refund everything left"
              title={`Refund all of ${o.number}?`}
              description="Every line not refunded yet, and the shipping fee, go back to the shopper's wallet."
              hint="The shopper and the seller read this."
              confirmLabel="Refund everything"
              onConfirm={(reason) => adminOrdersApi.refund(g.id, { order_id: o.id, reason }, key.current).then(done)}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function GroupDetail({ id }: { id: string }) {
  const q = useQuery({ queryKey: orderKeys.adminGroup(id), queryFn: () => adminOrdersApi.group(id) });
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={ADMIN_ORDER_PATHS.orders}>
        <ArrowLeft aria-hidden /> All orders
      </Link>
    </Button>
  );
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        {back}
        <ErrorState title="We could not load this order" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const g = q.data;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-4">
      {back}
      <PageHeader
        title={`Order ${g.number}`}
        description={
          <>
            <Link to={`/admin-dashboard/userDetails?id=${encodeURIComponent(g.buyer.id)}`} className="font-medium text-foreground hover:underline">
              {g.buyer.name || g.buyer.email}
            </Link>
            {g.buyer.email ? ` · ${g.buyer.email}` : ''} · placed {when(g.created_at)} · paid {g.pay_with === 'card' ? 'by card' : 'from the wallet'}
          </>
        }
        actions={<GroupStatusBadge status={g.status} />}
      />
      <Card>
        <CardContent className="grid gap-2 pt-5 sm:max-w-md sm:pt-6">
          <Sums
            rows={[
              [`Items from ${g.orders.length} ${g.orders.length === 1 ? 'seller' : 'sellers'}`, g.subtotal],
              ['Shipping', g.shipping_total],
            ]}
            total={['Total', g.total]}
          />
          {g.pay_by && g.status === 'awaiting_payment' && <p className="text-sm text-muted-foreground">Expires unpaid at {when(g.pay_by)}.</p>}
        </CardContent>
      </Card>
      {g.orders.map((o) => (
        <PackagePanel key={o.id} g={g} o={o} />
      ))}
    </div>
  );
}

function GroupList() {
  const [params] = useSearchParams();
  const current = { q: params.get('q') ?? '', page: params.get('page') ?? '1', status: params.get('status') ?? '' };
  const page = Math.max(1, Number(current.page) || 1);
  const status = (current.status in GROUP_STATUS_LABELS ? current.status : '') as GroupStatus | '';
  const { update, search, setSearch } = useListFilters(current);
  const q = useQuery({
    queryKey: orderKeys.adminGroups(current.q, status, page),
    queryFn: () => adminOrdersApi.groups({ q: current.q || undefined, status: status || undefined }, page, PER_PAGE),
    placeholderData: keepPreviousData,
  });
  const columns: Column<AdminGroupRow>[] = [
    {
      key: 'number',
      header: 'Order',
      cell: (g) => (
        <Link to={adminGroupHref(g.id)} className="font-mono font-medium hover:underline">
          {g.number}
        </Link>
      ),
    },
    {
      key: 'buyer',
      header: 'Buyer',
      cell: (g) => (
        <div className="grid">
          <span className="font-medium">{g.buyer.name}</span>
          <span className="text-xs text-muted-foreground">{g.buyer.email}</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (g) => <GroupStatusBadge status={g.status} /> },
    { key: 'orders', header: 'Packages', className: 'text-right', cell: (g) => <span className="tabular-nums">{g.orders}</span> },
    {
      key: 'total',
      header: 'Total',
      className: 'text-right whitespace-nowrap',
      cell: (g) => (
        <span className="grid tabular-nums">
          {money(g.total)}
          {g.refunded.amount > 0 && <span className="text-xs text-muted-foreground">{money(g.refunded)} refunded</span>}
        </span>
      ),
    },
    { key: 'created', header: 'Placed', className: 'whitespace-nowrap', cell: (g) => when(g.created_at) },
  ];
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6">
      <PageHeader
        title="Shop orders"
        description="Every order group with its packages per seller. Search by order number or the buyer's email; refund from an order's page."
        actions={
          <Button asChild variant="outline">
            <Link to={ADMIN_ORDER_PATHS.commission}>
              <Percent aria-hidden /> Commission rules
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="orders-q">Search</Label>
          <Input id="orders-q" type="search" placeholder="SJ-2611-… or buyer@example.com" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Select value={status || 'any'} onValueChange={(v) => update({ status: v === 'any' ? '' : v, page: '1' })}>
          <SelectTrigger aria-label="Filter by status" className="sm:w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">Every status</SelectItem>
            {(Object.keys(GROUP_STATUS_LABELS) as GroupStatus[]).map((s) => (
              <SelectItem key={s} value={s}>
                {GROUP_STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DataTable
        caption="Shop order groups"
        columns={columns}
        rows={q.data?.data}
        rowKey={(g) => g.id}
        loading={q.isPending}
        error={q.error}
        onRetry={() => void q.refetch()}
        empty={{ title: current.q || status ? 'No orders match' : 'No orders yet', description: current.q || status ? 'Try another number, email or status.' : 'Orders appear here as shoppers check out.' }}
        responsive="cards"
        page={page}
        perPage={PER_PAGE}
        total={q.data?.meta.total ?? 0}
        onPageChange={(p) => update({ page: String(p) })}
      />
    </div>
  );
}

/** `/admin-dashboard/orders`: every order group (search, status, numbered pages); `?id=` one group with refunds. */
export default function AdminOrdersPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <GroupDetail id={id} /> : <GroupList />;
}
