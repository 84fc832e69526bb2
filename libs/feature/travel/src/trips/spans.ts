import type { TripItem } from './api';
import { localDate, localTime } from './time';

/** Where a trip stays and when: a city with its first and last local day and the time one arrives. */
export interface CitySpan {
  city: string;
  from: string;
  to: string;
  time: string;
}

type Visit = { city: string; at: string };

/**
 * The cities a trip spends time in, for "Book a stay / a car here". A flight counts where it lands, from the landing
 * to the next leg's departure from that city (the layover or the stay before the flight back); the city a trip
 * starts from by air (home) is left out. Other bookings count where they start and end.
 */
export function citySpans(items: readonly TripItem[]): CitySpan[] {
  const sorted = [...items].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const first = sorted[0];
  const home = first && first.kind === 'flight' && first.segments.length > 0 ? first.segments[0]!.from.city : undefined;
  const spans = new Map<string, CitySpan>();
  const add = (v: Visit, arriving: boolean) => {
    if (!v.city || v.city === home) return;
    const d = localDate(v.at);
    const s = spans.get(v.city);
    if (!s) spans.set(v.city, { city: v.city, from: d, to: d, time: localTime(v.at) });
    else {
      if (d < s.from) {
        s.from = d;
        if (arriving) s.time = localTime(v.at);
      }
      if (d > s.to) s.to = d;
    }
  };
  for (const i of sorted) {
    if (i.kind === 'flight' && i.segments.length > 0) {
      for (const seg of i.segments) {
        add({ city: seg.to.city, at: seg.arrives_local }, true);
        add({ city: seg.from.city, at: seg.departs_local }, false);
      }
      continue;
    }
    add({ city: i.start.city, at: i.starts_local }, true);
    add({ city: i.end.city, at: i.ends_local }, false);
  }
  return [...spans.values()];
}
