import { Button, FormAlert, Input, Label } from '@sojourn/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { toursApi, toursKeys, type Departures, type Tour } from '../api';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
type Dated = { date: string; time: string };

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const same = (a: Dated) => (b: Dated) => a.date === b.date && a.time === b.time;
const dayLabel = (date: string) => new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });

/** The departures of the next `days` days: the weekly times and added dates, without the cancelled ones. */
export function upcomingDepartures(d: Departures | null | undefined, from: Date, days: number): (Dated & { added: boolean })[] {
  if (!d) return [];
  const out: (Dated & { added: boolean })[] = [];
  for (let i = 0; i < days; i++) {
    const day = new Date(from.getFullYear(), from.getMonth(), from.getDate() + i);
    const date = iso(day);
    for (const time of d.weekly?.[DAYS[day.getDay()]!] ?? []) out.push({ date, time, added: false });
    for (const a of d.added ?? []) if (a.date === date) out.push({ ...a, added: true });
  }
  return out.filter((x) => !(d.cancelled ?? []).some(same(x))).sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}

/**
 * A tour's dated departures: add one on a date (a festival walk, an extra run) and cancel one date of the schedule
 * (or restore it), saved at once through PATCH /tour-guide/tours/{id} (departures.added, departures.cancelled).
 */
export function DepartureDates({ tour }: { tour: Tour }) {
  const qc = useQueryClient();
  const id = useId();
  const today = iso(new Date());
  const [date, setDate] = useState('');
  const [time, setTime] = useState('09:00');
  const [problem, setProblem] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const deps: Required<Departures> = {
    weekly: tour.departures?.weekly ?? {},
    added: tour.departures?.added ?? [],
    cancelled: tour.departures?.cancelled ?? [],
  };
  const save = useMutation({
    mutationFn: (next: Departures) => toursApi.update(tour.id, { departures: next }),
    onSuccess: () => {
      setProblem(null);
      return qc.invalidateQueries({ queryKey: toursKeys.mine });
    },
    onError: (e) => setProblem(e instanceof Error ? e.message : 'The departures could not be saved.'),
  });
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < today) return setProblem('Pick a date from today on.');
    if (!/^\d{2}:\d{2}$/.test(time)) return setProblem('Pick a start time.');
    const x = { date, time };
    const cancelled = deps.cancelled.filter((c) => !same(x)(c));
    if (cancelled.length !== deps.cancelled.length) return save.mutate({ ...deps, cancelled });
    if (upcomingDepartures(deps, new Date(`${date}T00:00:00`), 1).some(same(x))) return setProblem('That departure is already on the schedule.');
    save.mutate({ ...deps, added: [...deps.added, x] });
  };
  const cancel = (x: Dated & { added: boolean }) =>
    save.mutate(x.added ? { ...deps, added: deps.added.filter((a) => !same(x)(a)) } : { ...deps, cancelled: [...deps.cancelled, { date: x.date, time: x.time }] });
  const restore = (x: Dated) => save.mutate({ ...deps, cancelled: deps.cancelled.filter((c) => !same(x)(c)) });
  const upcoming = upcomingDepartures(deps, new Date(), 56);
  const shown = showAll ? upcoming : upcoming.slice(0, 8);
  const cancelled = deps.cancelled.filter((c) => c.date >= today).sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Departures in the next eight weeks
      </h3>
      {problem && <FormAlert>{problem}</FormAlert>}
      {upcoming.length === 0 ? (
        <p className="text-sm text-muted-foreground">No departures scheduled. Add a date below or set weekly times with Edit.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {shown.map((x) => (
            <li key={x.date + x.time} className="flex items-center gap-1 rounded-full border py-0.5 pl-3 pr-1 text-sm">
              {dayLabel(x.date)} · {x.time}
              {x.added && <span className="text-xs text-muted-foreground">(extra)</span>}
              <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Cancel the departure of ${dayLabel(x.date)} at ${x.time}`} disabled={save.isPending} onClick={() => cancel(x)}>
                <X className="size-3.5" aria-hidden />
              </Button>
            </li>
          ))}
          {upcoming.length > shown.length && (
            <li>
              <Button type="button" variant="link" size="sm" onClick={() => setShowAll(true)}>
                Show all {upcoming.length}
              </Button>
            </li>
          )}
        </ul>
      )}
      {cancelled.length > 0 && (
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">Cancelled dates</p>
          <ul className="flex flex-wrap gap-2">
            {cancelled.map((x) => (
              <li key={x.date + x.time} className="flex items-center gap-1 rounded-full border border-dashed py-0.5 pl-3 pr-1 text-sm text-muted-foreground line-through decoration-1">
                {dayLabel(x.date)} · {x.time}
                <Button type="button" variant="ghost" size="icon" className="size-7 no-underline" aria-label={`Restore the departure of ${dayLabel(x.date)} at ${x.time}`} disabled={save.isPending} onClick={() => restore(x)}>
                  <RotateCcw className="size-3.5" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-date`}>Add a departure on</Label>
          <Input id={`${id}-date`} type="date" min={today} max="2099-12-31" value={date} onChange={(e) => setDate(e.target.value)} className="w-44" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-time`}>at</Label>
          <Input id={`${id}-time`} type="time" value={time} onChange={(e) => setTime(e.target.value)} className="w-32" />
        </div>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={add}>
          <CalendarPlus className="mr-1 size-4" aria-hidden /> {save.isPending ? 'Saving…' : 'Add departure'}
        </Button>
      </div>
    </section>
  );
}
