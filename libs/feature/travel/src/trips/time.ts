/**
 * Times on a trip are shown in each place's own zone. The API sends `starts_local` as RFC 3339 with the place's
 * offset ("2026-12-10T14:30:00+01:00"), so the wall-clock time is read from the text itself, never converted to the
 * viewer's zone.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "14:30" from a local RFC 3339 time. */
export function localTime(rfc: string): string {
  return rfc.slice(11, 16);
}

/** "2026-12-10" from a local RFC 3339 time. */
export function localDate(rfc: string): string {
  return rfc.slice(0, 10);
}

/** "Thu 10 Dec 2026" for a YYYY-MM-DD date (the calendar day, no zone involved). */
export function dayLabel(date: string, withYear = true): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[wd]} ${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ''}`;
}

/** "Thu 10 Dec, 14:30" from a local RFC 3339 time. */
export function localWhen(rfc: string): string {
  return `${dayLabel(localDate(rfc), false)}, ${localTime(rfc)}`;
}

/** "Accra (GMT+0)" for an IANA zone at the instant; "UTC" when unknown. */
export function zoneLabel(zone: string, at: string | Date = new Date()): string {
  if (!zone) return 'UTC';
  const city = zone.split('/').pop()!.replace(/_/g, ' ');
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date(at));
    const off = parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
    return off ? `${city} (${off})` : city;
  } catch {
    return city;
  }
}

/** The zone's offset from UTC at the instant, in minutes. */
function offsetMinutes(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone || 'UTC',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const v = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUTC = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return Math.round((asUTC - at) / 60000);
}

/** The UTC instant (ISO) of a wall-clock date and time in zone. */
export function zonedToUTC(date: string, time: string, zone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let t = wall - offsetMinutes(zone, wall) * 60000;
  t = wall - offsetMinutes(zone, t) * 60000; // once more across a change of offset
  return new Date(t).toISOString().replace('.000Z', 'Z');
}

/** Whole days between two YYYY-MM-DD dates. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400000);
}

/** YYYY-MM-DD plus n days. */
export function addDays(date: string, n: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + n);
  return t.toISOString().slice(0, 10);
}
