import { Button, Card, CardContent, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { practiceApi, practiceKeys, type Booking, type Interval, type PracticeOverride } from '../api';
import { AppointmentCard } from '../components/appointment-card';
import { OverrideForm, describeOverride, useOverrideMutations } from '../components/overrides';
import type { PracticeContext } from '../context';
import { STATUS_LABELS, WEEKDAYS, WEEKDAY_LABELS, addDays, dateKey, formatDay, formatTime, isCancelled, viewerZone, weekdayIndex, zoneName } from '../format';

type View = 'week' | 'month';

function startOfWeek(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

function monthRange(date: string): { first: string; gridStart: string; gridEnd: string } {
  const first = `${date.slice(0, 7)}-01`;
  const next = new Date(`${first}T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = addDays(next.toISOString().slice(0, 10), -1);
  return { first, gridStart: startOfWeek(first), gridEnd: addDays(startOfWeek(last), 6) };
}

const dayLabel = (d: string) => formatDay(`${d}T12:00:00Z`, 'UTC');

interface Day {
  date: string;
  hours: Interval[];
  override: PracticeOverride | undefined;
  bookings: Booking[];
}

/** A week or a month of the practice: appointments, open hours (weekly or overridden), and overrides to add or remove. */
export default function CalendarPage({ ctx }: { ctx: PracticeContext }) {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'month' ? 'month' : 'week';
  const schedule = useQuery({ queryKey: practiceKeys.schedule(ctx.kind), queryFn: () => practiceApi.schedule(ctx.kind) });
  const tz = schedule.data?.time_zone || viewerZone();
  const today = dateKey(new Date(), tz);
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : today;
  const range = view === 'week' ? { first: startOfWeek(anchor), gridStart: startOfWeek(anchor), gridEnd: addDays(startOfWeek(anchor), 6) } : monthRange(anchor);
  const from = range.gridStart;
  const to = range.gridEnd;
  // The API filters by date in UTC; read a day either side so every local day of the grid is complete.
  const appts = useQuery({
    queryKey: practiceKeys.appointmentList(ctx.kind, 'calendar', `${from}:${to}`),
    queryFn: () => practiceApi.appointmentsBetween(ctx.kind, addDays(from, -1), addDays(to, 1)),
  });
  const overrides = useQuery({ queryKey: practiceKeys.overrides(ctx.kind, from, to), queryFn: () => practiceApi.overrides(ctx.kind, from, to) });
  const { remove } = useOverrideMutations(ctx.kind);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const days: Day[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const override = overrides.data?.find((o) => o.date === d);
    const weekly = schedule.data?.weekly[WEEKDAYS[weekdayIndex(d)]!] ?? [];
    days.push({
      date: d,
      override,
      hours: override ? (override.blocked ? [] : override.intervals) : weekly,
      bookings: (appts.data ?? []).filter((b) => dateKey(b.start, tz) === d && !isCancelled(b.status)).sort((a, b) => a.start.localeCompare(b.start)),
    });
  }
  const move = (dir: -1 | 1) => {
    let next: string;
    if (view === 'week') next = addDays(anchor, 7 * dir);
    else {
      const d = new Date(`${range.first}T12:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + dir);
      next = d.toISOString().slice(0, 10);
    }
    setParams({ view, date: next }, { replace: true });
  };
  const title =
    view === 'week'
      ? `${dayLabel(from).replace(/ \d{4}$/, '')} – ${dayLabel(to)}`
      : new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${range.first}T12:00:00Z`));
  const loading = schedule.isPending || appts.isPending || overrides.isPending;
  const error = schedule.error ?? appts.error ?? overrides.error;
  const selected = days.find((d) => d.date === openDay);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Calendar"
        description={`Your appointments and open hours. Times in your practice's time zone, ${zoneName(tz)}. Open a day to block it or change its hours.`}
        actions={
          <Button asChild variant="outline">
            <Link to={ctx.paths.schedule}>Weekly hours</Link>
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" onClick={() => move(-1)} aria-label={view === 'week' ? 'Previous week' : 'Previous month'}>
                <ChevronLeft className="size-4" aria-hidden />
              </Button>
              <Button variant="outline" size="sm" onClick={() => move(1)} aria-label={view === 'week' ? 'Next week' : 'Next month'}>
                <ChevronRight className="size-4" aria-hidden />
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setParams({ view }, { replace: true })}>
                Today
              </Button>
              <h2 className="text-lg font-semibold" aria-live="polite">
                {title}
              </h2>
            </div>
<div className="inline-flex rounded-md bg-muted p-1" role="group" aria-label="Calendar view">
              {(['week', 'month'] as const).map((v) => (
                <Button
                  key={v}
                  size="sm"
                  variant="ghost"
                  aria-pressed={view === v}
                  className={cn('h-8 px-3', view === v && 'bg-card shadow-sm hover:bg-card')}
                  onClick={() => setParams({ view: v, date: anchor }, { replace: true })}
                >
                  {v === 'week' ? 'Week' : 'Month'}
                </Button>
              ))}
            </div>
          </div>
          {error ? (
            <ErrorState
              title="Could not load your calendar"
              error={error}
              onRetry={() => {
                void schedule.refetch();
                void appts.refetch();
                void overrides.refetch();
              }}
            />
          ) : loading ? (
            <Skeleton className="h-96 w-full" />
          ) : view === 'week' ? (
            <ol className="grid gap-3 lg:grid-cols-7" aria-label="Week">
              {days.map((d) => (
                <li key={d.date} className={cn('grid content-start gap-2 rounded-lg border p-3 text-sm', d.date === today && 'border-primary', d.date < today && 'bg-muted/40')}>
                  <button type="button" className="text-left font-semibold underline-offset-4 hover:underline" onClick={() => setOpenDay(d.date)} aria-label={`${dayLabel(d.date)}: open the day`}>
                    {dayLabel(d.date).replace(/ \d{4}$/, '')}
                  </button>
                  <p className={cn('text-xs', d.override ? 'font-medium text-warning' : 'text-muted-foreground')}>
                    {d.override ? describeOverride(d.override) : d.hours.length ? d.hours.map((h) => `${h.start}–${h.end}`).join(', ') : 'Closed'}
                  </p>
                  {d.bookings.length > 0 && (
                    <ul className="grid gap-1.5">
                      {d.bookings.map((b) => (
                        <li key={b.id} className="rounded-md bg-accent/60 px-2 py-1.5">
                          <span className="font-medium">
                            {formatTime(b.start, tz)}–{formatTime(b.end, tz)}
                          </span>{' '}
                          <Link to={`${ctx.paths.client}?id=${encodeURIComponent(b.client.id)}`} className="underline-offset-4 hover:underline">
                            {b.client.display_name || b.client.username}
                          </Link>
                          {b.status !== 'confirmed' && <span className="block text-xs font-medium">{STATUS_LABELS[b.status]}</span>}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <div>
              <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-muted-foreground" aria-hidden>
                {WEEKDAYS.map((w) => (
                  <span key={w}>{WEEKDAY_LABELS[w].slice(0, 3)}</span>
                ))}
              </div>
              <ol className="mt-1 grid grid-cols-7 gap-1" aria-label="Month">
                {days.map((d) => {
                  const outside = d.date.slice(0, 7) !== range.first.slice(0, 7);
                  return (
                    <li key={d.date}>
                      <button
                        type="button"
                        onClick={() => setOpenDay(d.date)}
                        aria-label={`${dayLabel(d.date)}: ${d.bookings.length} appointment${d.bookings.length === 1 ? '' : 's'}, ${d.override ? describeOverride(d.override) : d.hours.length ? 'open' : 'closed'}`}
                        className={cn(
                          'flex min-h-16 w-full flex-col items-start gap-1 rounded-md border p-1.5 text-left text-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring sm:min-h-24',
                          outside && 'text-muted-foreground opacity-70',
                          d.date === today && 'border-primary',
                          d.override?.blocked && 'bg-muted',
                        )}
                      >
                        <span className="font-semibold">{Number(d.date.slice(8))}</span>
                        {d.bookings.length > 0 && <span className="rounded bg-accent px-1 text-accent-foreground">{d.bookings.length}<span className="hidden sm:inline"> booked</span></span>}
                        <span className={cn('hidden sm:inline', d.override ? 'text-warning' : 'text-muted-foreground')}>{d.override ? (d.override.blocked ? 'Day off' : 'Changed hours') : d.hours.length ? `${d.hours[0]!.start}–${d.hours.at(-1)!.end}` : 'Closed'}</span>
                      </button>
                    </li>
                  );
                })}
              </ol>
            </div>
          )}
        </CardContent>
      </Card>
      <Dialog
        open={selected !== undefined}
        onOpenChange={(v) => {
          if (!v) {
            setOpenDay(null);
            setAdding(false);
          }
        }}
      >
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          {selected && (
            <>
              <DialogHeader>
                <DialogTitle>{dayLabel(selected.date)}</DialogTitle>
                <DialogDescription>
                  {selected.override ? `Override: ${describeOverride(selected.override)}.` : selected.hours.length ? `Weekly hours: ${selected.hours.map((h) => `${h.start}–${h.end}`).join(', ')}.` : 'No weekly hours on this day.'} Times in {zoneName(tz)}.
                </DialogDescription>
              </DialogHeader>
              {selected.bookings.length > 0 ? (
                <ul className="grid gap-2">
                  {selected.bookings.map((b) => (
                    <AppointmentCard key={b.id} booking={b} clientHref={`${ctx.paths.client}?id=${encodeURIComponent(b.client.id)}`} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">No appointments this day.</p>
              )}
              {selected.date >= today &&
                (selected.override ? (
                  <Button variant="outline" loading={remove.isPending} onClick={() => selected.override && remove.mutate(selected.override)}>
                    <Trash2 className="size-4" aria-hidden /> Remove the override (back to weekly hours)
                  </Button>
                ) : adding ? (
                  <OverrideForm kind={ctx.kind} date={selected.date} timeZone={tz} onDone={() => setAdding(false)} />
                ) : (
                  <Button variant="outline" onClick={() => setAdding(true)}>
                    Block this day or change its hours
                  </Button>
                ))}
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
