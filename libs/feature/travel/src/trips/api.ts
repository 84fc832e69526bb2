import { typedClient, unwrap, type components } from '@sojourn/api-client';

/** Shapes of the trips API (api/contract/trips.yaml). */
export type Trip = components['schemas']['Trip'];
export type TripView = components['schemas']['TripView'];
export type TripItem = components['schemas']['TripItem'];
export type TripConflict = components['schemas']['TripConflict'];
export type TripPlace = components['schemas']['TripPlace'];
export type TripKind = TripItem['kind'];
export type RentalBooking = components['schemas']['RentalBooking'];

const api = () => typedClient(true);

export const tripsApi = {
  list: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/trips', { params: { query: { cursor, limit } } })),
  upcoming: (limit: number) => unwrap(api().GET('/api/v1/trips/upcoming', { params: { query: { limit } } })).then((r) => r.data),
  candidates: () => unwrap(api().GET('/api/v1/trips/candidates')).then((r) => r.data),
  calendar: (from: string, to: string) => unwrap(api().GET('/api/v1/trips/calendar', { params: { query: { from, to } } })).then((r) => r.data),
  get: (id: string) => unwrap(api().GET('/api/v1/trips/{id}', { params: { path: { id } } })).then((r) => r.data),
  create: (name: string) => unwrap(api().POST('/api/v1/trips', { body: { name } })).then((r) => r.data),
  rename: (id: string, name: string) => unwrap(api().PATCH('/api/v1/trips/{id}', { params: { path: { id } }, body: { name } })).then((r) => r.data),
  remove: (id: string) => unwrap(api().DELETE('/api/v1/trips/{id}', { params: { path: { id } } })),
  addItem: (id: string, kind: TripKind, ref_id: string) =>
    unwrap(api().POST('/api/v1/trips/{id}/items', { params: { path: { id } }, body: { kind, ref_id } })).then((r) => r.data),
  removeItem: (id: string, kind: TripKind, refId: string) =>
    unwrap(api().DELETE('/api/v1/trips/{id}/items/{kind}/{refId}', { params: { path: { id, kind, refId } } })).then((r) => r.data),
  /** Moves a rental's pick-up (both ends move; same days and price). 409 when the car is taken then. */
  moveRental: (id: string, startsAt: string) =>
    unwrap(api().PATCH('/api/v1/rentals/bookings/{id}/schedule', { params: { path: { id } }, body: { starts_at: startsAt } })).then((r) => r.data),
};

export const tripKeys = {
  all: ['trips'] as const,
  list: ['trips', 'list'] as const,
  upcoming: (limit: number) => ['trips', 'upcoming', limit] as const,
  candidates: ['trips', 'candidates'] as const,
  calendar: (from: string, to: string) => ['trips', 'calendar', from, to] as const,
  one: (id: string) => ['trips', 'one', id] as const,
};
