import { Badge, Button, DataTable, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BOOKING_STATUS, BOOKING_STATUSES, adminBookingKeys, adminBookingsApi, type AdminBookingQuery, type Booking, type BookingStatus } from '../api/bookings';
import { BookingDialog } from './booking-detail';
import { Section, when } from './detail-parts';

const PER_PAGE = 10;

const person = (p: { display_name: string; username: string }) => p.display_name || p.username;

/**
 * A provider's bookings for admins: every paid booking, latest start first, filtered by status, in numbered pages; a
 * row opens the booking (history, payment, Cancel and refund). `open` is the booking shown (from the address).
 */
export function ProviderBookings({ providerId, open, onOpen }: { providerId: string; open: string | null; onOpen: (id: string | null) => void }) {
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [page, setPage] = useState(1);
  const query: AdminBookingQuery = { provider_id: providerId, page, per_page: PER_PAGE, ...(status ? { status } : {}) };
  const q = useQuery({ queryKey: adminBookingKeys.list(query), queryFn: () => adminBookingsApi.list(query), placeholderData: keepPreviousData });
  const total = q.data?.meta.total ?? 0;
  return (
    <Section
      id="bookings"
      title="Bookings"
      description={`${total > 0 ? `${total.toLocaleString('en-GB')} booking${total === 1 ? '' : 's'}${status ? `: ${BOOKING_STATUS[status].label.toLowerCase()}` : ''}. ` : ''}Holds nobody paid are left out unless you pick their status. Open one to see its history or cancel it with a full refund.`}
    >
      <div className="grid gap-4">
        <div className="sm:w-72">
          <Select
            value={status || 'any'}
            onValueChange={(v) => {
              setStatus(v === 'any' ? '' : (v as BookingStatus));
              setPage(1);
            }}
          >
            <SelectTrigger aria-label="Filter bookings by status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="any">Any status</SelectItem>
              {BOOKING_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {BOOKING_STATUS[s].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <DataTable<Booking>
          caption="Bookings of this provider"
          responsive="cards"
          rows={q.data?.data}
          loading={q.isFetching}
          error={q.error}
          onRetry={() => void q.refetch()}
          rowKey={(b) => b.id}
          page={page}
          perPage={PER_PAGE}
          total={total}
          onPageChange={setPage}
          empty={{ title: status ? 'No bookings in this state' : 'No bookings yet', description: status ? 'Choose another status or Any status.' : 'Paid bookings of this provider appear here.' }}
          columns={[
            {
              key: 'session',
              header: 'Session',
              className: 'min-w-52',
              cell: (b) => (
                <span className="grid">
                  <span className="font-medium">{b.title}</span>
                  <span className="text-xs text-muted-foreground">{when(b.start)}</span>
                </span>
              ),
            },
            { key: 'client', header: 'Client', cell: (b) => person(b.client) },
            { key: 'status', header: 'Status', cell: (b) => <Badge variant={BOOKING_STATUS[b.status].variant}>{BOOKING_STATUS[b.status].label}</Badge> },
            {
              key: 'paid',
              header: 'Paid',
              className: 'whitespace-nowrap text-right',
              cell: (b) => (
                <span className="grid">
                  <span>{b.pay_with === 'package' ? 'Package credit' : formatMoney(b.paid_amount, b.price.currency)}</span>
                  {b.refunded_amount > 0 && <span className="text-xs text-muted-foreground">{formatMoney(b.refunded_amount, b.price.currency)} refunded</span>}
                </span>
              ),
            },
            {
              key: 'open',
              header: <span className="sr-only">Actions</span>,
              className: 'text-right',
              cell: (b) => (
                <Button size="sm" variant="outline" onClick={() => onOpen(b.id)} aria-label={`Open the booking of ${person(b.client)}, ${when(b.start)}`}>
                  Details
                </Button>
              ),
            },
          ]}
        />
      </div>
      {open && <BookingDialog id={open} onClose={() => onOpen(null)} />}
    </Section>
  );
}
