import { Button, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Star, Video } from 'lucide-react';
import { Suspense, useMemo, useState, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import { bookingsApi, wellnessKeys, type Booking } from '../api';
import { StatusBadge } from '../components/bits';
import { BookingDialog, videoRoomOpenable } from '../components/booking-detail';
import { FeedCard } from '../components/feed-card';
import { ReviewNote } from '../components/review';
import { COACH_PATHS, THERAPY_PATHS } from '../paths';
import type { CalendarExtraProps } from '../routes';
import { addDays, addMonths, dateKeyIn, dayIn, monthGrid, monthName, plainDay, timeIn, viewerTimeZone, weekStart, zoneLabel } from '../time';

type View = 'month' | 'week' | 'list';
const VIEWS: View[] = ['month', 'week', 'list'];
const LIST_TABS = [
  ['upcoming', 'Upcoming'],
  ['past', 'Past'],
  ['cancelled', 'Cancelled'],
] as const;

function cancelled(b: Booking) {
  return b.status.startsWith('cancelled') || b.status === 'declined' || b.status === 'expired';
}

function Chip({ b, tz, open }: { b: Booking; tz: string; open: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => open(b.id)}
      className={cn(
        'w-full truncate rounded px-1.5 py-0.5 text-left text-xs focus-visible:outline-2 focus-visible:outline-ring',
        cancelled(b) ? 'bg-muted text-muted-foreground line-through' : b.status === 'pending_confirmation' ? 'bg-warning/15 text-foreground' : 'bg-primary/15 text-foreground',
      )}
    >
      {timeIn(b.start, tz)} {b.title}
      <span className="sr-only">
        {' '}
        with {b.provider.display_name}, {b.status.replace(/_/g, ' ')}
      </span>
    </button>
  );
}

function useRange(from: string, to: string, tz: string) {
  return useQuery({ queryKey: wellnessKeys.calendar(from, to, tz), queryFn: () => bookingsApi.calendar(from, to, tz) });
}

function groupByDay(rows: Booking[] | undefined, tz: string): Map<string, Booking[]> {
  const m = new Map<string, Booking[]>();
  for (const b of rows ?? []) {
    const d = dateKeyIn(b.start, tz);
    m.set(d, [...(m.get(d) ?? []), b]);
  }
  return m;
}

