import { Badge, DataTable } from '@sojourn/ui';
import { formatDate, formatMoney, type PortalId } from '@sojourn/util';
import type { EarningLine, Payout } from '../api';

const PAYOUT_STATUS: Record<Payout['status'], { label: string; variant: 'warning' | 'success' | 'destructive' | 'outline' }> = {
  pending: { label: 'Pending', variant: 'warning' },
  success: { label: 'Successful', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  reversed: { label: 'Reversed', variant: 'destructive' },
};

export function PayoutStatusBadge({ status }: { status: Payout['status'] }) {
  const s = PAYOUT_STATUS[status];
  return <Badge variant={s.variant}>{s.label}</Badge>;
}

function earningStatus(line: EarningLine) {
  switch (line.status) {
    case 'pending':
      return <Badge variant="warning">{line.available_at ? `Available ${formatDate(line.available_at)}` : 'Pending'}</Badge>;
    case 'completed':
      return <Badge variant="success">Available</Badge>;
    case 'reversed':
      return <Badge variant="destructive">Refunded</Badge>;
    default:
      return <Badge variant="destructive">Failed</Badge>;
  }
}

const PAID_FOR: Record<string, string> = {
  order: 'Shop order',
  booking: 'Booking',
  subscription: 'Subscription',
  gift_card: 'Gift card',
  event: 'Event ticket',
};

function describe(line: EarningLine): string {
  if (line.note) return line.note;
  if (line.paid_for) return PAID_FOR[line.paid_for.type] ?? line.paid_for.type.replace(/_/g, ' ');
  return 'Earning';
}

/** "Load more" over a keyset list: every page read so far is shown; the next one is appended. */
export interface Paging {
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

/** Whose payment becomes a provider's earning, in each provider portal's own words. */
export const EARNINGS_EMPTY: Record<PortalId, string> = {
  user: 'When a payment for your work on Sojourn is released to you it appears here, pending until the refund window closes.',
  vendor: 'When a buyer’s payment for an order is released to you it appears here, pending until the refund window closes.',
  therapy: 'When a client’s payment for a session is released to you it appears here, pending until the refund window closes.',
  coach: 'When a client’s payment for a session is released to you it appears here, pending until the refund window closes.',
  tour: 'When a traveller’s payment for a tour is released to you it appears here, pending until the refund window closes.',
  'car-rental': 'When a renter’s payment for a rental is released to you it appears here, pending until the refund window closes.',
  'car-dealer': 'When a customer’s payment is released to you it appears here, pending until the refund window closes.',
  affiliate: 'When a commission on a purchase you referred is released to you it appears here, pending until the refund window closes.',
  writer: 'When a payment for your writing is released to you it appears here, pending until the refund window closes.',
  admin: 'Earnings released to this account appear here, pending until the refund window closes.',
};

export function EarningsTable({
  lines,
  loading,
  error,
  onRetry,
  portal,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: { lines: EarningLine[] | undefined; loading: boolean; error: unknown; onRetry: () => void; portal: PortalId } & Paging) {
  return (
    <DataTable
      caption="Earnings history"
      rows={lines}
      loading={loading}
      error={error}
      onRetry={onRetry}
      rowKey={(l) => l.id}
      more={{ hasMore, loading: loadingMore, failed: loadMoreFailed, onLoadMore, noun: ['earning', 'earnings'] }}
      empty={{
        title: 'No earnings yet',
        description: EARNINGS_EMPTY[portal],
      }}
      columns={[
        { key: 'date', header: 'Date', className: 'hidden whitespace-nowrap sm:table-cell', cell: (l) => formatDate(l.created_at) },
        {
          key: 'what',
          header: 'For',
          className: 'sm:min-w-44',
          cell: (l) => (
            <span className="grid">
              <span className="font-medium">{describe(l)}</span>
              <span className="text-xs text-muted-foreground sm:hidden">
                {formatMoney(l.amount, l.currency)} · {formatDate(l.created_at)}
              </span>
              <span className="break-all text-xs text-muted-foreground">{l.reference}</span>
            </span>
          ),
        },
        { key: 'fee', header: 'Platform fee', className: 'hidden whitespace-nowrap text-right md:table-cell', cell: (l) => formatMoney(l.fee, l.currency) },
        { key: 'amount', header: 'You earned', className: 'hidden whitespace-nowrap text-right sm:table-cell', cell: (l) => <span className="font-medium">{formatMoney(l.amount, l.currency)}</span> },
        { key: 'status', header: 'Status', cell: earningStatus },
      ]}
    />
  );
}

export function PayoutsTable({ payouts, loading, error, onRetry, hasMore, loadingMore, loadMoreFailed, onLoadMore }: { payouts: Payout[] | undefined; loading: boolean; error: unknown; onRetry: () => void } & Paging) {
  return (
    <DataTable
      caption="Payout history"
      rows={payouts}
      loading={loading}
      error={error}
      onRetry={onRetry}
      rowKey={(p) => p.id}
      more={{ hasMore, loading: loadingMore, failed: loadMoreFailed, onLoadMore, noun: ['payout', 'payouts'] }}
      empty={{ title: 'No payouts yet', description: 'Withdrawals to your bank account are listed here with their status.' }}
      columns={[
        { key: 'date', header: 'Date', className: 'hidden whitespace-nowrap sm:table-cell', cell: (p) => formatDate(p.created_at) },
        {
          key: 'to',
          header: 'To',
          className: 'sm:min-w-40',
          cell: (p) => (
            <span className="grid">
              <span className="font-medium">
                {p.bank_name} {p.account_number}
              </span>
              <span className="text-xs text-muted-foreground sm:hidden">
                {formatMoney(p.net_amount, p.currency)} · {formatDate(p.created_at)}
              </span>
              <span className="break-all text-xs text-muted-foreground">{p.reference}</span>
            </span>
          ),
        },
        { key: 'amount', header: 'Withdrawn', className: 'hidden whitespace-nowrap text-right md:table-cell', cell: (p) => formatMoney(p.amount, p.currency) },
        { key: 'fee', header: 'Fee', className: 'hidden whitespace-nowrap text-right md:table-cell', cell: (p) => formatMoney(p.fee, p.currency) },
        { key: 'net', header: 'Sent', className: 'hidden whitespace-nowrap text-right sm:table-cell', cell: (p) => <span className="font-medium">{formatMoney(p.net_amount, p.currency)}</span> },
        {
          key: 'status',
          header: 'Status',
          className: 'sm:min-w-36',
          cell: (p) => (
            <span className="grid justify-items-start gap-1">
              <PayoutStatusBadge status={p.status} />
              {(p.status === 'failed' || p.status === 'reversed') && (
                <span className="text-xs text-muted-foreground">
                  {formatMoney(p.amount, p.currency)} returned to your earnings{p.failure_reason ? `: ${p.failure_reason}` : '.'}
                </span>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
