import type { Cabin, FlightSearch } from './api';

export const CABINS: Record<Cabin, string> = { economy: 'Economy', premium_economy: 'Premium economy', business: 'Business', first: 'First' };

const IATA = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function count(v: string | null, def: number, max: number): number {
  const n = Number(v ?? def);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : def;
}

/** Reads a search from the address (see the address contract in notes); null when it is incomplete or malformed. */
export function searchFromParams(p: URLSearchParams): FlightSearch | null {
  const cabin = (p.get('cabin') ?? 'economy') as Cabin;
  const base = { adults: Math.max(1, count(p.get('adults'), 1, 9)), children: count(p.get('children'), 0, 8), infants: count(p.get('infants'), 0, 4), cabin: cabin in CABINS ? cabin : 'economy' };
  const multi = p.get('slices');
  if (multi) {
    const slices = multi.split(',').map((part) => {
      const [from = '', to = '', ...d] = part.split('-');
      return { from: from.toUpperCase(), to: to.toUpperCase(), date: d.join('-') };
    });
    if (slices.length < 1 || slices.length > 4 || slices.some((s) => !IATA.test(s.from) || !IATA.test(s.to) || !DATE.test(s.date))) return null;
    return { ...base, kind: 'multi', slices };
  }
  const from = (p.get('from') ?? '').toUpperCase();
  const to = (p.get('to') ?? '').toUpperCase();
  const depart = p.get('depart') ?? '';
  const ret = p.get('return') ?? '';
  if (!IATA.test(from) || !IATA.test(to) || !DATE.test(depart)) return null;
  if (ret && DATE.test(ret)) return { ...base, kind: 'round', slices: [{ from, to, date: depart }, { from: to, to: from, date: ret }] };
  return { ...base, kind: 'oneway', slices: [{ from, to, date: depart }] };
}

/** Writes a search as the results page's address query. */
export function searchToParams(s: FlightSearch): URLSearchParams {
  const q = new URLSearchParams();
  if (s.kind === 'multi') q.set('slices', s.slices.map((x) => `${x.from}-${x.to}-${x.date}`).join(','));
  else {
    const [out, back] = s.slices;
    q.set('from', out?.from ?? '');
    q.set('to', out?.to ?? '');
    q.set('depart', out?.date ?? '');
    if (s.kind === 'round' && back) q.set('return', back.date);
  }
  q.set('adults', String(s.adults));
  q.set('children', String(s.children));
  q.set('infants', String(s.infants));
  q.set('cabin', s.cabin);
  return q;
}

/** 135 -> "2h 15m". */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h${m ? ` ${m}m` : ''}` : `${m}m`;
}

/** "2026-12-10T07:40" (a wall-clock time at an airport) -> "07:40". */
export function localClock(local: string): string {
  return local.slice(11, 16);
}

/** "2026-12-10T07:40" -> "Thu 10 Dec". */
export function localDay(local: string): string {
  const [y, m, d] = local.slice(0, 10).split('-').map(Number);
  const dt = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  return dt.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Days between two local dates (an arrival the next day shows +1). */
export function dayShift(depLocal: string, arrLocal: string): number {
  const a = Date.parse(depLocal.slice(0, 10) + 'T00:00:00Z');
  const b = Date.parse(arrLocal.slice(0, 10) + 'T00:00:00Z');
  return Math.round((b - a) / 86_400_000);
}

/** Seconds left until an instant, never negative. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
}

/** 605 -> "10:05". */
export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** Which part of the day a local time falls in (the results' departure filter). */
export type DayPart = 'morning' | 'afternoon' | 'evening' | 'night';
export function dayPart(local: string): DayPart {
  const h = Number(local.slice(11, 13));
  if (h >= 5 && h < 12) return 'morning';
  if (h >= 12 && h < 18) return 'afternoon';
  if (h >= 18 && h < 23) return 'evening';
  return 'night';
}

export const DAY_PARTS: Record<DayPart, string> = { morning: 'Morning (05–12)', afternoon: 'Afternoon (12–18)', evening: 'Evening (18–23)', night: 'Night (23–05)' };
