/** The user portal's trip addresses, and the travel hub's (see docs: address contracts between travel parts). */
export const TRIP_PATHS = {
  hub: '/booking',
  list: '/booking/trips',
  trip: '/booking/trips/:id',
} as const;

export const tripHref = (id: string) => `/booking/trips/${encodeURIComponent(id)}`;

/** Other parts' addresses, linked without importing them. */
export function staysHref(p: { city: string; checkIn: string; checkOut: string; adults?: number; rooms?: number; trip?: string }) {
  const q = new URLSearchParams({ city: p.city, check_in: p.checkIn, check_out: p.checkOut, rooms: String(p.rooms ?? 1), adults: String(p.adults ?? 2) });
  if (p.trip) q.set('trip', p.trip);
  return `/booking/hotel?${q.toString()}`;
}

export function flightsHref(p: { from: string; to: string; depart: string; ret?: string; adults: number; children: number; infants: number; cabin: string }) {
  const q = new URLSearchParams({ from: p.from, to: p.to, depart: p.depart });
  if (p.ret) q.set('return', p.ret);
  q.set('adults', String(p.adults));
  q.set('children', String(p.children));
  q.set('infants', String(p.infants));
  q.set('cabin', p.cabin);
  return `/booking/FlightResult?${q.toString()}`;
}

/** The car search reads city, from/to (YYYY-MM-DD) and ft/tt (HH:MM). */
export function carsHref(p: { city: string; from?: string; to?: string; ft?: string; tt?: string }) {
  const q = new URLSearchParams({ city: p.city });
  for (const k of ['from', 'ft', 'to', 'tt'] as const) if (p[k]) q.set(k, p[k]!);
  return `/booking/car-rentals?${q.toString()}`;
}

export function toursHref(p: { city: string; date?: string }) {
  const q = new URLSearchParams({ city: p.city });
  if (p.date) q.set('date', p.date);
  return `/booking/tour-guide?${q.toString()}`;
}
