import { idempotencyHeader, refreshSession, typedClient, unwrap, type components } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';

type S = components['schemas'];
export type SpeedEvent = S['SpeedEvent'];
export type SpeedLive = S['SpeedLive'];
export type SpeedTicket = S['SpeedTicket'];
export type SpeedTicketPurchase = S['SpeedTicketPurchase'];
export type SpeedEventAdmin = S['SpeedEventAdmin'];
export type SpeedEventInput = S['SpeedEventInput'];
export type SpeedPerson = S['SpeedPerson'];
export type SpeedMet = S['SpeedMet'];
export type SpeedMatch = S['SpeedMatch'];
export type SpeedParticipant = S['SpeedParticipant'];
export type SpeedRound = S['SpeedRound'];
export type SpeedStatus = S['SpeedStatus'];
export type SpeedAudience = S['SpeedAudience'];
export type SpeedGroup = S['SpeedGroup'];
export type AdminStatusFilter = SpeedStatus | 'all';

const api = () => typedClient(true);

/**
 * The events are public, so the API answers an expired token as it answers anyone (no 401 to refresh on): before
 * reading them, a signed-in caller's token that is about to expire is refreshed, or the caller's own ticket would
 * vanish from the page mid-event.
 */
async function freshToken(): Promise<void> {
  const { accessToken, expiresAt } = useAuthStore.getState();
  if (accessToken && expiresAt && expiresAt - Date.now() < 5000) await refreshSession(accessToken).catch(() => undefined);
}
const path = (id: string) => ({ params: { path: { id } } });

/** The speed-dating calls (api/contract/speeddating.yaml). */
export const speedApi = {
  events: (cursor?: string) => freshToken().then(() => unwrap(api().GET('/api/v1/speed-dating/events', { params: { query: { cursor, limit: 12 } } }))),
  event: (id: string) => freshToken().then(() => unwrap(api().GET('/api/v1/speed-dating/events/{id}', path(id)))).then((r) => r.data),
  /** A free event needs no payment; by card the answer's `payment.authorization_url` is where the browser pays. */
  buy: (id: string, key: string, pay_with: 'wallet' | 'card') =>
    unwrap(api().POST('/api/v1/speed-dating/events/{id}/tickets', { params: { path: { id }, ...idempotencyHeader(key) }, body: { pay_with } })).then((r) => r.data),
  cancelTicket: (id: string) => unwrap(api().DELETE('/api/v1/speed-dating/events/{id}/tickets/mine', path(id))).then((r) => r.data),
  tickets: (cursor?: string) => unwrap(api().GET('/api/v1/speed-dating/tickets', { params: { query: { cursor, limit: 10 } } })),
  live: (id: string) => unwrap(api().GET('/api/v1/speed-dating/events/{id}/live', path(id))).then((r) => r.data),
  checkIn: (id: string) => unwrap(api().POST('/api/v1/speed-dating/events/{id}/check-in', path(id))).then((r) => r.data),
  leave: (id: string) => unwrap(api().POST('/api/v1/speed-dating/events/{id}/leave', path(id))).then((r) => r.data),
  vote: (id: string, partnerId: string, yes: boolean) =>
    unwrap(api().PUT('/api/v1/speed-dating/events/{id}/votes/{partner_id}', { params: { path: { id, partner_id: partnerId } }, body: { yes } })).then((r) => r.data),
  /** The wallet's balance in a currency (minor units). */
  walletBalance: (currency: string) =>
    unwrap(api().GET('/api/v1/wallet', { params: { query: { currency: currency as S['Currency'] } } })).then((r) => r.data.balance),

  adminEvents: (status: AdminStatusFilter, page: number) => unwrap(api().GET('/api/v1/admin/speed-dating/events', { params: { query: { status, page, per_page: 20 } } })),
  adminEvent: (id: string) => unwrap(api().GET('/api/v1/admin/speed-dating/events/{id}', path(id))).then((r) => r.data),
  create: (body: SpeedEventInput) => unwrap(api().POST('/api/v1/admin/speed-dating/events', { body })).then((r) => r.data),
  update: (id: string, body: SpeedEventInput) => unwrap(api().PUT('/api/v1/admin/speed-dating/events/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  start: (id: string) => unwrap(api().POST('/api/v1/admin/speed-dating/events/{id}/start', path(id))).then((r) => r.data),
  pause: (id: string) => unwrap(api().POST('/api/v1/admin/speed-dating/events/{id}/pause', path(id))).then((r) => r.data),
  resume: (id: string) => unwrap(api().POST('/api/v1/admin/speed-dating/events/{id}/resume', path(id))).then((r) => r.data),
  next: (id: string) => unwrap(api().POST('/api/v1/admin/speed-dating/events/{id}/next', path(id))).then((r) => r.data),
  end: (id: string) => unwrap(api().POST('/api/v1/admin/speed-dating/events/{id}/end', path(id))).then((r) => r.data),
  cancel: (id: string, reason: string) => unwrap(api().POST('/api/v1/admin/speed-dating/events/{id}/cancel', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
};

export const speedKeys = {
  all: ['speed-dating'] as const,
  events: ['speed-dating', 'events'] as const,
  event: (id: string) => ['speed-dating', 'event', id] as const,
  live: (id: string) => ['speed-dating', 'live', id] as const,
  tickets: ['speed-dating', 'tickets'] as const,
  wallet: (currency: string) => ['speed-dating', 'wallet', currency] as const,
  admin: ['speed-dating', 'admin'] as const,
  adminEvents: (status: AdminStatusFilter, page: number) => ['speed-dating', 'admin', 'events', status, page] as const,
  adminEvent: (id: string) => ['speed-dating', 'admin', 'event', id] as const,
};

/** The realtime event the server pushes when an event's state changes (rounds, pauses, votes closing). */
export const SPEED_STATE = 'speed.state';

/** The event id a speed.state frame is about, when it says. */
export function frameEventId(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const v = d['event_id'] ?? d['id'];
  return typeof v === 'string' ? v : null;
}
