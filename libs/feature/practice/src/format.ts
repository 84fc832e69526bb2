import type { BookingStatus, PracticeOffering } from './api';

/** The viewer's IANA time zone (the browser's). */
export function viewerZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "Africa/Lagos (WAT)": the zone's name with its short label, as times on these screens are shown in it. */
export function zoneName(tz = viewerZone()): string {
  try {
    const part = new Intl.DateTimeFormat('en-GB', { timeZone: tz, timeZoneName: 'short' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName');
    return part && part.value !== tz ? `${tz.replace(/_/g, ' ')} (${part.value})` : tz.replace(/_/g, ' ');
  } catch {
    return tz;
  }
}

const fmt = (opts: Intl.DateTimeFormatOptions, tz = viewerZone()) => new Intl.DateTimeFormat('en-GB', { timeZone: tz, ...opts });

/** "Tue 24 Nov, 15:00" in the viewer's zone (or `tz`). */
export function formatWhen(iso: string, tz?: string): string {
  return fmt({ weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }, tz).format(new Date(iso));
}

/** "15:00" in the viewer's zone. */
export function formatTime(iso: string, tz?: string): string {
  return fmt({ hour: '2-digit', minute: '2-digit', hour12: false }, tz).format(new Date(iso));
}

/** "Tuesday 24 November 2026". */
export function formatDay(iso: string | Date, tz?: string): string {
  return fmt({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, tz).format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** "Tue 24 Nov, 15:00–15:50". */
export function formatRange(start: string, end: string, tz?: string): string {
  return `${formatWhen(start, tz)}–${formatTime(end, tz)}`;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function dateKey(at: Date | string, tz = viewerZone()): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const parts = fmt({ year: 'numeric', month: '2-digit', day: '2-digit' }, tz).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday for a calendar date. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
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

export const FORMAT_LABELS: Record<'video' | 'in_person' | 'phone', string> = { video: 'Video', in_person: 'In person', phone: 'Phone' };

export const STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Held',
  awaiting_payment: 'Awaiting payment',
  pending_confirmation: 'Waiting for you',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled_by_user: 'Cancelled by client',
  cancelled_by_provider: 'Cancelled by you',
  declined: 'Declined',
  expired: 'Expired',
  cancelled_by_admin: 'Cancelled by Sojourn',
};

export function statusVariant(s: BookingStatus): 'success' | 'warning' | 'destructive' | 'secondary' | 'soft' {
  if (s === 'confirmed' || s === 'completed') return 'success';
  if (s === 'pending_confirmation' || s === 'awaiting_payment' || s === 'held') return 'warning';
  if (s === 'no_show' || s === 'declined' || s === 'cancelled_by_provider') return 'destructive';
  return 'secondary';
}

/** "2 hours", "1 day", "45 minutes". */
export function describeMinutes(min: number): string {
  if (min === 0) return 'no time';
  if (min % 1440 === 0) return `${min / 1440} day${min === 1440 ? '' : 's'}`;
  if (min % 60 === 0) return `${min / 60} hour${min === 60 ? '' : 's'}`;
  return `${min} minutes`;
}

/** The cancellation policy of an offering, in plain words for the provider. */
export function policyInWords(o: Pick<PracticeOffering, 'free_cancel_hours' | 'late_cancel_fee_pct'>): string {
  const window =
    o.free_cancel_hours === 0 ? 'Clients can cancel free of charge until the session starts.' : `Clients can cancel free of charge until ${describeMinutes(o.free_cancel_hours * 60)} before the session.`;
  if (o.free_cancel_hours === 0) return window;
  if (o.late_cancel_fee_pct === 0) return `${window} Later cancellations are refunded in full too.`;
  if (o.late_cancel_fee_pct === 100) return `${window} After that you keep the whole price.`;
  return `${window} After that you keep ${o.late_cancel_fee_pct}% of the price and they get the rest back.`;
}

/** Whether a booking's status counts as cancelled (tab "cancelled"). */
export const isCancelled = (s: BookingStatus) =>
  s === 'cancelled_by_user' || s === 'cancelled_by_provider' || s === 'cancelled_by_admin' || s === 'declined' || s === 'expired';
