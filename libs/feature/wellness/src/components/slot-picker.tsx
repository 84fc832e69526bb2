import { Button, ErrorState, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { bookingsApi, wellnessKeys, type Slot } from '../api';
import { addDays, dateKeyIn, plainDay, weekStart, zoneLabel } from '../time';

export interface SlotPickerProps {
  offeringId: string;
  tz: string;
  /** Monday of the week shown ("YYYY-MM-DD" in the viewer's zone). */
  week: string;
  onWeekChange: (week: string) => void;
  selected: string | null;
  onSelect: (slot: Slot) => void;
  /** How far ahead the offering can be booked, in days (no navigating past it). */
  maxAdvanceDays: number;
  /** A slot start to leave out (the booking being moved). */
  exclude?: string | undefined;
}

/** A week of free slots of one offering in the viewer's zone, with the zone named and week-by-week navigation. */
export function SlotPicker({ offeringId, tz, week, onWeekChange, selected, onSelect, maxAdvanceDays, exclude }: SlotPickerProps) {
  const today = useMemo(() => dateKeyIn(new Date(), tz), [tz]);
  const thisWeek = weekStart(today);
  const lastDay = addDays(today, maxAdvanceDays);
  const from = week < today ? today : week;
  const to = addDays(week, 6);
  const q = useQuery({
    queryKey: wellnessKeys.slots(offeringId, from, to, tz),
    queryFn: () => bookingsApi.slots(offeringId, from, to, tz),
    enabled: from <= to,
    staleTime: 15_000,
  });
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(week, i)), [week]);
  const byDay = useMemo(() => {
    const m = new Map<string, Slot[]>();
    for (const s of q.data?.slots ?? []) {
      if (s.start === exclude) continue;
      m.set(s.date, [...(m.get(s.date) ?? []), s]);
    }
    return m;
  }, [q.data, exclude]);
  const total = [...byDay.values()].reduce((n, l) => n + l.length, 0);

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="icon" aria-label="Previous week" disabled={week <= thisWeek} onClick={() => onWeekChange(addDays(week, -7))}>
          <ChevronLeft aria-hidden />
        </Button>
        <p className="text-center text-sm font-medium" aria-live="polite">
          {plainDay(week, { day: 'numeric', month: 'short' })} to {plainDay(to, { day: 'numeric', month: 'short', year: 'numeric' })}
        </p>
        <Button variant="outline" size="icon" aria-label="Next week" disabled={addDays(week, 7) > lastDay} onClick={() => onWeekChange(addDays(week, 7))}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Times in your time zone: {zoneLabel(tz)}.</p>
      {q.isPending ? (
        <div className="grid gap-2" aria-label="Loading free times">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load the free times" error={q.error} onRetry={() => void q.refetch()} />
      ) : total === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
          No free times this week. Try the next week.
        </p>
      ) : (
        <ul className="grid gap-3">
          {days
            .filter((d) => byDay.has(d))
            .map((d) => (
              <li key={d} className="grid gap-1.5">
                <h3 className="text-sm font-semibold">{plainDay(d, { weekday: 'long', day: 'numeric', month: 'long' })}</h3>
                <div className="flex flex-wrap gap-2" role="group" aria-label={plainDay(d, { weekday: 'long', day: 'numeric', month: 'long' })}>
                  {byDay.get(d)!.map((s) => {
                    const on = selected === s.start;
                    return (
                      <button
                        key={s.start}
                        type="button"
                        aria-pressed={on}
                        onClick={() => onSelect(s)}
                        className={cn(
                          'min-w-16 rounded-md border px-3 py-2 text-sm tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                          on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-muted',
                        )}
                      >
                        {s.start_time}
                        {s.seats_left > 1 && <span className="sr-only">, {s.seats_left} places left</span>}
                      </button>
                    );
                  })}
                </div>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
