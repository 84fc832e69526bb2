import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

/** Shapes of the car-rental API (api/contract/rentals.yaml). Amounts are minor units. */
export type RentalCar = components['schemas']['RentalCar'];
export type RentalCarInput = components['schemas']['RentalCarInput'];
export type RentalBranch = components['schemas']['RentalBranch'];
export type RentalBranchInput = components['schemas']['RentalBranchInput'];
export type RentalDayHours = components['schemas']['RentalDayHours'];
export type RentalSeason = components['schemas']['RentalSeason'];
export type RentalExtra = components['schemas']['RentalExtra'];
export type RentalCompanyCard = components['schemas']['RentalCompanyCard'];
export type RentalQuote = components['schemas']['RentalQuote'];
export type RentalBreakdown = components['schemas']['RentalBreakdown'];
export type RentalBooking = components['schemas']['RentalBooking'];
export type RentalBookingInput = components['schemas']['RentalBookingInput'];
export type RentalHandover = components['schemas']['RentalHandover'];
export type RentalHandoverInput = components['schemas']['RentalHandoverInput'];
export type RentalCalendarEntry = components['schemas']['RentalCalendarEntry'];
export type RentalDashboard = components['schemas']['RentalDashboard'];
export type RentalClient = components['schemas']['RentalClient'];
export type Deposit = components['schemas']['Deposit'];
export type RentalStatus = RentalBooking['status'];
export type PayWith = 'wallet' | 'card';
export type Review = components['schemas']['Review'];
export type CarCategory = RentalCarInput['category'];
export type Transmission = RentalCarInput['transmission'];
export type HandoverStage = 'pickup' | 'return';
export type PracticeProfile = components['schemas']['PracticeProfile'];
export type PracticeProfileInput = components['schemas']['PracticeProfileInput'];
export type PayoutAccount = components['schemas']['PayoutAccount'];
export type Currency = components['schemas']['Currency'];

