import { formatMoney } from '@sojourn/util';
import type { CarCategory, Deposit, RentalBranch, RentalCar, RentalStatus } from './api';

export const CATEGORY_LABELS: Record<CarCategory, string> = {
  economy: 'Economy',
  compact: 'Compact',
  midsize: 'Midsize',
  suv: 'SUV',
  luxury: 'Luxury',
  van: 'Van',
  pickup: 'Pickup',
};
export const TRANSMISSION_LABELS = { automatic: 'Automatic', manual: 'Manual' } as const;
export const FUEL_LABELS = { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric' } as const;
export const FUEL_POLICY_LABELS = {
  full_to_full: 'Full to full: pick it up full, bring it back full',
  same_to_same: 'Same to same: bring it back with the fuel you found',
  prepaid: 'Prepaid: the first tank is paid, return it as you like',
} as const;

export const STATUS_LABELS: Record<RentalStatus, string> = {
  pending: 'Awaiting payment',
  confirmed: 'Confirmed',
  picked_up: 'On the road',
  returned: 'Returned',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
// No `warning` tone: its amber text is below AA contrast on some portals' themes (axe in rentals.spec.ts).
export function statusTone(s: RentalStatus): 'success' | 'outline' | 'secondary' | 'destructive' | 'soft' {
  switch (s) {
    case 'confirmed':
      return 'success';
    case 'pending':
      return 'outline';
    case 'returned':
    case 'picked_up':
      return 'soft';
    case 'cancelled':
      return 'destructive';
    default:
      return 'secondary';
  }
}

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** "Mon–Fri 08:00–18:00 · Sat 09:00–14:00 · Sun closed": consecutive days with the same hours grouped. */
export function hoursText(hours: RentalBranch['hours']): string {
  const parts: string[] = [];
  let i = 0;
  while (i < WEEKDAYS.length) {
    const day = WEEKDAYS[i]!;
    const h = hours[day];
    const key = h ? `${h.open}–${h.close}` : 'closed';
    let j = i;
    while (j + 1 < WEEKDAYS.length) {
      const n = hours[WEEKDAYS[j + 1]!];
      if ((n ? `${n.open}–${n.close}` : 'closed') !== key) break;
      j++;
    }
    const name = (d: Weekday) => WEEKDAY_LABELS[d].slice(0, 3);
    parts.push(`${i === j ? name(day) : `${name(day)}–${name(WEEKDAYS[j]!)}`} ${key}`);
    i = j + 1;
  }
  return parts.join(' · ');
}

/** The hours of the weekday of a moment ("08:00–18:00" or "closed"). */
export function hoursOn(hours: RentalBranch['hours'], at: Date): string {
  const day = WEEKDAYS[(at.getDay() + 6) % 7]!;
  const h = hours[day];
  return h ? `${h.open}–${h.close}` : 'closed';
}

/** Fuel in eighths as people say it: "Full", "3/4", "1/2", "Empty". */
export function fuelText(eighths: number): string {
  if (eighths <= 0) return 'Empty';
  if (eighths >= 8) return 'Full';
  const names: Record<number, string> = { 1: '1/8', 2: '1/4', 3: '3/8', 4: '1/2', 5: '5/8', 6: '3/4', 7: '7/8' };
  return names[eighths] ?? `${eighths}/8`;
}

/** What happened to a deposit, in the renter's words. */
export function depositText(d: Deposit | null, amount: { amount: number; currency: string }): string {
  if (!d) return amount.amount > 0 ? `${formatMoney(amount.amount, amount.currency)} deposit, held when you pay` : 'No deposit';
  const m = (v: number) => formatMoney(v, d.currency);
  switch (d.status) {
    case 'held':
      return `${m(d.amount)} held until the car is back`;
    case 'released':
      return `${m(d.amount)} released back to the wallet`;
    case 'captured':
      return `${m(d.captured_amount)} kept by the company`;
    case 'partly_captured':
      return `${m(d.captured_amount)} kept, ${m(d.refunded_amount)} released back to the wallet`;
  }
}
export const DEPOSIT_LABELS: Record<Deposit['status'], string> = {
  held: 'Deposit held',
  released: 'Deposit released',
  captured: 'Deposit kept',
  partly_captured: 'Deposit partly kept',
};

export const carTitle = (c: Pick<RentalCar, 'make' | 'model' | 'year'>) => `${c.make} ${c.model} (${c.year})`;

const dayTime = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
/** A moment in the viewer's time zone: "Fri, 12 Dec 2025, 10:00". */
export const when = (v: string | Date | null | undefined) => (v ? dayTime.format(typeof v === 'string' ? new Date(v) : v) : '');
export const dayText = (v: string | Date) => dayOnly.format(typeof v === 'string' ? new Date(v) : v);

/** A local date (YYYY-MM-DD) and time (HH:MM) to an RFC 3339 instant in the viewer's zone; null when malformed. */
export function localToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const at = new Date(y, mo - 1, d, h, mi);
  if (Number.isNaN(at.getTime()) || at.getMonth() !== mo - 1) return null;
  return at.toISOString();
}

/** YYYY-MM-DD of a local date. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function addDays(d: Date, n: number): Date {
  const x = new Date(d);
  x.setDate(x.getDate() + n);
  return x;
}

/** Age in whole years on a day. */
export function ageOn(birth: string, on: Date): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birth)) return null;
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = on.getFullYear() - y;
  if (on.getMonth() + 1 < m || (on.getMonth() + 1 === m && on.getDate() < d)) age--;
  return age;
}

/** Short reference people can read over a counter: the last 8 characters of the id (its random part), upper case. */
export const reference = (id: string) => id.replace(/-/g, '').slice(-8).toUpperCase();

/** The zone's offset from UTC at the instant, in minutes. */
function offsetIn(zone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(at));
  const v = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Math.round((Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) - at) / 60000);
}

/** A wall-clock date and time in zone ("" = the viewer's) to an RFC 3339 instant; null when malformed. */
export function zonedToIso(date: string, time: string, zone: string): string | null {
  if (!zone) return localToIso(date, time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  let t = wall - offsetIn(zone, wall) * 60000;
  t = wall - offsetIn(zone, t) * 60000;
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** The date (YYYY-MM-DD) and time (HH:MM) of an instant in zone ("" = the viewer's). */
export function zonedParts(v: string, zone: string): { date: string; time: string } {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: zone || undefined, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const p = f.formatToParts(new Date(v));
  const g = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return { date: `${g('year')}-${g('month')}-${g('day')}`, time: `${g('hour')}:${g('minute')}` };
}
