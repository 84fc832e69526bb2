import { Badge } from '@sojourn/ui';
import { Plane } from 'lucide-react';
import type { FlightSlice } from '../api';
import { dayShift, duration, localClock, localDay } from '../format';

function stopsLabel(n: number): string {
  return n === 0 ? 'Non-stop' : n === 1 ? '1 stop' : `${n} stops`;
}

/** One journey in a line: departure and arrival in each airport's local time, duration and stops. */
export function SliceSummary({ slice }: { slice: FlightSlice }) {
  const shift = dayShift(slice.departs_local, slice.arrives_local);
  const via = slice.segments.slice(0, -1).map((s) => s.destination.iata);
  return (
    <div className="grid grid-cols-[auto_1fr_auto] items-center gap-3">
      <div className="text-left">
        <p className="text-lg font-semibold tabular-nums">{localClock(slice.departs_local)}</p>
        <p className="text-xs text-muted-foreground">
          {slice.origin.iata} · {localDay(slice.departs_local)}
        </p>
      </div>
      <div className="grid justify-items-center gap-0.5 text-xs text-muted-foreground">
        <span>{duration(slice.duration_minutes)}</span>
        <span aria-hidden className="h-px w-full bg-border" />
        <span>
          {stopsLabel(slice.stops)}
          {via.length ? ` via ${via.join(', ')}` : ''}
        </span>
      </div>
      <div className="text-right">
        <p className="text-lg font-semibold tabular-nums">
          {localClock(slice.arrives_local)}
          {shift > 0 && (
            <sup className="ml-0.5 text-xs text-muted-foreground" aria-label={`arrives ${shift} day${shift > 1 ? 's' : ''} later`}>
              +{shift}
            </sup>
          )}
        </p>
        <p className="text-xs text-muted-foreground">
          {slice.destination.iata} · {localDay(slice.arrives_local)}
        </p>
      </div>
    </div>
  );
}

/** Every flight of a journey, with connections, in each airport's local time. */
export function SliceDetail({ slice, label }: { slice: FlightSlice; label: string }) {
  return (
    <section aria-label={label} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {label}: {slice.origin.city || slice.origin.iata} to {slice.destination.city || slice.destination.iata}
        </h3>
        <Badge variant="secondary">{duration(slice.duration_minutes)}</Badge>
      </div>
      <ol className="grid gap-3">
        {slice.segments.map((s, i) => {
          const next = slice.segments[i + 1];
          const layover = next ? Math.round((Date.parse(next.departs_at) - Date.parse(s.arrives_at)) / 60000) : 0;
          return (
            <li key={i} className="grid gap-2">
              <div className="flex gap-3">
                <Plane className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <div className="grid gap-1 text-sm">
                  <p>
                    <span className="font-medium tabular-nums">{localClock(s.departs_local)}</span> {localDay(s.departs_local)} · {s.origin.name} ({s.origin.iata})
                  </p>
                  <p>
                    <span className="font-medium tabular-nums">{localClock(s.arrives_local)}</span> {localDay(s.arrives_local)} · {s.destination.name} ({s.destination.iata})
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {s.carrier.name} {s.flight_number} · {s.aircraft || 'Aircraft to be confirmed'} · {s.cabin} · {duration(s.duration_minutes)} · times are local
                  </p>
                </div>
              </div>
              {next && (
                <p className="ml-7 rounded-md bg-muted px-2 py-1 text-xs">
                  Change planes in {s.destination.city || s.destination.iata}: {duration(layover)} connection
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export const sliceLabel = (i: number, n: number, round: boolean) => (round && n === 2 ? (i === 0 ? 'Outbound' : 'Return') : n === 1 ? 'Flight' : `Flight ${i + 1}`);
