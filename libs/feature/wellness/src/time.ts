/**
 * Dates and times of the wellness screens, always in the viewer's IANA time zone and with the zone named. Dates
 * without a time ("2026-11-24") are calendar days of that zone, handled as plain strings so no UTC shift creeps in.
 */

/** The viewer's IANA time zone (the browser's), UTC when the browser does not say. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(tz: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tz}|${JSON.stringify(opts)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone: tz, ...opts });
    cache.set(key, f);
  }
  return f;
}

/** "Africa/Lagos" -> "Lagos time (WAT)"; the zone's short name at that instant. */
export function zoneLabel(tz: string, at: Date = new Date()): string {
  const city = tz.includes('/') ? tz.slice(tz.lastIndexOf('/') + 1).replace(/_/g, ' ') : tz;
  const short = fmt(tz, { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return short && short !== city ? `${city} time (${short})` : `${city} time`;
}

/** "14:30" in the zone. */
export function timeIn(iso: string, tz: string): string {
  return fmt(tz, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** "Tue 24 Nov" in the zone. */
export function dayIn(iso: string, tz: string): string {
  return fmt(tz, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** "Tuesday 24 November 2026, 14:30" in the zone. */
export function dateTimeIn(iso: string, tz: string): string {
  return fmt(tz, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** The calendar date ("YYYY-MM-DD") of an instant in the zone. */
export function dateKeyIn(at: Date | string, tz: string): string {
  const parts = fmt(tz, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(typeof at === 'string' ? new Date(at) : at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Add days to a "YYYY-MM-DD" date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** Monday of the week of a "YYYY-MM-DD" date. */
export function weekStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((dow + 6) % 7));
}

/** The first day of the month of a date, and the days of the month grid (Monday-first, whole weeks). */
export function monthGrid(date: string): { first: string; days: string[] } {
  const first = `${date.slice(0, 7)}-01`;
  const [y, m] = first.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const start = weekStart(first);
  const days: string[] = [];
  for (let d = start; d <= last || days.length % 7 !== 0; d = addDays(d, 1)) days.push(d);
  return { first, days };
}

/** "YYYY-MM" shifted by months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const t = new Date(Date.UTC(y, m - 1 + n, 1));
  return t.toISOString().slice(0, 7);
}

/** "Tue 24 Nov" for a plain date (no zone shift). */
export function plainDay(date: string, opts: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' }): string {
  return fmt('UTC', opts).format(new Date(`${date}T12:00:00Z`));
}

/** "November 2026" for a "YYYY-MM". */
export function monthName(month: string): string {
  return fmt('UTC', { month: 'long', year: 'numeric' }).format(new Date(`${month}-15T12:00:00Z`));
}

/** "9:05" -> minutes and seconds left until an instant (never negative). */
export function countdown(until: string, now: number): { seconds: number; text: string } {
  const seconds = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return { seconds, text: `${m}:${String(s).padStart(2, '0')}` };
}

/** A duration in words: 50 -> "50 minutes", 90 -> "1 hour 30 minutes". */
export function minutesText(min: number): string {
  const h = Math.floor(min / 60);
  const m = min % 60;
  const hs = h ? `${h} hour${h === 1 ? '' : 's'}` : '';
  const ms = m ? `${m} minute${m === 1 ? '' : 's'}` : '';
  return [hs, ms].filter(Boolean).join(' ') || '0 minutes';
}

/** An ICS-style UTC stamp: 2026-11-24T13:00:00Z -> 20261124T130000Z. */
export function icsStamp(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}
