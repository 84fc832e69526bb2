import { idempotencyHeader, typedClient, unwrap, type components, type paths } from '@sojourn/api-client';

/**
 * The admin's booking calls (api/contract/bookings.yaml): the bookings table (numbered pages with filters), one booking
 * with its history and payment, and the cancellation with a full refund.
 */
const api = () => typedClient(true);

export type AdminBookingQuery = NonNullable<paths['/api/v1/admin/bookings']['get']['parameters']['query']>;
export type Booking = components['schemas']['Booking'];
export type AdminBooking = components['schemas']['AdminBooking'];
export type BookingStatus = components['schemas']['BookingStatus'];

export const BOOKING_STATUSES: BookingStatus[] = [
  'pending_confirmation',
  'confirmed',
  'completed',
  'no_show',
  'cancelled_by_user',
  'cancelled_by_provider',
  'cancelled_by_admin',
  'declined',
  'awaiting_payment',
  'held',
  'expired',
];

type Tone = 'success' | 'warning' | 'destructive' | 'secondary' | 'outline';
export const BOOKING_STATUS: Record<BookingStatus, { label: string; variant: Tone }> = {
  held: { label: 'Held, not paid', variant: 'outline' },
  awaiting_payment: { label: 'Awaiting card payment', variant: 'warning' },
  pending_confirmation: { label: 'Waiting for the provider', variant: 'warning' },
  confirmed: { label: 'Confirmed', variant: 'success' },
  completed: { label: 'Completed', variant: 'success' },
  no_show: { label: 'No-show', variant: 'destructive' },
  cancelled_by_user: { label: 'Cancelled by the client', variant: 'secondary' },
  cancelled_by_provider: { label: 'Cancelled by the provider', variant: 'destructive' },
  cancelled_by_admin: { label: 'Cancelled by Sojourn', variant: 'destructive' },
  declined: { label: 'Declined', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'outline' },
};

export const ACTOR_LABELS: Record<string, string> = { user: 'Client', provider: 'Provider', system: 'Sojourn (automatic)', admin: 'Sojourn admin' };

/** Whether an admin may cancel and refund the booking (paid, not yet held or finished). */
export const cancellable = (b: Pick<Booking, 'status'>) => b.status === 'pending_confirmation' || b.status === 'confirmed';

export const adminBookingsApi = {
  list: (query: AdminBookingQuery) => unwrap(api().GET('/api/v1/admin/bookings', { params: { query } })),
  get: (id: string) => unwrap(api().GET('/api/v1/admin/bookings/{id}', { params: { path: { id } } })).then((r) => r.data),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/admin/bookings/{id}/cancel', { params: { path: { id }, ...idempotencyHeader(key) }, body: { reason } })).then((r) => r.data),
};

export const adminBookingKeys = {
  all: ['admin', 'bookings'] as const,
  list: (q: AdminBookingQuery) => ['admin', 'bookings', 'list', q] as const,
  detail: (id: string) => ['admin', 'bookings', 'detail', id] as const,
};
