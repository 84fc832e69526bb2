import { formatMoney } from '@sojourn/util';
import type { Booking, BookingStatus, Offering, SessionFormat } from './api';
import { dateTimeIn, icsStamp } from './time';

export const FORMAT_LABELS: Record<SessionFormat, string> = { video: 'Video call', in_person: 'In person', phone: 'Phone call' };

export function formatLabel(f: string): string {
  return FORMAT_LABELS[f as SessionFormat] ?? f;
}

export const STATUS_LABELS: Record<BookingStatus, string> = {
  held: 'Slot held',
  awaiting_payment: 'Waiting for payment',
  pending_confirmation: 'Waiting for the provider',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'Missed',
  cancelled_by_user: 'Cancelled by you',
  cancelled_by_provider: 'Cancelled by the provider',
  declined: 'Declined',
  expired: 'Expired',
  cancelled_by_admin: 'Cancelled by Sojourn',
};

export type StatusTone = 'success' | 'warning' | 'destructive' | 'secondary' | 'soft';
export function statusTone(s: BookingStatus): StatusTone {
  switch (s) {
    case 'confirmed':
    case 'completed':
      return 'success';
    case 'pending_confirmation':
    case 'awaiting_payment':
    case 'held':
      return 'warning';
    case 'cancelled_by_provider':
    case 'cancelled_by_admin':
    case 'declined':
    case 'no_show':
      return 'destructive';
    default:
      return 'secondary';
  }
}

/** Statuses a user can still cancel or move. */
export function isActive(s: BookingStatus): boolean {
  return s === 'pending_confirmation' || s === 'confirmed';
}

/** The cancellation policy of an offering in plain words. */
export function policyText(o: Pick<Offering, 'free_cancel_hours' | 'late_cancel_fee_pct'>): string {
  const h = o.free_cancel_hours;
  const window = h === 0 ? 'until the session starts' : `until ${h} hour${h === 1 ? '' : 's'} before the session starts`;
  if (o.late_cancel_fee_pct === 0) return `Free cancellation ${window}. Cancelling later costs nothing either.`;
  if (h === 0) return `Free cancellation until the session starts.`;
  const kept = o.late_cancel_fee_pct === 100 ? 'the full price is kept' : `${o.late_cancel_fee_pct}% of the price is kept and the rest refunded`;
  return `Free cancellation ${window}. After that, ${kept}.`;
}

export interface RefundPreview {
  /** Minor units back to the wallet (0 for a credit-paid booking; see `credit`). */
  refund: number;
  fee: number;
  free: boolean;
  /** A package credit comes back instead of money. */
  credit: boolean;
}

/**
 * What cancelling now gives back, by the same rule the server applies (api/internal/bookings Cancel): a request not yet
 * confirmed, or a booking cancelled until `free_cancel_until`, is refunded in full; later the fee percentage of what was
 * paid is kept (rounded down) and the rest refunded. A credit-paid booking gives its credit back inside the window.
 */
export function refundPreview(b: Pick<Booking, 'status' | 'free_cancel_until' | 'late_cancel_fee_pct' | 'paid_amount' | 'refunded_amount' | 'pay_with'>, now: number): RefundPreview {
  const free = b.status === 'pending_confirmation' || now <= new Date(b.free_cancel_until).getTime();
  const paid = b.paid_amount - b.refunded_amount;
  const fee = free ? 0 : Math.floor((paid * b.late_cancel_fee_pct) / 100);
  const credit = b.pay_with === 'package';
  return { refund: credit ? 0 : paid - fee, fee, free, credit };
}

export function refundText(b: Booking, now: number): string {
  const p = refundPreview(b, now);
  const cur = b.price.currency;
  if (p.credit) {
    return p.free ? 'Your package credit comes back, so you can book another session with it.' : 'This is after the free cancellation window, so the package credit is used up.';
  }
  if (p.free) return `You get ${formatMoney(p.refund, cur)} back in your wallet: the full amount you paid.`;
  return `This is after the free cancellation window: ${formatMoney(p.fee, cur)} (${b.late_cancel_fee_pct}%) is kept by the provider and ${formatMoney(p.refund, cur)} comes back to your wallet.`;
}

/** An .ics file of one booking, for "Add to calendar". */
export function bookingIcs(b: Booking, origin: string): string {
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sojourn//Wellness//EN',
    'BEGIN:VEVENT',
    `UID:${b.id}@sojourn`,
    `DTSTAMP:${icsStamp(new Date().toISOString())}`,
    `DTSTART:${icsStamp(b.start)}`,
    `DTEND:${icsStamp(b.end)}`,
    `SUMMARY:${esc(`${b.title} with ${b.provider.display_name}`)}`,
    `DESCRIPTION:${esc(`${formatLabel(b.format)}. Details: ${origin}/user-calendar?booking=${b.id}`)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** "Tuesday 24 November 2026, 14:30 (Lagos time (WAT))". */
export function whenText(iso: string, tz: string, label: string): string {
  return `${dateTimeIn(iso, tz)} (${label})`;
}
