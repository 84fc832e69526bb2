import { ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { tripKeys, tripsApi } from '../api';
import { tripHref } from '../paths';
import { dayLabel, localDate, localTime, zoneLabel } from '../time';
import { KIND_LABELS, KindIcon } from './bits';

/** The calendar's window for a view of date: its month (month and list views) or its Monday-to-Sunday week. */
export function calendarWindow(date: string, view: string): { from: string; to: string } {
  if (view === 'week') {
    const d = new Date(`${date}T00:00:00Z`);
    const back = (d.getUTCDay() + 6) % 7;
    d.setUTCDate(d.getUTCDate() - back);
    const from = d.toISOString().slice(0, 10);
    d.setUTCDate(d.getUTCDate() + 7);
    return { from, to: d.toISOString().slice(0, 10) };
  }
  const first = `${date.slice(0, 7)}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: first, to: next.toISOString().slice(0, 10) };
}

/**
 * The user's trip items in the calendar's window (GET /trips/calendar), each in its place's local time and linking to
 * its trip: shown under the sessions on /user-calendar (wired by the portal, so wellness never imports travel).
 */
export function TripCalendarItems({ date, view }: { date: string; view: string }) {
  const { from, to } = calendarWindow(date, view);
  const q = useQuery({
    queryKey: tripKeys.calendar(from, to),
    queryFn: () => tripsApi.calendar(`${from}T00:00:00Z`, `${to}T00:00:00Z`),
  });
  return (
    <section aria-labelledby="trip-cal-h" className="grid gap-2">
      <h2 id="trip-cal-h" className="text-lg font-semibold">
        Trips {view === 'week' ? 'this week' : 'this month'}
      </h2>
      {q.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : q.isError ? (
        <ErrorState title="We could not load your trips" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No flights, stays, cars or tours in your trips {view === 'week' ? 'this week' : 'this month'}.</p>
      ) : (
        <ul className="grid gap-2">
          {q.data.map((i) => (
            <li key={`${i.kind}:${i.ref_id}`}>
              <Link to={tripHref(i.trip_id ?? '')} className="flex items-center gap-3 rounded-lg border bg-card p-3 hover:bg-muted">
                <KindIcon kind={i.kind} />
                <span className="grid flex-1 gap-0.5 text-sm">
                  <span className="font-medium">
                    {KIND_LABELS[i.kind]}: {i.title}
                  </span>
                  <span className="text-muted-foreground">
                    {dayLabel(localDate(i.starts_local), false)}, {localTime(i.starts_local)} {zoneLabel(i.start_zone, i.starts_at)} · {i.trip_name}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default TripCalendarItems;
