/** The user portal's car-rental addresses (the spec's, plus the renter's own rentals). */
export const USER_PATHS = {
  search: '/booking/car-rentals',
  companies: '/booking/car-rentals/company',
  company: '/booking/car-rentals/company/:id',
  fleet: '/booking/car-rentals/company/fleet',
  car: '/booking/car-rentals/OfferingDetails',
  success: '/booking/car-rentals/company/fleet/BookSuccessful',
  mine: '/booking/car-rentals/my-rentals',
} as const;

/** The car-rental portal's addresses. */
export const COMPANY_PATHS = {
  dashboard: '/car-rentals',
  offerings: '/car-rentals/offerings',
  car: '/car-rentals/offerings/car',
  branches: '/car-rentals/offerings/branches',
  bookings: '/car-rentals/bookings',
  clients: '/car-rentals/clients',
  profile: '/car-rentals/profile/company', // the account profile stays at the portal's /car-rentals/profile
  onboarding: '/car-rentals/onboarding',
  earnings: '/car-rentals/earnings',
  reviews: '/car-rentals/reviews',
} as const;

/** The trip the renter is planning, carried from the search to the car and its booking. */
export interface TripParams {
  from?: string | undefined; // YYYY-MM-DD
  ft?: string | undefined; // HH:MM
  to?: string | undefined;
  tt?: string | undefined;
}

function tripQuery(t: TripParams): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(t)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `&${s}` : '';
}

export const carHref = (id: string, trip: TripParams = {}) => `${USER_PATHS.car}?id=${encodeURIComponent(id)}${tripQuery(trip)}`;
export const companyHref = (id: string) => `${USER_PATHS.companies}/${encodeURIComponent(id)}`;
export const successHref = (id: string) => `${USER_PATHS.success}?id=${encodeURIComponent(id)}`;
export const myRentalHref = (id: string) => `${USER_PATHS.mine}?id=${encodeURIComponent(id)}`;
export const companyCarHref = (id?: string) => (id ? `${COMPANY_PATHS.car}?id=${encodeURIComponent(id)}` : COMPANY_PATHS.car);
export const companyBookingHref = (id: string) => `${COMPANY_PATHS.bookings}?id=${encodeURIComponent(id)}`;
