import { typedClient, unwrap, type components } from '@sojourn/api-client';

/**
 * The admin's view of supplier bookings (api/contract/flights.yaml and stays.yaml): every flight order and every booked
 * stay with the price the traveller paid, the supplier's cost and Sojourn's margin. Keyset lists, newest first.
 */
const api = () => typedClient(true);

export type AdminFlightRow = components['schemas']['AdminFlightOrderRow'];
export type AdminStayRow = components['schemas']['AdminStayRow'];
export type FlightStatus = AdminFlightRow['status'];
export type StayStatus = AdminStayRow['status'];

// Dark text on a light tint: readable on a hovered row too (the shared badge tints are not at 4.5:1 there).
const GOOD = 'border-emerald-700/30 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100';
const WAIT = 'border-amber-700/30 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100';
const BAD = 'border-red-700/30 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100';
const DONE = 'border-transparent bg-secondary text-secondary-foreground';
type Tone = string;
export const FLIGHT_STATUS: Record<FlightStatus, { label: string; tone: Tone }> = {
  awaiting_payment: { label: 'Awaiting card payment', tone: WAIT },
  placing: { label: 'Placing with the airline', tone: WAIT },
  confirmed: { label: 'Confirmed', tone: GOOD },
  failed: { label: 'Failed, refunded', tone: BAD },
  cancelled: { label: 'Cancelled', tone: DONE },
};
export const STAY_STATUS: Record<StayStatus, { label: string; tone: Tone }> = {
  booking: { label: 'Booking with the hotel', tone: WAIT },
  confirmed: { label: 'Confirmed', tone: GOOD },
  failed: { label: 'Failed, refunded', tone: BAD },
  cancelled: { label: 'Cancelled', tone: DONE },
};

export const PER_PAGE = 20;

export const adminTravelApi = {
  flights: (status: FlightStatus | undefined, cursor: string | undefined) =>
    unwrap(api().GET('/api/v1/admin/flights/orders', { params: { query: { status, cursor, limit: PER_PAGE } } })),
  stays: (status: StayStatus | undefined, cursor: string | undefined) =>
    unwrap(api().GET('/api/v1/admin/stays/bookings', { params: { query: { status, cursor, limit: PER_PAGE } } })),
};

export const adminTravelKeys = {
  flights: (status: string) => ['admin', 'travel', 'flights', status] as const,
  stays: (status: string) => ['admin', 'travel', 'stays', status] as const,
};

type Amount = { amount: number; currency: string };
export interface Totals {
  currency: string;
  count: number;
  price: number;
  cost: number;
  margin: number;
}

/** The sums of price, cost and margin of the rows shown, one line per currency (never mixing currencies). */
export function totalsOf(rows: { price: Amount; cost: Amount; margin: Amount }[]): Totals[] {
  const by = new Map<string, Totals>();
  for (const r of rows) {
    const c = r.price.currency;
    const t = by.get(c) ?? { currency: c, count: 0, price: 0, cost: 0, margin: 0 };
    t.count += 1;
    t.price += r.price.amount;
    t.cost += r.cost.amount;
    t.margin += r.margin.amount;
    by.set(c, t);
  }
  return [...by.values()].sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency));
}

/** An instant in a place's own time zone ("10 Dec 2026, 08:30"). */
export function localTime(iso: string, zone: string | undefined): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const opts: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false };
  try {
    return d.toLocaleString('en-GB', { ...opts, timeZone: zone || undefined });
  } catch {
    return d.toLocaleString('en-GB', opts);
  }
}

/** A calendar day as the hotel means it ("Fri, 10 Apr 2026"): the date is the property's, so no zone shifts it. */
export function hotelDay(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  return Number.isNaN(d.getTime()) ? ymd : d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
