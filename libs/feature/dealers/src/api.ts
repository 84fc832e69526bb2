import { idempotencyHeader, isApiError, typedClient, unwrap, type components } from '@sojourn/api-client';

export type CarCard = components['schemas']['CarCard'];
export type Car = components['schemas']['Car'];
export type CarListing = components['schemas']['CarListing'];
export type CarListingInput = components['schemas']['CarListingInput'];
export type CarFacets = components['schemas']['CarFacets'];
export type CarReservation = components['schemas']['CarReservation'];
export type TestDrive = components['schemas']['TestDrive'];
export type CarLead = components['schemas']['CarLead'];
export type CarLeadInput = components['schemas']['CarLeadInput'];
export type DealerDashboard = components['schemas']['DealerDashboard'];
export type DealerSettings = components['schemas']['DealerSettings'];
export type DealerSettingsInput = components['schemas']['DealerSettingsInput'];
export type DealerBranch = components['schemas']['DealerBranch'];
export type VINDecode = components['schemas']['VINDecode'];
export type AdminCarListing = components['schemas']['AdminCarListing'];
export type Slot = components['schemas']['Slot'];
export type Review = components['schemas']['Review'];
type CursorMeta = components['schemas']['CursorMeta'];
export type Bank = components['schemas']['Bank'];
export type PayoutAccount = components['schemas']['PayoutAccount'];
export type PracticeMediaItem = components['schemas']['PracticeMediaItem'];
export type PracticeLicenceDocument = components['schemas']['PracticeLicenceDocument'];
export type PayoutCountry = 'NG' | 'GH' | 'KE' | 'ZA';

/** A multipart body of one file (the upload routes read the field `file`). */
const fileBody = (file: File) => ({
  body: { file: file as unknown as string },
  bodySerializer: () => {
    const fd = new FormData();
    fd.append('file', file);
    return fd;
  },
});
const dealerKind = { params: { query: { kind: 'car_dealer' as const } } };

/** The buyers' search filters, as the address keeps them. */
export interface CarFilters {
  make?: string;
  model?: string;
  body?: CarListingInput['body'];
  fuel?: CarListingInput['fuel'];
  transmission?: CarListingInput['transmission'];
  city?: string;
  year_min?: number;
  year_max?: number;
  price_min?: number;
  price_max?: number;
  mileage_max?: number;
  sort?: 'newest' | 'price_asc' | 'price_desc' | 'mileage_asc';
}

const api = () => typedClient(true);
const pub = () => typedClient(false);

/** A dealer list of a dealership not set up yet (404 until its practice profile exists) is empty. */
async function orEmpty<T>(list: Promise<{ data: T[]; meta: CursorMeta }>): Promise<{ data: T[]; meta: CursorMeta }> {
  try {
    return await list;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return { data: [], meta: { next_cursor: null, limit: 20 } };
    throw e;
  }
}

