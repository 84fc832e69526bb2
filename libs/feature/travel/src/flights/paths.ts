/** The user portal's flight addresses (the spec's). */
export const FLIGHT_PATHS = {
  search: '/booking/flight',
  results: '/booking/FlightResult',
  details: '/booking/FlightDetails',
  mine: '/booking/flight/my-flights',
} as const;

/** Where a stay search for a flight's destination and dates lives (the stays part's address contract). */
export function stayLink(p: { city: string; checkIn: string; checkOut: string; adults: number; trip?: string | undefined }): string {
  const q = new URLSearchParams({ city: p.city, check_in: p.checkIn, check_out: p.checkOut, rooms: '1', adults: String(p.adults) });
  if (p.trip) q.set('trip', p.trip);
  return `/booking/hotel?${q.toString()}`;
}

/** Where a car search for a flight's destination lives (the car rentals' address: city, from/to days, ft/tt times). */
export function carLink(p: { city: string; from: string; ft: string; to: string; tt: string }): string {
  const q = new URLSearchParams({ city: p.city, from: p.from, ft: p.ft, to: p.to, tt: p.tt });
  return `/booking/car-rentals?${q.toString()}`;
}
