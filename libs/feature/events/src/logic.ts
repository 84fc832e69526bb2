// Pure logic of the events pages (unit-tested in logic.test.ts).

export const CATEGORIES = ['food', 'music', 'culture', 'wellness', 'outdoors', 'workshop', 'nightlife', 'business', 'other'] as const;

export const categoryLabel = (c: string) => c.charAt(0).toUpperCase() + c.slice(1);

/** "2:05" left of a hold ending at `until`, "0:00" once over. */
export function countdown(until: string, now: number): string {
  const ms = Math.max(0, new Date(until).getTime() - now);
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The order's lines from chosen quantities and attendee names (a blank name becomes the buyer's). */
export function orderLines(qty: Record<string, number>, names: Record<string, string[]>, fallback: string) {
  return Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([type_id, n]) => ({
      type_id,
      attendees: Array.from({ length: n }, (_, i) => (names[type_id]?.[i] ?? '').trim() || fallback),
    }));
}

/** The total in minor units of the chosen quantities. */
export function orderTotal(qty: Record<string, number>, types: { id: string; price: number }[]): number {
  return types.reduce((sum, t) => sum + t.price * (qty[t.id] ?? 0), 0);
}

/** The dates of "this week": today and the next six days, as YYYY-MM-DD in local time. */
export function thisWeek(now: Date): { from: string; to: string } {
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const end = new Date(now);
  end.setDate(end.getDate() + 6);
  return { from: iso(now), to: iso(end) };
}

/** What a scanned text holds: the ticket code itself or a URL carrying it as ?code=. */
export function codeFromScan(text: string): string {
  const t = text.trim();
  try {
    const u = new URL(t);
    return u.searchParams.get('code') ?? t;
  } catch {
    return t;
  }
}

/** A scan result's tone and heading. */
export function scanVerdict(result: string): { ok: boolean; title: string } {
  switch (result) {
    case 'admitted':
      return { ok: true, title: 'Admitted' };
    case 'already_used':
      return { ok: false, title: 'Already used' };
    case 'void':
      return { ok: false, title: 'Not valid' };
    case 'wrong_event':
      return { ok: false, title: 'Another event' };
    default:
      return { ok: false, title: 'Forged or unreadable' };
  }
}

/** When an event runs, in its own time zone: "Sat 12 Dec, 12:00 – 22:00 (Africa/Lagos)". */
export function whenLabel(startsAt: string, endsAt: string, zone: string): string {
  const f = (iso: string, o: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...o }).format(new Date(iso));
    } catch {
      return new Intl.DateTimeFormat('en-GB', o).format(new Date(iso));
    }
  };
  const day = (iso: string) => f(iso, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = (iso: string) => f(iso, { hour: '2-digit', minute: '2-digit', hour12: false });
  const same = day(startsAt) === day(endsAt);
  return same
    ? `${day(startsAt)}, ${time(startsAt)} – ${time(endsAt)} (${zone})`
    : `${day(startsAt)}, ${time(startsAt)} – ${day(endsAt)}, ${time(endsAt)} (${zone})`;
}

/** A listing card's price: "Free" or "From ₦5,000". */
export function priceLabel(min: number, currency: string, format: (n: number, c: string) => string): string {
  return min === 0 ? 'Free' : `From ${format(min, currency)}`;
}

/** When a ticket's event starts, in its zone: "Mon 7 Dec, 12:00 (Africa/Lagos)". */
export function startLabel(startsAt: string, zone: string): string {
  const o: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false };
  try {
    return `${new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...o }).format(new Date(startsAt))} (${zone})`;
  } catch {
    return new Intl.DateTimeFormat('en-GB', o).format(new Date(startsAt));
  }
}
