import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

/** Shapes of the practice, bookings, packages and reviews APIs (api/openapi.yaml). Amounts are minor units. */
export type ProviderCard = components['schemas']['ProviderCard'];
export type ProviderProfile = components['schemas']['ProviderPublicProfile'];
export type Offering = components['schemas']['PracticeOffering'];
export type IntakeQuestion = components['schemas']['PracticeIntakeQuestion'];
export type Slot = components['schemas']['Slot'];
export type SlotList = components['schemas']['SlotList'];
export type Booking = components['schemas']['Booking'];
export type BookingDetail = components['schemas']['BookingDetail'];
export type BookingStatus = components['schemas']['BookingStatus'];
export type BookResult = components['schemas']['BookResult'];
export type Review = components['schemas']['Review'];
export type BookingReviewRef = components['schemas']['BookingReviewRef'];
export type Package = components['schemas']['Package'];
export type PackagePurchase = components['schemas']['PackagePurchase'];
export type Wallet = components['schemas']['Wallet'];
export type Currency = components['schemas']['Currency'];
export type CursorMeta = components['schemas']['CursorMeta'];

/** The provider kinds this library lists: the directory's `kind`. */
export type ProviderKind = 'therapist' | 'coach';
export type SessionFormat = 'video' | 'in_person' | 'phone';

/** The directory's filters; they live in the address of the directory page so a search can be shared. */
export interface DirectoryFilters {
  q?: string | undefined;
  specialty?: string | undefined;
  language?: string | undefined;
  format?: SessionFormat | undefined;
  min_price?: number | undefined;
  max_price?: number | undefined;
  available?: 'week' | undefined;
  min_rating?: number | undefined;
}

export type PayWith = 'wallet' | 'paystack' | 'package';

const api = () => typedClient(true);
const pub = () => typedClient(false);

export const directoryApi = {
  /** One page of published providers of a kind, by relevance; `cursor` reads the page after. */
  providers: (kind: ProviderKind, filters: DirectoryFilters, cursor: string | undefined, limit: number) =>
    unwrap(pub().GET('/api/v1/providers', { params: { query: { kind, ...filters, cursor, limit } } })),
  provider: (id: string) => unwrap(pub().GET('/api/v1/providers/{id}', { params: { path: { id } } })).then((r) => r.data),
  offerings: (id: string) => unwrap(pub().GET('/api/v1/providers/{id}/offerings', { params: { path: { id } } })).then((r) => r.data),
  reviews: (id: string, cursor: string | undefined, limit: number) =>
    unwrap(pub().GET('/api/v1/providers/{id}/reviews', { params: { path: { id }, query: { cursor, limit } } })),
  packages: (id: string) => unwrap(pub().GET('/api/v1/providers/{id}/packages', { params: { path: { id } } })).then((r) => r.data),
};

export const bookingsApi = {
  /** Free slots of an offering between two dates (inclusive) of the viewer's zone `tz`. */
  slots: (offeringId: string, from: string, to: string, tz: string) =>
    unwrap(pub().GET('/api/v1/offerings/{id}/slots', { params: { path: { id: offeringId }, query: { from, to, tz } } })).then((r) => r.data),
  hold: (offering_id: string, start: string) => unwrap(api().POST('/api/v1/bookings/holds', { body: { offering_id, start } })).then((r) => r.data),
  book: (
    body: { hold_id: string; pay_with: PayWith; package_id?: string; intake_answers?: Record<string, string>; note?: string },
    key: string,
  ) => unwrap(api().POST('/api/v1/bookings', { params: idem(key), body })).then((r) => r.data),
  booking: (id: string) => unwrap(api().GET('/api/v1/bookings/{id}', { params: { path: { id } } })).then((r) => r.data),
  list: (status: 'upcoming' | 'past' | 'cancelled', cursor: string | undefined, limit: number) =>
    unwrap(api().GET('/api/v1/bookings', { params: { query: { status, cursor, limit } } })),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/bookings/{id}/cancel', { params: { path: { id }, ...idem(key) }, body: { reason } })).then((r) => r.data),
  reschedule: (id: string, start: string) =>
    unwrap(api().POST('/api/v1/bookings/{id}/reschedule', { params: { path: { id } }, body: { start } })).then((r) => r.data),
  calendar: (from: string, to: string, tz: string) => unwrap(api().GET('/api/v1/calendar', { params: { query: { from, to, tz } } })).then((r) => r.data),
  feedUrl: () => unwrap(api().GET('/api/v1/calendar/feed-url')).then((r) => r.data),
  rotateFeedUrl: () => unwrap(api().POST('/api/v1/calendar/feed-url/rotate')).then((r) => r.data),
};

export const reviewsApi = {
  /** The caller's review of one of their completed bookings (once, inside its review window). */
  create: (bookingId: string, body: { rating: number; text: string }) =>
    unwrap(api().POST('/api/v1/bookings/{id}/review', { params: { path: { id: bookingId } }, body })).then((r) => r.data),
};

export const packagesApi = {
  mine: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/me/packages', { params: { query: { cursor, limit } } })),
  buy: (id: string, pay_with: 'wallet' | 'paystack', key: string) =>
    unwrap(api().POST('/api/v1/packages/{id}/purchase', { params: { path: { id }, ...idem(key) }, body: { pay_with } })).then((r) => r.data),
};

export const walletsApi = {
  /** The caller's wallet in a currency (balance null while that wallet is not activated). */
  wallet: (currency: Currency) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
};

/** react-query keys of the wellness screens. */
export const wellnessKeys = {
  all: ['wellness'] as const,
  directoryAll: ['wellness', 'directory'] as const,
  directory: (kind: ProviderKind, filters: DirectoryFilters) => ['wellness', 'directory', kind, filters] as const,
  provider: (id: string) => ['wellness', 'provider', id] as const,
  offerings: (id: string) => ['wellness', 'provider', id, 'offerings'] as const,
  reviews: (id: string) => ['wellness', 'provider', id, 'reviews'] as const,
  packages: (id: string) => ['wellness', 'provider', id, 'packages'] as const,
  slots: (offeringId: string, from: string, to: string, tz: string) => ['wellness', 'slots', offeringId, from, to, tz] as const,
  slotsAll: ['wellness', 'slots'] as const,
  bookings: ['wellness', 'bookings'] as const,
  booking: (id: string) => ['wellness', 'bookings', 'one', id] as const,
  list: (status: string) => ['wellness', 'bookings', 'list', status] as const,
  calendar: (from: string, to: string, tz: string) => ['wellness', 'bookings', 'calendar', from, to, tz] as const,
  feed: ['wellness', 'calendar-feed'] as const,
  myPackages: ['wellness', 'my-packages'] as const,
  wallet: (currency: string) => ['wellness', 'wallet', currency] as const,
};
