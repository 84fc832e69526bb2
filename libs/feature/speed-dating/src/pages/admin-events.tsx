import { Badge, Button, DataTable, PageHeader } from '@sojourn/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { speedApi, speedKeys, type AdminStatusFilter, type SpeedEvent } from '../api';
import { EventWhen, StatusBadge, toneClass } from '../components/bits';
import { audienceLabel, durationLabel, priceLabel } from '../logic';
import { ADMIN_SPEED_DATING_PATH, adminEventHref } from '../paths';

const FILTERS: { value: AdminStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Upcoming' },
  { value: 'live', label: 'Live' },
  { value: 'paused', label: 'Paused' },
  { value: 'voting', label: 'Voting' },
  { value: 'ended', label: 'Ended' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** /admin-dashboard/speed-dating: every event, newest start first, by status; numbered pages. */
export default function AdminSpeedEventsPage() {
  const [params, setParams] = useSearchParams();
  const status = FILTERS.some((f) => f.value === params.get('status')) ? (params.get('status') as AdminStatusFilter) : 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ queryKey: speedKeys.adminEvents(status, page), queryFn: () => speedApi.adminEvents(status, page), placeholderData: keepPreviousData });
  const set = (next: { status?: AdminStatusFilter; page?: number }) => {
    const s = next.status ?? status;
    const p = next.page ?? 1;
    setParams({ ...(s !== 'all' ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true });
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Speed dating"
        description="Timed video speed-dating evenings: create them, watch the tickets come in and host them live from an event’s console."
        actions={
          <Button asChild>
            <Link to={`${ADMIN_SPEED_DATING_PATH}/new`}>
              <Plus aria-hidden /> New event
            </Link>
          </Button>
        }
      />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Events to show">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={status === f.value}
            onClick={() => set({ status: f.value })}
            className="rounded-full border px-3 py-1.5 text-sm font-medium aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground"
          >
            {f.label}
          </button>
        ))}
      </div>
      <DataTable<SpeedEvent>
        caption="Speed-dating events"
        responsive="cards"
        rows={list.data?.data}
        rowKey={(e) => e.id}
        loading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{ title: status === 'all' ? 'No events yet' : 'No events with this status', description: status === 'all' ? 'Create the first one with “New event”.' : 'Try another status.' }}
        columns={[
          {
            key: 'title',
            header: 'Event',
            cell: (e) => (
              <span className="grid min-w-48 gap-0.5">
                <Link to={adminEventHref(e.id)} className="font-medium underline-offset-4 hover:underline">
                  {e.title}
                </Link>
                <span className="text-xs text-muted-foreground">
                  {e.rounds} × {durationLabel(e.round_seconds)} · ages {e.age_min}–{e.age_max} · {audienceLabel(e.audience)}
                </span>
              </span>
            ),
          },
          { key: 'when', header: 'Starts', cell: (e) => <EventWhen event={e} className="min-w-40 text-sm" /> },
          { key: 'status', header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
          {
            key: 'seats',
            header: 'Tickets',
            cell: (e) => (
              <span className="grid gap-0.5 text-sm">
                <span>
                  {e.capacity - e.seats_left} of {e.capacity} sold
                </span>
                {e.capacity - e.seats_left < e.min_participants && e.status === 'scheduled' && <Badge variant="warning" className={toneClass('warning')}>Below minimum ({e.min_participants})</Badge>}
              </span>
            ),
          },
          { key: 'price', header: 'Price', cell: (e) => priceLabel(e) },
          {
            key: 'open',
            header: <span className="sr-only">Actions</span>,
            cell: (e) => (
              <Button asChild size="sm" variant="outline">
                <Link to={adminEventHref(e.id)} aria-label={`Open the console of ${e.title}`}>
                  Open console
                </Link>
              </Button>
            ),
          },
        ]}
        page={page}
        perPage={20}
        total={list.data?.meta.total ?? 0}
        onPageChange={(p) => set({ page: p })}
      />
    </div>
  );
}