/** The dealers calls of api/openapi.yaml (api/contract/dealers.yaml). */
export const dealersApi = {
  /** The signed-in person's account profile: the wizard starts the dealership's name from the business name they applied with. */
  accountBusinessName: () => unwrap(api().GET('/api/v1/profile')).then((r) => r.data.business_name ?? ''),
  search: (f: CarFilters, cursor?: string) => unwrap(pub().GET('/api/v1/cars', { params: { query: { ...f, cursor, limit: 12 } } })),
  /** One car: signed in, the answer includes the caller's own reservation of it. */
  car: (id: string, signedIn = true) => unwrap((signedIn ? api() : pub()).GET('/api/v1/cars/{id}', { params: { path: { id } } })).then((r) => r.data),
  slots: (offeringId: string, from: string, to: string, tz: string) =>
    unwrap(pub().GET('/api/v1/offerings/{id}/slots', { params: { path: { id: offeringId }, query: { from, to, tz } } })).then((r) => r.data),
  /** Reserve by wallet (the deposit held at once) or by card (awaiting_payment: send the browser to `payment.authorization_url`). */
  reserve: (id: string, key: string, pay_with: 'wallet' | 'card' = 'wallet') =>
    unwrap(api().POST('/api/v1/cars/{id}/reserve', { params: { path: { id }, ...idempotencyHeader(key) }, body: { pay_with } })).then((r) => r.data),
  walletBalance: (currency: string) =>
    unwrap(api().GET('/api/v1/wallet', { params: { query: { currency: currency as components['schemas']['Currency'] } } })).then((r) => r.data),
  myReservations: (cursor?: string) => unwrap(api().GET('/api/v1/me/car-reservations', { params: { query: { cursor, limit: 20 } } })),
  testDrive: (id: string, start: string, key: string) =>
    unwrap(api().POST('/api/v1/cars/{id}/test-drives', { params: { path: { id }, ...idempotencyHeader(key) }, body: { start } })).then((r) => r.data),
  enquire: (id: string, body: CarLeadInput) => unwrap(api().POST('/api/v1/cars/{id}/enquiries', { params: { path: { id } }, body })).then((r) => r.data),
  /** A dealership's visible reviews (of completed test drives), newest first; public. */
  dealerReviews: (providerId: string, cursor?: string) => unwrap(pub().GET('/api/v1/providers/{id}/reviews', { params: { path: { id: providerId }, query: { cursor, limit: 5 } } })),
  cancelReservation: (id: string) => unwrap(api().POST('/api/v1/me/car-reservations/{id}/cancel', { params: { path: { id } } })).then((r) => r.data),

  dashboard: () => unwrap(api().GET('/api/v1/dealer/dashboard')).then((r) => r.data),
  /** The dealership's own reviews (visible and reported) and the one public reply to each. */
  myReviews: (cursor?: string) => orEmpty(unwrap(api().GET('/api/v1/practice/reviews', { params: { query: { kind: 'car_dealer', limit: 5, cursor } } }))),
  reply: (id: string, text: string) => unwrap(api().POST('/api/v1/practice/reviews/{id}/reply', { params: { path: { id } }, body: { text } })).then((r) => r.data),
  settings: () => unwrap(api().GET('/api/v1/dealer/settings')).then((r) => r.data),
  saveSettings: (body: DealerSettingsInput) => unwrap(api().PATCH('/api/v1/dealer/settings', { body })).then((r) => r.data),
  decodeVIN: (vin: string) => unwrap(api().GET('/api/v1/dealer/vin-decode', { params: { query: { vin } } })).then((r) => r.data),
  listings: (status: string | undefined, cursor?: string) =>
    orEmpty(unwrap(api().GET('/api/v1/dealer/listings', { params: { query: { status: (status || undefined) as 'available' | undefined, cursor } } }))),
  listing: (id: string) => unwrap(api().GET('/api/v1/dealer/listings/{id}', { params: { path: { id } } })).then((r) => r.data),
  createListing: (body: CarListingInput) => unwrap(api().POST('/api/v1/dealer/listings', { body })).then((r) => r.data),
  updateListing: (id: string, body: CarListingInput) => unwrap(api().PATCH('/api/v1/dealer/listings/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  markSold: (id: string) => unwrap(api().POST('/api/v1/dealer/listings/{id}/sold', { params: { path: { id } } })).then((r) => r.data),
  addPhoto: (id: string, file: File) =>
    unwrap(
      api().POST('/api/v1/dealer/listings/{id}/photos', {
        params: { path: { id } },
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const fd = new FormData();
          fd.append('file', file);
          return fd;
        },
      }),
    ).then((r) => r.data),
  deletePhoto: (id: string, photoId: string) => unwrap(api().DELETE('/api/v1/dealer/listings/{id}/photos/{photoId}', { params: { path: { id, photoId } } })).then((r) => r.data),
  reservations: (status: string | undefined, cursor?: string) =>
    orEmpty(unwrap(api().GET('/api/v1/dealer/reservations', { params: { query: { status: (status || undefined) as 'held' | undefined, cursor } } }))),
  complete: (id: string, key: string) => unwrap(api().POST('/api/v1/dealer/reservations/{id}/complete', { params: { path: { id }, ...idempotencyHeader(key) } })).then((r) => r.data),
  release: (id: string, key: string) => unwrap(api().POST('/api/v1/dealer/reservations/{id}/release', { params: { path: { id }, ...idempotencyHeader(key) } })).then((r) => r.data),
  testDrives: (cursor?: string) => orEmpty(unwrap(api().GET('/api/v1/dealer/test-drives', { params: { query: { cursor } } }))),
  leads: (status: string | undefined, cursor?: string) =>
    orEmpty(unwrap(api().GET('/api/v1/dealer/leads', { params: { query: { status: (status || undefined) as 'new' | undefined, cursor } } }))),
  leadStatus: (id: string, status: 'contacted' | 'closed') => unwrap(api().POST('/api/v1/dealer/leads/{id}/status', { params: { path: { id } }, body: { status } })).then((r) => r.data),

  /** The set-up wizard's uploads and payout account go straight through their own routes; the steps keep the ids. */
  addLicenceDocument: (file: File) => unwrap(api().POST('/api/v1/practice/licence/documents', { ...dealerKind, ...fileBody(file) })).then((r) => r.data),
  addDealershipPhoto: (file: File) => unwrap(api().POST('/api/v1/practice/media', { ...dealerKind, ...fileBody(file) })).then((r) => r.data),
  banks: (country: PayoutCountry) => unwrap(api().GET('/api/v1/banks', { params: { query: { country } } })).then((r) => r.data),
  setPayoutAccount: (body: { bank_code: string; account_number: string; account_name: string; currency: 'NGN' | 'GHS' | 'KES' | 'ZAR' }, key: string) =>
    unwrap(api().POST('/api/v1/payout-accounts', { params: idempotencyHeader(key), body })).then((r) => r.data),

  adminCars: (q: { q?: string; status?: string; hidden?: string; page: number }) =>
    unwrap(
      api().GET('/api/v1/admin/cars', {
        params: { query: { q: q.q || undefined, status: (q.status || undefined) as 'available' | undefined, hidden: (q.hidden || undefined) as 'true' | undefined, page: q.page, per_page: 20 } },
      }),
    ),
  moderate: (id: string, hidden: boolean, reason: string) => unwrap(api().POST('/api/v1/admin/cars/{id}/moderation', { params: { path: { id } }, body: { hidden, reason } })).then((r) => r.data),
};

export const dealersKeys = {
  all: ['dealers'] as const,
  search: (f: CarFilters) => ['dealers', 'search', f] as const,
  car: (id: string) => ['dealers', 'car', id] as const,
  wallet: (currency: string) => ['dealers', 'wallet', currency] as const,
  myReservations: ['dealers', 'my-reservations'] as const,
  slots: (off: string, from: string) => ['dealers', 'slots', off, from] as const,
  dashboard: ['dealers', 'dashboard'] as const,
  dealerReviews: (providerId: string) => ['dealers', 'reviews', providerId] as const,
  myReviews: ['dealers', 'my-reviews'] as const,
  settings: ['dealers', 'settings'] as const,
  listings: (status: string) => ['dealers', 'listings', status] as const,
  reservations: (status: string) => ['dealers', 'reservations', status] as const,
  testDrives: ['dealers', 'test-drives'] as const,
  leads: (status: string) => ['dealers', 'leads', status] as const,
  admin: (q: object) => ['dealers', 'admin', q] as const,
};
