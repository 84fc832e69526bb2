import { Button, DataTable, DatePicker, Label, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, type Column } from '@sojourn/ui';
import { formatDate } from '@sojourn/util';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Transaction, TransactionFilters, TransactionStatus, TransactionType } from '../api';
import { SignedAmount, StatusBadge } from '../components/money-bits';
import { useTransactionHistory } from '../hooks';
import { TRANSACTION_STATUS_LABELS, TRANSACTION_TYPE_LABELS, describeTransaction } from '../labels';
import { useWalletPaths } from '../paths';

/** Transactions read per request; "Load more" appends the next ones. */
export const PAGE_SIZE = 20;
const ALL = 'all';

/** A note or the type under the description, when it adds something. */
function secondLine(t: Transaction): string | null {
  const first = describeTransaction(t);
  if (t.note && t.note !== first) return t.note;
  const type = TRANSACTION_TYPE_LABELS[t.type];
  return first.toLowerCase().includes(type.toLowerCase()) ? null : type;
}

/**
 * The filters live in the address, so a filtered list survives a reload and can be shared. How far someone has loaded
 * does not: the history is read by cursor, newest first, and a reload starts again from the newest.
 */
export function filtersFromParams(p: URLSearchParams): TransactionFilters {
  const type = p.get('type');
  const direction = p.get('direction');
  const status = p.get('status');
  return {
    type: type && type in TRANSACTION_TYPE_LABELS ? (type as TransactionType) : undefined,
    direction: direction === 'credit' || direction === 'debit' ? direction : undefined,
    status: status && status in TRANSACTION_STATUS_LABELS ? (status as TransactionStatus) : undefined,
    from: /^\d{4}-\d{2}-\d{2}$/.test(p.get('from') ?? '') ? p.get('from')! : undefined,
    to: /^\d{4}-\d{2}-\d{2}$/.test(p.get('to') ?? '') ? p.get('to')! : undefined,
  };
}

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string | undefined; onChange: (v: string | null) => void; options: [string, string][] }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? null : v)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All</SelectItem>
          {options.map(([v, l]) => (
            <SelectItem key={v} value={v}>
              {l}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export default function TransactionsPage() {
  const paths = useWalletPaths();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => filtersFromParams(params), [params]);
  const q = useTransactionHistory(query, PAGE_SIZE);
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.data), [q.data]);
  const filtered = Boolean(query.type || query.direction || query.status || query.from || query.to);

  const set = (key: string, value: string | null) =>
    setParams((p) => {
      if (value) p.set(key, value);
      else p.delete(key);
      return p;
    });

  const columns: Column<Transaction>[] = [
    { key: 'date', header: 'Date', className: 'hidden sm:table-cell', cell: (t) => <span className="whitespace-nowrap">{formatDate(t.created_at)}</span> },
    {
      key: 'what',
      header: 'Transaction',
      cell: (t) => {
        const sub = secondLine(t);
        return (
          <Link to={`${paths.details}?id=${encodeURIComponent(t.id)}`} className="grid gap-0.5 font-medium hover:underline">
            {describeTransaction(t)}
            {sub && <span className="text-xs font-normal text-muted-foreground">{sub}</span>}
            <span className="text-xs font-normal text-muted-foreground sm:hidden">
              {formatDate(t.created_at)}
              {t.status !== 'completed' ? ` · ${TRANSACTION_STATUS_LABELS[t.status]}` : ''}
            </span>
          </Link>
        );
      },
    },
    { key: 'ref', header: 'Reference', className: 'hidden md:table-cell', cell: (t) => <span className="font-mono text-xs">{t.reference}</span> },
    { key: 'status', header: 'Status', className: 'hidden sm:table-cell', cell: (t) => <StatusBadge status={t.status} /> },
    { key: 'amount', header: <span className="block text-right">Amount</span>, cell: (t) => <span className="block text-right"><SignedAmount t={t} /></span> },
  ];

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Transactions"
        description="Every movement of your money on Sojourn: top-ups, transfers, purchases, refunds and gift cards."
        actions={
          <Button asChild variant="outline">
            <Link to={paths.wallet}>Wallet</Link>
          </Button>
        }
      />
      <section aria-label="Filters" className="grid grid-cols-2 gap-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
        <div className="col-span-2 sm:col-span-1">
          <FilterSelect id="f-type" label="Type" value={query.type} onChange={(v) => set('type', v)} options={Object.entries(TRANSACTION_TYPE_LABELS)} />
        </div>
        <FilterSelect id="f-direction" label="Direction" value={query.direction} onChange={(v) => set('direction', v)} options={[['credit', 'Money in'], ['debit', 'Money out']]} />
        <FilterSelect id="f-status" label="Status" value={query.status} onChange={(v) => set('status', v)} options={Object.entries(TRANSACTION_STATUS_LABELS)} />
        <div className="grid gap-1.5">
          <Label htmlFor="f-from">From</Label>
          <DatePicker id="f-from" value={query.from ?? null} onChange={(v) => set('from', v)} placeholder="Any date" max={new Date()} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="f-to">To</Label>
          <DatePicker id="f-to" value={query.to ?? null} onChange={(v) => set('to', v)} placeholder="Any date" max={new Date()} />
        </div>
        <Button variant="ghost" className="col-span-2 sm:col-span-1" disabled={!filtered} onClick={() => setParams(new URLSearchParams())}>
          Clear filters
        </Button>
      </section>
      <DataTable
        caption="Your transactions"
        columns={columns}
        rows={rows}
        rowKey={(t) => t.id}
        loading={q.isFetching && !q.isFetchingNextPage}
        error={q.isError && !q.isFetchNextPageError ? q.error : undefined}
        onRetry={() => void q.refetch()}
        more={{
          hasMore: q.hasNextPage,
          loading: q.isFetchingNextPage,
          failed: q.isFetchNextPageError,
          onLoadMore: () => void q.fetchNextPage(),
          noun: ['transaction', 'transactions'],
        }}
        empty={
          filtered
            ? { title: 'No transactions match these filters', description: 'Try another type or status, or widen the dates.' }
            : { title: 'No transactions yet', description: 'Top up your wallet or redeem a gift card, and every movement of your money will be listed here.' }
        }
      />
    </div>
  );
}
