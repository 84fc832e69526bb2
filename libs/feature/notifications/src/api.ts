import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type Notification = S['Notification'];
export type NotificationSummary = S['NotificationSummary'];
export type NotificationChannel = S['NotificationChannel'];
export type NotificationPreferences = S['NotificationPreferencesEnvelope']['data'];
export type Category = 'bookings' | 'orders' | 'payments' | 'messages' | 'social' | 'marketing';

const api = () => typedClient(true);

/** The notification centre's calls (api/contract/notifications.yaml). */
export const notificationsApi = {
  list: (cursor: string | undefined, limit = 20, unread = false) =>
    unwrap(api().GET('/api/v1/notifications', { params: { query: { cursor, limit, ...(unread ? { unread: 'true' as const } : {}) } } })),
  summary: () => unwrap(api().GET('/api/v1/notifications/summary')).then((r) => r.data),
  seen: () => unwrap(api().POST('/api/v1/notifications/seen')).then((r) => r.data),
  read: (id: string) => unwrap(api().POST('/api/v1/notifications/{id}/read', { params: { path: { id } } })).then((r) => r.data),
  readAll: () => unwrap(api().POST('/api/v1/notifications/read-all')).then((r) => r.data),
  preferences: () => unwrap(api().GET('/api/v1/notifications/preferences')).then((r) => r.data),
  savePreferences: (body: S['NotificationPreferences']) =>
    unwrap(api().PUT('/api/v1/notifications/preferences', { body })).then((r) => r.data),
};

export const notificationKeys = {
  all: ['notifications'] as const,
  summary: ['notifications', 'summary'] as const,
  latest: ['notifications', 'latest'] as const,
  list: (unread: boolean) => ['notifications', 'list', unread] as const,
  preferences: ['notifications', 'preferences'] as const,
};
