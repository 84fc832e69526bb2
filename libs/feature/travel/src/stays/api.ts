import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';
import type { StayQuery } from './paths';

/** Shapes of the hotel API (api/contract/stays.yaml). Amounts are minor units. */
export type StayCity = components['schemas']['StayCity'];
export type StayPropertyCard = components['schemas']['StayPropertyCard'];
export type StayProperty = components['schemas']['StayProperty'];
export type StayRoom = components['schemas']['StayRoom'];
export type StayRate = components['schemas']['StayRate'];
export type Stay = components['schemas']['Stay'];
export type StayPayWith = 'wallet' | 'card';

export interface StayFilters {
  min_price?: number | undefined;
  max_price?: number | undefined;
  stars?: number | undefined;
  amenities?: string | undefined;
  free_cancellation?: boolean | undefined;
  sort?: 'price' | 'rating' | 'stars' | 'distance' | undefined;
}

export interface PayInput {
  guests: { given_name: string; family_name: string }[];
  email: string;
  phone?: string | undefined;
  pay_with: StayPayWith;
  accepted_price: number;
  trip_id?: string | undefined;
}

const api = () => typedClient(true);
const pub = () => typedClient(false);

function stayQuery(q: StayQuery) {
  return { check_in: q.check_in, check_out: q.check_out, rooms: q.rooms, adults: q.adults };
}

/** Public reads: the cities, the search and a property's rates. */
export const stayPublicApi = {
  cities: () => unwrap(pub().GET('/api/v1/stays/cities')).then((r) => r.data),
  search: (q: StayQuery, f: StayFilters) =>
    unwrap(
      pub().GET('/api/v1/stays/search', {
        params: {
          query: {
            ...stayQuery(q),
            ...(q.city ? { city: q.city } : { lat: q.lat, lng: q.lng, radius: q.radius }),
            ...f,
          },
        },
      }),
    ),
  property: (id: string, q: StayQuery) =>
    unwrap(pub().GET('/api/v1/stays/properties/{id}', { params: { path: { id }, query: stayQuery(q) } })).then((r) => r.data),
};

/** The traveller's own: quotes, payment, their stays, cancelling. */
export const stayApi = {
  quote: (rate_id: string, seen_price: number) => unwrap(api().POST('/api/v1/stays/quotes', { body: { rate_id, seen_price } })).then((r) => r.data),
  pay: (id: string, key: string, body: PayInput) =>
    unwrap(api().POST('/api/v1/stays/bookings/{id}/pay', { params: { path: { id }, ...idem(key) }, body })).then((r) => r.data),
  list: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/stays/bookings', { params: { query: { cursor, limit } } })),
  stay: (id: string) => unwrap(api().GET('/api/v1/stays/bookings/{id}', { params: { path: { id } } })).then((r) => r.data),
  cancel: (id: string, key: string) => unwrap(api().POST('/api/v1/stays/bookings/{id}/cancel', { params: { path: { id }, ...idem(key) } })).then((r) => r.data),
  wallet: (currency: 'NGN') => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
};

export const stayKeys = {
  all: ['stays'] as const,
  cities: ['stays', 'cities'] as const,
  search: (q: StayQuery, f: StayFilters) => ['stays', 'search', q, f] as const,
  property: (id: string, q: StayQuery) => ['stays', 'property', id, q] as const,
  mine: ['stays', 'mine'] as const,
  stay: (id: string) => ['stays', 'stay', id] as const,
  wallet: ['stays', 'wallet'] as const,
};
