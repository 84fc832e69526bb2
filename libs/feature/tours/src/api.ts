import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

/** Shapes of the tours and booking APIs (api/openapi.yaml). Amounts are minor units. */
export type Tour = components['schemas']['Tour'];
export type TourInput = components['schemas']['TourInput'];
export type TourCard = components['schemas']['TourCard'];
export type TourPage = components['schemas']['TourPage'];
export type TourDeparture = components['schemas']['TourDeparture'];
export type Booking = components['schemas']['Booking'];
export type Session = components['schemas']['PracticeSession'];
export type Review = components['schemas']['Review'];
export type Currency = components['schemas']['Currency'];
export type Departures = components['schemas']['PracticeDepartures'];

export interface TourFilters {
  city?: string | undefined;
  date?: string | undefined;
  travellers?: number | undefined;
  max_price?: number | undefined;
  max_duration_min?: number | undefined;
  language?: string | undefined;
  min_rating?: number | undefined;
  kid_friendly?: true | undefined;
  accessible?: true | undefined;
}

const api = () => typedClient(true);
const pub = () => typedClient(false);

export const toursApi = {
  search: (f: TourFilters, cursor: string | undefined, limit: number) => unwrap(pub().GET('/api/v1/tours', { params: { query: { ...f, cursor, limit } } })),
  tour: (id: string) => unwrap(pub().GET('/api/v1/tours/{id}', { params: { path: { id } } })).then((r) => r.data),
  reviews: (providerId: string) => unwrap(pub().GET('/api/v1/providers/{id}/reviews', { params: { path: { id: providerId }, query: { limit: 5 } } })).then((r) => r.data),
  mine: () => unwrap(api().GET('/api/v1/tour-guide/tours')).then((r) => r.data),
  create: (body: TourInput) => unwrap(api().POST('/api/v1/tour-guide/tours', { body })).then((r) => r.data),
  update: (id: string, body: Partial<TourInput>) => unwrap(api().PATCH('/api/v1/tour-guide/tours/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  addPhoto: (id: string, file: File) =>
    unwrap(
      api().POST('/api/v1/tour-guide/tours/{id}/photos', {
        params: { path: { id } },
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file);
          return form;
        },
      }),
    ).then((r) => r.data),
  deletePhoto: (id: string, photoId: string) => unwrap(api().DELETE('/api/v1/tour-guide/tours/{id}/photos/{photoId}', { params: { path: { id, photoId } } })),
  sessions: (from: string, to: string) => unwrap(api().GET('/api/v1/practice/sessions', { params: { query: { kind: 'tour_guide', from, to } } })).then((r) => r.data),
};

export const tourBookingApi = {
  hold: (offering_id: string, start: string, seats: number, attendees: string[]) =>
    unwrap(api().POST('/api/v1/bookings/holds', { body: { offering_id, start, seats, attendees } })).then((r) => r.data),
  book: (hold_id: string, pay_with: 'wallet' | 'paystack', key: string) => unwrap(api().POST('/api/v1/bookings', { params: idem(key), body: { hold_id, pay_with } })).then((r) => r.data),
  booking: (id: string) => unwrap(api().GET('/api/v1/bookings/{id}', { params: { path: { id } } })).then((r) => r.data),
  wallet: (currency: Currency) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
};

export const toursKeys = {
  all: ['tours'] as const,
  search: (f: TourFilters) => ['tours', 'search', f] as const,
  tour: (id: string) => ['tours', 'tour', id] as const,
  reviews: (id: string) => ['tours', 'reviews', id] as const,
  mine: ['tours', 'mine'] as const,
  sessions: (from: string, to: string) => ['tours', 'sessions', from, to] as const,
  wallet: (c: string) => ['tours', 'wallet', c] as const,
  booking: (id: string) => ['tours', 'booking', id] as const,
};

/** "3 hours", "2 days", "1 h 30 min". */
export function durationText(min: number): string {
  if (min >= 24 * 60 && min % (24 * 60) === 0) return `${min / (24 * 60)} day${min === 24 * 60 ? '' : 's'}`;
  if (min % 60 === 0) return `${min / 60} hour${min === 60 ? '' : 's'}`;
  return min > 60 ? `${Math.floor(min / 60)} h ${min % 60} min` : `${min} min`;
}

export type GuideProfile = components['schemas']['PracticeProfile'];
export type Bank = components['schemas']['Bank'];
const guide = { params: { query: { kind: 'tour_guide' as const } } };
const upload = (file: File) => ({
  body: { file: file as unknown as string },
  bodySerializer: () => {
    const form = new FormData();
    form.append('file', file);
    return form;
  },
});

/** What the guide's set-up wizard uploads straight through practice's routes, and the banks of its payout step. */
export const guideSetupApi = {
  profile: () => unwrap(api().GET('/api/v1/practice/profile', guide)).then((r) => r.data),
  addDocument: (file: File) => unwrap(api().POST('/api/v1/practice/licence/documents', { ...guide, ...upload(file) })).then((r) => r.data),
  removeDocument: (id: string) => unwrap(api().DELETE('/api/v1/practice/licence/documents/{id}', { params: { path: { id } } })),
  addPhoto: (file: File) => unwrap(api().POST('/api/v1/practice/media', { ...guide, ...upload(file) })).then((r) => r.data),
  removePhoto: (id: string) => unwrap(api().DELETE('/api/v1/practice/media/{id}', { params: { path: { id } } })),
  banks: (country: 'NG' | 'GH' | 'KE' | 'ZA') => unwrap(api().GET('/api/v1/banks', { params: { query: { country } } })).then((r) => r.data),
};

export const guideSetupKeys = {
  profile: ['tours', 'guide-profile'] as const,
  banks: (country: string) => ['tours', 'banks', country] as const,
};
