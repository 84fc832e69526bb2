import { idempotencyHeader, typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type TkEvent = S['TkEvent'];
export type TkTicketType = S['TkTicketType'];
export type TkOrder = S['TkOrder'];
export type TkTicket = S['TkTicket'];
export type TkAttendee = S['TkAttendee'];
export type TkScan = S['TkScan'];
export type TkCheckIn = S['TkCheckIn'];
export type EventCategory = TkEvent['category'];

/** Which organiser routes a portal uses: Sojourn's own (admins) or the provider's. */
export type OrganiserBase = '/api/v1/admin/ticketing/events' | '/api/v1/organiser/events';

export interface EventFilters {
  from?: string;
  to?: string;
  city?: string;
  category?: EventCategory;
  online?: 'true' | 'false';
  free?: 'true' | 'false';
}

const api = () => typedClient(true);
const path = (id: string) => ({ params: { path: { id } } });

/** The events calls (api/contract/ticketing.yaml). */
export const eventsApi = {
  events: (f: EventFilters, cursor?: string) => unwrap(api().GET('/api/v1/events', { params: { query: { ...f, cursor, limit: 12 } } })),
  event: (id: string, code?: string) => unwrap(api().GET('/api/v1/events/{id}', { params: { path: { id }, query: code ? { code } : {} } })).then((r) => r.data),
  reserve: (id: string, key: string, items: { type_id: string; attendees: string[] }[], code?: string) =>
    unwrap(api().POST('/api/v1/events/{id}/orders', { params: { path: { id }, ...idempotencyHeader(key) }, body: { items, ...(code ? { code } : {}) } })).then((r) => r.data),
  pay: (id: string, key: string) =>
    unwrap(api().POST('/api/v1/event-orders/{id}/pay', { params: { path: { id }, ...idempotencyHeader(key) }, body: { pay_with: 'wallet' } })).then((r) => r.data),
  cancelOrder: (id: string, key: string) => unwrap(api().POST('/api/v1/event-orders/{id}/cancel', { params: { path: { id }, ...idempotencyHeader(key) } })).then((r) => r.data),
  tickets: (cursor?: string) => unwrap(api().GET('/api/v1/event-tickets', { params: { query: { cursor, limit: 20 } } })),
  orders: (cursor?: string) => unwrap(api().GET('/api/v1/event-orders', { params: { query: { cursor, limit: 20 } } })),
  transfer: (id: string, key: string, to: string) =>
    unwrap(api().POST('/api/v1/event-tickets/{id}/transfer', { params: { path: { id }, ...idempotencyHeader(key) }, body: { to } })).then((r) => r.data),
  walletBalance: (currency: string) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency: currency as S['Currency'] } } })).then((r) => r.data.balance),
};

/** The organiser's calls, on Sojourn's (admin) or the provider's routes. */
export const organiserApi = (base: OrganiserBase) => {
  const c = api();
  if (base === '/api/v1/admin/ticketing/events')
    return {
      events: (cursor?: string) => unwrap(c.GET('/api/v1/admin/ticketing/events', { params: { query: { cursor, limit: 20 } } })),
      event: (id: string) => unwrap(c.GET('/api/v1/admin/ticketing/events/{id}', path(id))).then((r) => r.data),
      create: (body: NewEventBody) => unwrap(c.POST('/api/v1/admin/ticketing/events', { body })).then((r) => r.data),
      attendees: (id: string, cursor?: string) => unwrap(c.GET('/api/v1/admin/ticketing/events/{id}/attendees', { params: { path: { id }, query: { cursor, limit: 50 } } })),
      scans: (id: string, cursor?: string) => unwrap(c.GET('/api/v1/admin/ticketing/events/{id}/check-ins', { params: { path: { id }, query: { cursor, limit: 20 } } })),
      checkIn: (id: string, code: string) => unwrap(c.POST('/api/v1/admin/ticketing/events/{id}/check-in', { params: { path: { id } }, body: { code } })).then((r) => r.data),
      cancel: (id: string, key: string, reason: string) =>
        unwrap(c.POST('/api/v1/admin/ticketing/events/{id}/cancel', { params: { path: { id }, ...idempotencyHeader(key) }, body: { reason } })).then((r) => r.data),
      csvPath: (id: string) => `/api/v1/admin/ticketing/events/${encodeURIComponent(id)}/attendees.csv`,
    };
  return {
    events: (cursor?: string) => unwrap(c.GET('/api/v1/organiser/events', { params: { query: { cursor, limit: 20 } } })),
    event: (id: string) => unwrap(c.GET('/api/v1/organiser/events/{id}', path(id))).then((r) => r.data),
    create: (body: NewEventBody) => unwrap(c.POST('/api/v1/organiser/events', { body })).then((r) => r.data),
    attendees: (id: string, cursor?: string) => unwrap(c.GET('/api/v1/organiser/events/{id}/attendees', { params: { path: { id }, query: { cursor, limit: 50 } } })),
    scans: (id: string, cursor?: string) => unwrap(c.GET('/api/v1/organiser/events/{id}/check-ins', { params: { path: { id }, query: { cursor, limit: 20 } } })),
    checkIn: (id: string, code: string) => unwrap(c.POST('/api/v1/organiser/events/{id}/check-in', { params: { path: { id } }, body: { code } })).then((r) => r.data),
    cancel: (id: string, key: string, reason: string) =>
      unwrap(c.POST('/api/v1/organiser/events/{id}/cancel', { params: { path: { id }, ...idempotencyHeader(key) }, body: { reason } })).then((r) => r.data),
    csvPath: (id: string) => `/api/v1/organiser/events/${encodeURIComponent(id)}/attendees.csv`,
  };
};

export type NewEventBody = {
  title: string;
  description?: string;
  category: EventCategory;
  online?: boolean;
  venue?: string;
  address?: string;
  city?: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  refund_days?: number;
  quotas: { name: string; size: number }[];
  ticket_types: { name: string; quota: string; price: number; max_per_order: number; unlock_code?: string }[];
};

export const eventsKeys = {
  all: ['events'] as const,
  list: (f: EventFilters) => ['events', 'list', f] as const,
  event: (id: string, code?: string) => ['events', 'event', id, code ?? ''] as const,
  tickets: ['events', 'tickets'] as const,
  wallet: (currency: string) => ['events', 'wallet', currency] as const,
  org: (base: string) => ['events', 'org', base] as const,
  orgEvent: (base: string, id: string) => ['events', 'org', base, id] as const,
  attendees: (base: string, id: string) => ['events', 'org', base, id, 'attendees'] as const,
  scans: (base: string, id: string) => ['events', 'org', base, id, 'scans'] as const,
};
