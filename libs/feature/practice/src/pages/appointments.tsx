import { Card, CardContent, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { practiceApi, practiceKeys, type AppointmentTab } from '../api';
import { AppointmentCard } from '../components/appointment-card';
import type { PracticeContext } from '../context';
import { zoneName } from '../format';

const EMPTY: Record<AppointmentTab, { title: string; description: string }> = {
  upcoming: { title: 'No upcoming appointments', description: 'Confirmed sessions appear here once clients book your open times.' },
  requests: { title: 'No requests waiting', description: 'Bookings of offerings that need your confirmation wait here until you confirm or decline them.' },
  past: { title: 'No past appointments yet', description: 'Completed sessions and no-shows appear here.' },
  cancelled: { title: 'Nothing cancelled', description: 'Cancelled, declined and expired bookings appear here with their reasons.' },
};

/** A cursor list of the practice's appointments in one state. */
export function AppointmentList({ status, ctx }: { status: AppointmentTab; ctx: PracticeContext }) {
  const list = useInfiniteQuery({
    queryKey: practiceKeys.appointmentList(ctx.kind, status, ''),
    queryFn: ({ pageParam }) => practiceApi.appointments(ctx.kind, status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  if (list.isPending) {
    return (
      <ul className="grid gap-3" aria-busy aria-label="Loading appointments">
        {[0, 1, 2].map((i) => (
          <li key={i} className="rounded-lg border p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="mt-3 h-4 w-1/2" />
          </li>
        ))}
      </ul>
    );
  }
  if (list.error && !list.data) return <ErrorState title="Could not load your appointments" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <EmptyState title={EMPTY[status].title} description={EMPTY[status].description} icon={<CalendarCheck className="size-6" />} />;
  const kinds = new Set(rows.map((r) => r.kind));
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={`${status} appointments`}>
        {rows.map((b) => (
          <AppointmentCard key={b.id} booking={b} clientHref={`${ctx.paths.client}?id=${encodeURIComponent(b.client.id)}`} showKind={kinds.size > 1} />
        ))}
      </ul>
      <LoadMore
        shown={rows.length}
        hasMore={Boolean(list.hasNextPage)}
        loading={list.isFetchingNextPage}
        failed={Boolean(list.error)}
        onLoadMore={() => void list.fetchNextPage()}
        noun={['appointment', 'appointments']}
      />
    </div>
  );
}

/**
 * `appointments`: upcoming, past and cancelled, with their actions. `bookings`: requests waiting for an answer and
 * the changes (cancellations, declines) — the same lists, requests first.
 */
export default function AppointmentsPage({ ctx, mode }: { ctx: PracticeContext; mode: 'appointments' | 'bookings' }) {
  const [params, setParams] = useSearchParams();
  const tabs: AppointmentTab[] = mode === 'bookings' ? ['requests', 'cancelled', 'upcoming'] : ['upcoming', 'requests', 'past', 'cancelled'];
  const asked = params.get('tab') as AppointmentTab | null;
  const tab: AppointmentTab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const labels: Record<AppointmentTab, string> = { upcoming: 'Upcoming', requests: 'Requests', past: 'Past', cancelled: mode === 'bookings' ? 'Cancellations' : 'Cancelled' };
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title={mode === 'bookings' ? 'Requests and changes' : 'Appointments'}
        description={
          mode === 'bookings'
            ? `Booking requests waiting for your answer, and the bookings clients or you cancelled. Times in ${zoneName()}.`
            : `Every session booked with you. Confirm requests, reschedule, cancel or mark a no-show. Times in ${zoneName()}.`
        }
      />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <Tabs value={tab} onValueChange={(v) => setParams({ tab: v }, { replace: true })}>
            <TabsList aria-label="Appointments by state" className="h-auto max-w-full flex-wrap justify-start">
              {tabs.map((t) => (
                <TabsTrigger key={t} value={t} className="px-2.5 sm:px-3">
                  {labels[t]}
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((t) => (
              <TabsContent key={t} value={t} className="mt-4">
                {t === tab && <AppointmentList status={t} ctx={ctx} />}
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}