/** The public search's filters; they live in the address of the search page so a search can be shared. */
export interface CarFilters {
  city?: string | undefined;
  provider_id?: string | undefined;
  category?: CarCategory | undefined;
  transmission?: Transmission | undefined;
  seats?: number | undefined;
  min_price?: number | undefined;
  max_price?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface QuoteInput {
  start: string;
  end: string;
  pickup_branch_id?: string | undefined;
  dropoff_branch_id?: string | undefined;
  extras: string[];
}

const api = () => typedClient(true);
const pub = () => typedClient(false);
const KIND = { params: { query: { kind: 'car_rental' as const } } };

function upload(file: File) {
  return {
    body: { file: file as unknown as string },
    bodySerializer: () => {
      const form = new FormData();
      form.append('file', file);
      return form;
    },
  };
}

/** Public reads: search, cars, quotes, companies and their branches. */
export const publicApi = {
  cars: (f: CarFilters, cursor: string | undefined, limit: number) => unwrap(pub().GET('/api/v1/rentals/cars', { params: { query: { ...f, cursor, limit } } })),
  car: (id: string) => unwrap(pub().GET('/api/v1/rentals/cars/{id}', { params: { path: { id } } })).then((r) => r.data),
  quote: (id: string, q: QuoteInput) =>
    unwrap(
      pub().GET('/api/v1/rentals/cars/{id}/quote', {
        params: {
          path: { id },
          query: {
            start: q.start,
            end: q.end,
            ...(q.pickup_branch_id ? { pickup_branch_id: q.pickup_branch_id } : {}),
            ...(q.dropoff_branch_id ? { dropoff_branch_id: q.dropoff_branch_id } : {}),
            ...(q.extras.length ? { extras: q.extras.join(',') } : {}),
          },
        },
      }),
    ).then((r) => r.data),
  companies: (city: string | undefined, cursor: string | undefined, limit: number) =>
    unwrap(pub().GET('/api/v1/rentals/companies', { params: { query: { ...(city ? { city } : {}), cursor, limit } } })),
  company: (id: string) => unwrap(pub().GET('/api/v1/rentals/companies/{id}', { params: { path: { id } } })).then((r) => r.data),
  branches: (id: string) => unwrap(pub().GET('/api/v1/rentals/companies/{id}/branches', { params: { path: { id } } })).then((r) => r.data),
  /** A company's visible reviews (the reviews domain's public list of the practice), newest first. */
  reviews: (providerId: string, cursor: string | undefined, limit: number) =>
    unwrap(pub().GET('/api/v1/providers/{id}/reviews', { params: { path: { id: providerId }, query: { cursor, limit } } })),
};

/** The renter's rentals. */
export const renterApi = {
  book: (body: RentalBookingInput) => unwrap(api().POST('/api/v1/rentals/bookings', { body })).then((r) => r.data),
  /** From the wallet, or by card: the answer's `payment.authorization_url` is where the browser pays. */
  pay: (id: string, key: string, pay_with: PayWith = 'wallet') =>
    unwrap(api().POST('/api/v1/rentals/bookings/{id}/pay', { params: { path: { id }, ...idem(key) }, body: { pay_with } })).then((r) => r.data),
  review: (id: string, body: { rating: number; text: string }) =>
    unwrap(api().POST('/api/v1/rentals/bookings/{id}/review', { params: { path: { id } }, body })).then((r) => r.data),
  list: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/rentals/bookings', { params: { query: { cursor, limit } } })),
  get: (id: string) => unwrap(api().GET('/api/v1/rentals/bookings/{id}', { params: { path: { id } } })).then((r) => r.data),
  /** Moves the pick-up (both ends move: same days, same price); 409 when the car is rented to someone else then. */
  schedule: (id: string, starts_at: string) =>
    unwrap(api().PATCH('/api/v1/rentals/bookings/{id}/schedule', { params: { path: { id } }, body: { starts_at } })).then((r) => r.data),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/rentals/bookings/{id}/cancel', { params: { path: { id }, ...idem(key) }, body: { reason } })).then((r) => r.data),
  confirmHandover: (id: string, stage: HandoverStage) =>
    unwrap(api().POST('/api/v1/rentals/bookings/{id}/handover/{stage}/confirm', { params: { path: { id, stage } } })).then((r) => r.data),
  wallet: (currency: Currency) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
};

/** The company's own work (the caller's car_rental practice). */
export const companyApi = {
  branches: () => unwrap(api().GET('/api/v1/practice/rentals/branches')).then((r) => r.data),
  addBranch: (body: RentalBranchInput) => unwrap(api().POST('/api/v1/practice/rentals/branches', { body })).then((r) => r.data),
  saveBranch: (id: string, body: RentalBranchInput) => unwrap(api().PUT('/api/v1/practice/rentals/branches/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  cars: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/practice/rentals/cars', { params: { query: { cursor, limit } } })),
  car: (id: string) => unwrap(api().GET('/api/v1/practice/rentals/cars/{id}', { params: { path: { id } } })).then((r) => r.data),
  addCar: (body: RentalCarInput) => unwrap(api().POST('/api/v1/practice/rentals/cars', { body })).then((r) => r.data),
  saveCar: (id: string, body: RentalCarInput) => unwrap(api().PUT('/api/v1/practice/rentals/cars/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  addPhoto: (id: string, file: File) => unwrap(api().POST('/api/v1/practice/rentals/cars/{id}/photos', { params: { path: { id } }, ...upload(file) })).then((r) => r.data),
  removePhoto: (id: string, index: number) =>
    unwrap(api().DELETE('/api/v1/practice/rentals/cars/{id}/photos/{index}', { params: { path: { id, index } } })).then((r) => r.data),
  bookings: (f: { car_id?: string | undefined; status?: RentalStatus | undefined }, cursor: string | undefined, limit: number) =>
    unwrap(api().GET('/api/v1/practice/rentals/bookings', { params: { query: { ...f, cursor, limit } } })),
  booking: (id: string) => unwrap(api().GET('/api/v1/practice/rentals/bookings/{id}', { params: { path: { id } } })).then((r) => r.data),
  handover: (id: string, stage: HandoverStage, body: RentalHandoverInput) =>
    (stage === 'pickup'
      ? unwrap(api().POST('/api/v1/practice/rentals/bookings/{id}/pickup', { params: { path: { id } }, body }))
      : unwrap(api().POST('/api/v1/practice/rentals/bookings/{id}/return', { params: { path: { id } }, body }))
    ).then((r) => r.data),
  handoverPhoto: (id: string, stage: HandoverStage, file: File) =>
    unwrap(api().POST('/api/v1/practice/rentals/bookings/{id}/photos/{stage}', { params: { path: { id, stage } }, ...upload(file) })).then((r) => r.data),
  settleDeposit: (id: string, capture_amount: number, reason: string, key: string) =>
    unwrap(
      api().POST('/api/v1/practice/rentals/bookings/{id}/deposit', {
        params: { path: { id }, ...idem(key) },
        body: { capture_amount, ...(reason ? { reason } : {}) },
      }),
    ).then((r) => r.data),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/practice/rentals/bookings/{id}/cancel', { params: { path: { id }, ...idem(key) }, body: { reason } })).then((r) => r.data),
  calendar: (from: string, to: string) => unwrap(api().GET('/api/v1/practice/rentals/calendar', { params: { query: { from, to } } })).then((r) => r.data),
  dashboard: () => unwrap(api().GET('/api/v1/practice/rentals/dashboard')).then((r) => r.data),
  clients: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/practice/rentals/clients', { params: { query: { cursor, limit } } })),
  // The company profile is the practice profile of kind car_rental.
  profile: () => unwrap(api().GET('/api/v1/practice/profile', KIND)).then((r) => r.data),
  saveProfile: (body: PracticeProfileInput) => unwrap(api().PUT('/api/v1/practice/profile', { ...KIND, body })).then((r) => r.data),
  addLicenceDocument: (file: File) => unwrap(api().POST('/api/v1/practice/licence/documents', { ...KIND, ...upload(file) })).then((r) => r.data),
  payoutAccounts: () => unwrap(api().GET('/api/v1/payout-accounts')).then((r) => r.data),
};

/** Admin moderation of cars. */
export const adminApi = {
  cars: (provider_id: string, page: number, per_page: number) =>
    unwrap(api().GET('/api/v1/admin/rentals/cars', { params: { query: { provider_id, page, per_page } } })),
  hide: (id: string, reason: string) => unwrap(api().POST('/api/v1/admin/rentals/cars/{id}/hide', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
  restore: (id: string, reason: string) =>
    unwrap(api().POST('/api/v1/admin/rentals/cars/{id}/restore', { params: { path: { id } }, body: reason ? { reason } : {} })).then((r) => r.data),
};

/** react-query keys of the rental screens. */
export const rentalKeys = {
  all: ['rentals'] as const,
  search: (f: CarFilters) => ['rentals', 'search', f] as const,
  car: (id: string) => ['rentals', 'car', id] as const,
  quote: (id: string, q: QuoteInput) => ['rentals', 'quote', id, q] as const,
  companies: (city: string) => ['rentals', 'companies', city] as const,
  company: (id: string) => ['rentals', 'company', id] as const,
  companyBranches: (id: string) => ['rentals', 'company', id, 'branches'] as const,
  companyReviews: (id: string) => ['rentals', 'company', id, 'reviews'] as const,
  mine: ['rentals', 'mine'] as const,
  mineOne: (id: string) => ['rentals', 'mine', 'one', id] as const,
  wallet: (currency: string) => ['rentals', 'wallet', currency] as const,
  company_: ['rentals', 'company-portal'] as const,
  branches: ['rentals', 'company-portal', 'branches'] as const,
  fleet: ['rentals', 'company-portal', 'fleet'] as const,
  fleetCar: (id: string) => ['rentals', 'company-portal', 'fleet', id] as const,
  bookings: (f: object) => ['rentals', 'company-portal', 'bookings', f] as const,
  bookingsAll: ['rentals', 'company-portal', 'bookings'] as const,
  booking: (id: string) => ['rentals', 'company-portal', 'booking', id] as const,
  calendar: (from: string, to: string) => ['rentals', 'company-portal', 'calendar', from, to] as const,
  dashboard: ['rentals', 'company-portal', 'dashboard'] as const,
  clients: ['rentals', 'company-portal', 'clients'] as const,
  profile: ['rentals', 'company-portal', 'profile'] as const,
  payout: ['rentals', 'company-portal', 'payout'] as const,
  admin: (providerId: string, page: number) => ['rentals', 'admin', providerId, page] as const,
};
