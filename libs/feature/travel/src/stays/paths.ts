/** The hotel pages' addresses (base.md's address contract: other travel parts link here without importing). */
export const STAY_PATHS = {
  results: '/booking/hotel',
  mine: '/booking/hotel/my-stays',
  property: '/booking/hotel/:id',
} as const;

/** A stay search as the address carries it: a city (or a point and radius), the dates and the party. */
export interface StayQuery {
  city?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  radius?: number | undefined;
  check_in: string;
  check_out: string;
  rooms: number;
  adults: number;
  trip?: string | undefined;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 86_400_000;

export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function addDaysIso(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00`);
  d.setDate(d.getDate() + n);
  return isoDay(d);
}

export function nightsBetween(a: string, b: string): number {
  return Math.round((new Date(`${b}T00:00`).getTime() - new Date(`${a}T00:00`).getTime()) / DAY);
}

/** Reads the search from the address; missing dates default to two weeks ahead for three nights. */
export function queryFromParams(p: URLSearchParams, today = new Date()): { query: StayQuery; problem: string | null } {
  const int = (k: string, def: number, lo: number, hi: number) => {
    const n = Number(p.get(k));
    return p.get(k) && Number.isInteger(n) && n >= lo && n <= hi ? n : def;
  };
  const num = (k: string, lo: number, hi: number) => {
    const v = p.get(k);
    const n = Number(v);
    return v && Number.isFinite(n) && n >= lo && n <= hi ? n : undefined;
  };
  const start = isoDay(today);
  let checkIn = p.get('check_in') ?? '';
  if (!DATE.test(checkIn)) checkIn = addDaysIso(start, 14);
  let checkOut = p.get('check_out') ?? '';
  if (!DATE.test(checkOut)) checkOut = addDaysIso(checkIn, 3);
  const rooms = int('rooms', 1, 1, 4);
  const adults = Math.max(rooms, int('adults', 2, 1, 8));
  const city = (p.get('city') ?? '').trim().slice(0, 100);
  const lat = num('lat', -90, 90);
  const lng = num('lng', -180, 180);
  const trip = (p.get('trip') ?? '').slice(0, 64) || undefined;
  const query: StayQuery = { check_in: checkIn, check_out: checkOut, rooms, adults, trip };
  if (city) query.city = city;
  else if (lat !== undefined && lng !== undefined) Object.assign(query, { lat, lng, radius: num('radius', 1, 50) ?? 15 });
  else query.city = 'Lagos';
  const nights = nightsBetween(checkIn, checkOut);
  let problem: string | null = null;
  if (checkIn < start) problem = 'Check-in cannot be in the past.';
  else if (nights < 1) problem = 'Check-out must be after check-in.';
  else if (nights > 30) problem = 'A stay is at most 30 nights.';
  else if (nightsBetween(start, checkIn) > 365) problem = 'Check-in must be within a year.';
  else if (adults > rooms * 4) problem = 'At most four guests per room.';
  return { query, problem };
}

/** The address of a search (or of a property with the same dates and party). */
export function stayParams(q: StayQuery, withPlace = true): string {
  const p = new URLSearchParams();
  if (withPlace) {
    if (q.city) p.set('city', q.city);
    else if (q.lat !== undefined && q.lng !== undefined) {
      p.set('lat', String(q.lat));
      p.set('lng', String(q.lng));
      if (q.radius) p.set('radius', String(q.radius));
    }
  }
  p.set('check_in', q.check_in);
  p.set('check_out', q.check_out);
  p.set('rooms', String(q.rooms));
  p.set('adults', String(q.adults));
  if (q.trip) p.set('trip', q.trip);
  return p.toString();
}

export const stayResultsHref = (q: StayQuery) => `${STAY_PATHS.results}?${stayParams(q)}`;
export const propertyHref = (id: string, q: StayQuery) => `/booking/hotel/${encodeURIComponent(id)}?${stayParams(q, false)}`;
export const stayHref = (propertyId: string, stayId: string) => `/booking/hotel/${encodeURIComponent(propertyId)}?stay=${encodeURIComponent(stayId)}`;

export const BOARD_LABELS: Record<string, string> = {
  room_only: 'Room only',
  breakfast: 'Breakfast included',
  half_board: 'Half board (breakfast and dinner)',
  full_board: 'Full board',
  all_inclusive: 'All inclusive',
};
