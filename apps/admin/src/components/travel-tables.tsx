import { Badge, Card, DataTable, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, type Column } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  adminTravelApi,
  adminTravelKeys,
  FLIGHT_STATUS,
  hotelDay,
  localTime,
  STAY_STATUS,
  totalsOf,
  type AdminFlightRow,
  type AdminStayRow,
  type FlightStatus,
  type StayStatus,
} from '../api/travel';

type Money = { amount: number; currency: string };
type Row = { price: Money; cost: Money; margin: Money; traveller: { id: string; name: string; email: string } };

/** The sums of the rows shown (per currency), so an admin reads Sojourn's margin on what they are looking at. */
function TotalsBar({ rows, noun }: { rows: Row[]; noun: string }) {
  const totals = totalsOf(rows);
  if (totals.length === 0) return null;
  return (
    <Card className="grid gap-2 p-4" aria-label={`Totals of the ${noun} shown`} role="group">
      {totals.map((t) => (
        <dl key={t.currency} className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{noun[0]?.toUpperCase() + noun.slice(1)} shown</dt>
            <dd className="text-lg font-semibold tabular-nums">{t.count}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Paid by travellers</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="total-price">{formatMoney(t.price, t.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Supplier cost</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="total-cost">{formatMoney(t.cost, t.currency)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Sojourn&rsquo;s margin</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid="total-margin">{formatMoney(t.margin, t.currency)}</dd>
          </div>
        </dl>
      ))}
    </Card>
  );
}

function moneyColumns<T extends Row>(): Column<T>[] {
  const m = (a: Money) => <span className="tabular-nums">{formatMoney(a.amount, a.currency)}</span>;
  return [
    { key: 'price', header: 'Paid', className: 'text-right whitespace-nowrap', cell: (r) => m(r.price) },
    { key: 'cost', header: 'Cost', className: 'text-right whitespace-nowrap', cell: (r) => m(r.cost) },
    { key: 'margin', header: 'Margin', className: 'text-right whitespace-nowrap font-medium', cell: (r) => m(r.margin) },
  ];
}

function travellerColumn<T extends Row>(): Column<T> {
  return {
    key: 'traveller',
    header: 'Traveller',
    cell: (r) => (
      <div className="grid">
        <Link to={`/admin-dashboard/userDetails?id=${encodeURIComponent(r.traveller.id)}`} className="font-medium hover:underline">
          {r.traveller.name || r.traveller.email || r.traveller.id}
        </Link>
        {r.traveller.email && <span className="text-xs text-muted-foreground">{r.traveller.email}</span>}
      </div>
    ),
  };
}

function StatusFilter<S extends string>({ value, options, onChange }: { value: S | ''; options: Record<S, { label: string }>; onChange: (v: S | '') => void }) {
  return (
    <Select value={value || 'any'} onValueChange={(v) => onChange(v === 'any' ? '' : (v as S))}>
      <SelectTrigger aria-label="Filter by status" className="sm:w-64">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="any">Every status</SelectItem>
        {(Object.keys(options) as S[]).map((s) => (
          <SelectItem key={s} value={s}>
            {options[s].label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** Every flight order, newest first, with cost and margin. */
export function FlightOrdersTable({ status, onStatus }: { status: FlightStatus | ''; onStatus: (s: FlightStatus | '') => void }) {
  const q = useInfiniteQuery({
    queryKey: adminTravelKeys.flights(status),
    queryFn: ({ pageParam }) => adminTravelApi.flights(status || undefined, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data);
  const columns: Column<AdminFlightRow>[] = [
    travellerColumn(),
    {
      key: 'route',
      header: 'Flight',
      
      cell: (o) => (
        <div className="grid">
          <span className="font-medium">
            {o.origin.iata} → {o.destination.iata}
          </span>
          <span className="text-xs text-muted-foreground">
            {o.origin.city} to {o.destination.city} · {o.slices > 2 ? `${o.slices} flights` : o.slices === 2 ? 'return' : 'one way'} · {o.passengers}{' '}
            {o.passengers === 1 ? 'passenger' : 'passengers'}
          </span>
        </div>
      ),
    },
    {
      key: 'dates',
      header: 'Dates (local)',
      cell: (o) => (
        <div className="grid text-sm">
          <span>{localTime(o.departs_at, o.origin.zone)}</span>
          <span className="text-xs text-muted-foreground">until {localTime(o.ends_at, o.slices > 1 ? o.origin.zone : o.destination.zone)}</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (o) => <Badge variant="outline" className={FLIGHT_STATUS[o.status].tone}>{FLIGHT_STATUS[o.status].label}</Badge> },
    ...moneyColumns<AdminFlightRow>(),
    {
      key: 'ref',
      header: 'Reference',
      cell: (o) => (
        <div className="grid">
          <span className="font-mono">{o.booking_reference || '—'}</span>
          {o.supplier_order_id && (
            <span className="max-w-36 truncate font-mono text-xs text-muted-foreground" title={o.supplier_order_id}>
              {o.supplier_order_id}
            </span>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className="grid gap-4">
      <StatusFilter value={status} options={FLIGHT_STATUS} onChange={onStatus} />
      {rows && <TotalsBar rows={rows} noun="flight orders" />}
      <DataTable
        caption="Flight orders"
        responsive="cards"
        columns={columns}
        rows={rows}
        rowKey={(o) => o.id}
        loading={q.isPending}
        error={q.error && !q.isFetchNextPageError ? q.error : null}
        onRetry={() => void q.refetch()}
        empty={{ title: 'No flight orders', description: status ? 'None have this status.' : 'Flights travellers book appear here.' }}
        more={{ hasMore: !!q.hasNextPage, loading: q.isFetchingNextPage, failed: q.isFetchNextPageError, onLoadMore: () => void q.fetchNextPage(), noun: ['order', 'orders'] }}
      />
    </div>
  );
}

/** Every booked stay, newest first, with cost and margin. */
export function StayBookingsTable({ status, onStatus }: { status: StayStatus | ''; onStatus: (s: StayStatus | '') => void }) {
  const q = useInfiniteQuery({
    queryKey: adminTravelKeys.stays(status),
    queryFn: ({ pageParam }) => adminTravelApi.stays(status || undefined, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data);
  const columns: Column<AdminStayRow>[] = [
    travellerColumn(),
    {
      key: 'property',
      header: 'Hotel',
      cell: (s) => (
        <div className="grid">
          <span className="font-medium">{s.property_name}</span>
          <span className="text-xs text-muted-foreground">
            {s.city} · {s.rooms} {s.rooms === 1 ? 'room' : 'rooms'}, {s.adults} {s.adults === 1 ? 'guest' : 'guests'}
          </span>
        </div>
      ),
    },
    {
      key: 'dates',
      header: 'Dates',
      cell: (s) => (
        <div className="grid text-sm">
          <span>{hotelDay(s.check_in)}</span>
          <span className="text-xs text-muted-foreground">to {hotelDay(s.check_out)}</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (s) => <Badge variant="outline" className={STAY_STATUS[s.status].tone}>{STAY_STATUS[s.status].label}</Badge> },
    ...moneyColumns<AdminStayRow>(),
    { key: 'ref', header: 'Reference', cell: (s) => <span className="font-mono">{s.supplier_reference || '—'}</span> },
  ];
  return (
    <div className="grid gap-4">
      <StatusFilter value={status} options={STAY_STATUS} onChange={onStatus} />
      {rows && <TotalsBar rows={rows} noun="stays" />}
      <DataTable
        caption="Hotel stays"
        responsive="cards"
        columns={columns}
        rows={rows}
        rowKey={(s) => s.id}
        loading={q.isPending}
        error={q.error && !q.isFetchNextPageError ? q.error : null}
        onRetry={() => void q.refetch()}
        empty={{ title: 'No hotel stays', description: status ? 'None have this status.' : 'Stays travellers book appear here.' }}
        more={{ hasMore: !!q.hasNextPage, loading: q.isFetchingNextPage, failed: q.isFetchNextPageError, onLoadMore: () => void q.fetchNextPage(), noun: ['stay', 'stays'] }}
      />
    </div>
  );
}
