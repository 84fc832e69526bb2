import type { ShippingMethod } from './api';

/** The date `days` calendar days after `from`. */
export function addDays(from: Date, days: number): Date {
  const d = new Date(from);
  d.setDate(d.getDate() + days);
  return d;
}

const fmt = (d: Date, withYear: boolean) => d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).replace(',', '');

/** "Arrives Tue 1 Dec – Fri 4 Dec" for a method taking min..max days from today (one date when they are equal). */
export function deliveryWindow(m: Pick<ShippingMethod, 'min_days' | 'max_days'>, today = new Date()): string {
  const lo = addDays(today, Math.min(m.min_days, m.max_days));
  const hi = addDays(today, Math.max(m.min_days, m.max_days));
  const withYear = hi.getFullYear() !== today.getFullYear();
  if (lo.toDateString() === hi.toDateString()) return lo.toDateString() === today.toDateString() ? 'Arrives today' : `Arrives ${fmt(lo, withYear)}`;
  return `Arrives ${fmt(lo, withYear)} – ${fmt(hi, withYear)}`;
}

/** The quickest method first, then the cheapest. */
export function sortMethods(list: ShippingMethod[]): ShippingMethod[] {
  return [...list].sort((a, b) => a.max_days - b.max_days || a.fee.amount - b.fee.amount);
}