function MonthView({ date, tz, today, open, move }: { date: string; tz: string; today: string; open: (id: string) => void; move: (d: string) => void }) {
  const { first, days } = useMemo(() => monthGrid(date), [date]);
  const q = useRange(days[0]!, days[days.length - 1]!, tz);
  const byDay = useMemo(() => groupByDay(q.data, tz), [q.data, tz]);
  const month = first.slice(0, 7);
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => move(`${addMonths(month, -1)}-01`)}>
          <ChevronLeft aria-hidden />
        </Button>
        <h2 className="text-lg font-semibold" aria-live="polite">
          {monthName(month)}
        </h2>
        <Button variant="outline" size="icon" aria-label="Next month" onClick={() => move(`${addMonths(month, 1)}-01`)}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      {q.isError ? (
        <ErrorState title="We could not load your calendar" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className={cn('overflow-hidden rounded-xl border', q.isPending && 'opacity-60')} aria-busy={q.isPending || undefined}>
          <div className="grid grid-cols-7 border-b bg-muted text-center text-xs font-medium text-muted-foreground" aria-hidden>
            {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => (
              <div key={d} className="py-1.5">
                {d}
              </div>
            ))}
          </div>
          <ul className="grid grid-cols-7">
            {days.map((d) => {
              const items = byDay.get(d) ?? [];
              const inMonth = d.startsWith(month);
              return (
                <li key={d} className={cn('min-h-16 border-b border-r p-1 sm:min-h-24', !inMonth && 'bg-muted/40')} aria-label={`${plainDay(d, { weekday: 'long', day: 'numeric', month: 'long' })}: ${items.length} session${items.length === 1 ? '' : 's'}`}>
                  <span className={cn('mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs', d === today && 'bg-primary font-semibold text-primary-foreground', !inMonth && 'text-muted-foreground')}>
                    {Number(d.slice(8))}
                  </span>
                  <div className="grid gap-0.5">
                    {items.slice(0, 3).map((b) => (
                      <Chip key={b.id} b={b} tz={tz} open={open} />
                    ))}
                    {items.length > 3 && <span className="px-1 text-xs text-muted-foreground">+{items.length - 3} more</span>}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {q.data && q.data.length === 0 && <p className="text-center text-sm text-muted-foreground">No sessions this month.</p>}
    </div>
  );
}

function WeekView({ date, tz, today, open, move }: { date: string; tz: string; today: string; open: (id: string) => void; move: (d: string) => void }) {
  const start = weekStart(date);
  const end = addDays(start, 6);
  const q = useRange(start, end, tz);
  const byDay = useMemo(() => groupByDay(q.data, tz), [q.data, tz]);
  const days = Array.from({ length: 7 }, (_, i) => addDays(start, i));
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Previous week" onClick={() => move(addDays(start, -7))}>
          <ChevronLeft aria-hidden />
        </Button>
        <h2 className="text-center text-lg font-semibold" aria-live="polite">
          {plainDay(start, { day: 'numeric', month: 'short' })} to {plainDay(end, { day: 'numeric', month: 'short', year: 'numeric' })}
        </h2>
        <Button variant="outline" size="icon" aria-label="Next week" onClick={() => move(addDays(start, 7))}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      {q.isError ? (
        <ErrorState title="We could not load your calendar" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : (
        <ol className="grid gap-2 md:grid-cols-7">
          {days.map((d) => {
            const items = byDay.get(d) ?? [];
            return (
              <li key={d} className={cn('grid content-start gap-1.5 rounded-lg border p-2', d === today && 'border-primary')}>
                <h3 className="text-sm font-semibold">{plainDay(d)}</h3>
                {items.length === 0 ? (
                  <p className="text-xs text-muted-foreground">Nothing booked</p>
                ) : (
                  items.map((b) => (
                    <button
                      key={b.id}
                      type="button"
                      onClick={() => open(b.id)}
                      className={cn('grid gap-0.5 rounded-md border p-2 text-left text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring', cancelled(b) && 'opacity-60')}
                    >
                      <span className="font-semibold tabular-nums">
                        {timeIn(b.start, tz)} to {timeIn(b.end, tz)}
                      </span>
                      <span className="truncate">{b.title}</span>
                      <span className="truncate text-muted-foreground">{b.provider.display_name}</span>
                      <StatusBadge status={b.status} className="w-fit" />
                    </button>
                  ))
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function ListView({ tz, open, review }: { tz: string; open: (id: string) => void; review: (id: string) => void }) {
  const [tab, setTab] = useState<(typeof LIST_TABS)[number][0]>('upcoming');
  const q = useInfiniteQuery({
    queryKey: wellnessKeys.list(tab),
    queryFn: ({ pageParam }) => bookingsApi.list(tab, pageParam, 10),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)} className="grid gap-3">
      <TabsList className="w-fit">
        {LIST_TABS.map(([v, l]) => (
          <TabsTrigger key={v} value={v}>
            {l}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={tab} className="grid gap-3">
        {q.isPending ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : q.isError && rows.length === 0 ? (
          <ErrorState title="We could not load your bookings" error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={tab === 'upcoming' ? 'No upcoming sessions' : tab === 'past' ? 'No past sessions yet' : 'Nothing cancelled'}
            description={tab === 'upcoming' ? 'Book a therapist or a life coach and your sessions appear here.' : undefined}
            action={
              tab === 'upcoming' ? (
                <div className="flex flex-wrap justify-center gap-2">
                  <Button asChild>
                    <Link to={THERAPY_PATHS.list}>Find a therapist</Link>
                  </Button>
                  <Button asChild variant="outline">
                    <Link to={COACH_PATHS.list}>Find a coach</Link>
                  </Button>
                </div>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className="grid gap-2">
              {rows.map((b) => (
                <li key={b.id} className="flex flex-col rounded-lg border bg-card sm:flex-row sm:items-center">
                  <button
                    type="button"
                    onClick={() => open(b.id)}
                    className="flex w-full flex-1 flex-col gap-2 rounded-lg p-3 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:items-center"
                  >
                    <span className="grid flex-1 gap-0.5">
                      <span className="font-medium">{b.title}</span>
                      <span className="text-sm text-muted-foreground">
                        {dayIn(b.start, tz)}, {timeIn(b.start, tz)} · {b.provider.display_name}
                      </span>
                      <ReviewNote b={b} />
                    </span>
                    <span className="flex items-center gap-3">
                      <span className="text-sm tabular-nums">{formatMoney(b.price.amount, b.price.currency)}</span>
                      <StatusBadge status={b.status} />
                    </span>
                  </button>
                  {videoRoomOpenable(b) && (
                    <div className="px-3 pb-3 sm:py-3 sm:pl-0">
                      <Button size="sm" className="w-full sm:w-auto" asChild>
                        <Link to={`/video-chat?room=${encodeURIComponent(b.id)}`} aria-label={`Join the video session ${b.title} with ${b.provider.display_name}`}>
                          <Video aria-hidden /> Join video session
                        </Link>
                      </Button>
                    </div>
                  )}
                  {b.can_review && (
                    <div className="px-3 pb-3 sm:py-3 sm:pl-0">
                      <Button size="sm" variant="outline" className="w-full sm:w-auto" onClick={() => review(b.id)} aria-label={`Leave a review of ${b.title} with ${b.provider.display_name}`}>
                        <Star aria-hidden /> Leave a review
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['booking', 'bookings']} />
          </>
        )}
      </TabsContent>
    </Tabs>
  );
}

/** The calendar page with Extra (the portal's trips) under the sessions of the window shown. */
export function calendarWith(Extra?: ComponentType<CalendarExtraProps>): ComponentType {
  if (!Extra) return CalendarPage;
  return function CalendarWithExtra() {
    return <CalendarPage extra={Extra} />;
  };
}

export default function CalendarPage({ extra: Extra }: { extra?: ComponentType<CalendarExtraProps> | undefined } = {}) {
  const [params, setParams] = useSearchParams();
  const tz = useMemo(viewerTimeZone, []);
  const today = useMemo(() => dateKeyIn(new Date(), tz), [tz]);
  const viewParam = params.get('view');
  const view: View = VIEWS.includes(viewParam as View) ? (viewParam as View) : 'month';
  const dateParam = params.get('date');
  const date = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && !Number.isNaN(Date.parse(dateParam)) ? dateParam : today;
  const bookingId = params.get('booking');

  const set = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        return p;
      },
      { replace: true },
    );
  const open = (id: string) => set({ booking: id });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Your calendar"
        description={`Every session you booked on Sojourn. Times in your time zone, ${zoneLabel(tz)}.`}
        actions={
          <Button variant="outline" onClick={() => set({ date: null })}>
            Today
          </Button>
        }
      />
      <Tabs value={view} onValueChange={(v) => set({ view: v === 'month' ? null : v })} className="grid gap-4">
        <TabsList className="w-fit">
          <TabsTrigger value="month">Month</TabsTrigger>
          <TabsTrigger value="week">Week</TabsTrigger>
          <TabsTrigger value="list">List</TabsTrigger>
        </TabsList>
        <TabsContent value="month">
          <MonthView date={date} tz={tz} today={today} open={open} move={(d) => set({ date: d })} />
        </TabsContent>
        <TabsContent value="week">
          <WeekView date={date} tz={tz} today={today} open={open} move={(d) => set({ date: d })} />
        </TabsContent>
        <TabsContent value="list">
          <ListView tz={tz} open={open} review={(id) => set({ booking: id, review: '1' })} />
        </TabsContent>
      </Tabs>
      {Extra && (
        <Suspense fallback={<Skeleton className="h-24 w-full rounded-xl" />}>
          <Extra date={date} view={view} />
        </Suspense>
      )}
      <FeedCard />
      <BookingDialog
        id={bookingId}
        tz={tz}
        onClose={() => set({ booking: null, review: null })}
        reviewing={params.get('review') === '1'}
        onReviewingChange={(on) => set({ review: on ? '1' : null })}
      />
    </div>
  );
}
