import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

/** Shapes of the flights API (api/contract/flights.yaml). Amounts are minor units. */
export type FlightOffer = components['schemas']['FlightOffer'];
export type FlightOfferDetail = components['schemas']['FlightOfferDetail'];
export type FlightSlice = components['schemas']['FlightSlice'];
export type FlightSegment = components['schemas']['FlightSegment'];
export type FlightPlace = components['schemas']['FlightPlace'];
export type FlightOrder = components['schemas']['FlightOrder'];
export type FlightOrderInput = components['schemas']['FlightOrderInput'];
export type FlightPassengerInput = components['schemas']['FlightPassengerInput'];
export type FlightOrderPlaced = components['schemas']['FlightOrderPlaced'];
export type Cabin = 'economy' | 'premium_economy' | 'business' | 'first';
export type PayWith = 'wallet' | 'card';

/** A search as it lives in the address of the results page. */
export interface FlightSearch {
  slices: { from: string; to: string; date: string }[];
  /** one-way, round (two slices, the second back) or multi. */
  kind: 'oneway' | 'round' | 'multi';
  adults: number;
  children: number;
  infants: number;
  cabin: Cabin;
}

const api = () => typedClient(true);

function searchQuery(s: FlightSearch) {
  const base = { adults: s.adults, children: s.children, infants: s.infants, cabin: s.cabin };
  if (s.kind === 'multi') return { ...base, slices: s.slices.map((x) => `${x.from}-${x.to}-${x.date}`).join(',') };
  const [out, back] = s.slices;
  return { ...base, from: out?.from ?? '', to: out?.to ?? '', depart: out?.date ?? '', ...(s.kind === 'round' && back ? { return: back.date } : {}) };
}

export const flightsApi = {
  search: (s: FlightSearch) => unwrap(api().GET('/api/v1/flights/offers', { params: { query: searchQuery(s) } })).then((r) => r.data),
  offer: (id: string, price: number | undefined) =>
    unwrap(api().GET('/api/v1/flights/offers/{id}', { params: { path: { id }, query: price ? { price } : {} } })).then((r) => r.data),
  order: (body: FlightOrderInput, key: string) => unwrap(api().POST('/api/v1/flights/orders', { params: { ...idem(key) }, body })).then((r) => r.data),
  get: (id: string) => unwrap(api().GET('/api/v1/flights/orders/{id}', { params: { path: { id } } })).then((r) => r.data),
  list: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/flights/orders', { params: { query: { cursor, limit } } })),
  quote: (id: string, key: string) =>
    unwrap(api().POST('/api/v1/flights/orders/{id}/cancellation_quote', { params: { path: { id }, ...idem(key) } })).then((r) => r.data),
  cancel: (id: string, key: string) => unwrap(api().POST('/api/v1/flights/orders/{id}/cancel', { params: { path: { id }, ...idem(key) } })).then((r) => r.data),
  wallet: (currency: string) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency: currency as 'NGN' } } })).then((r) => r.data),
};

/** react-query keys of the flight screens. */
export const flightKeys = {
  all: ['flights'] as const,
  search: (s: FlightSearch) => ['flights', 'search', s] as const,
  offer: (id: string) => ['flights', 'offer', id] as const,
  order: (id: string) => ['flights', 'order', id] as const,
  mine: ['flights', 'mine'] as const,
  wallet: (c: string) => ['flights', 'wallet', c] as const,
};
