import { apiUrl, authedFetch, errorFromBody, typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type Conversation = S['Conversation'];
export type ChatMessage = S['ChatMessage'];
export type ChatMember = S['ChatMember'];
export type SubjectCard = S['SubjectCard'];
export type UnreadCounts = S['UnreadCounts'];
export type MessageReport = S['MessageReport'];

const api = () => typedClient(true);
const path = (id: string) => ({ params: { path: { id } } });

/** The messaging calls (api/contract/messaging.yaml). */
export const messagingApi = {
  conversations: (cursor?: string) =>
    unwrap(api().GET('/api/v1/messaging/conversations', { params: { query: { limit: 30, ...(cursor ? { cursor } : {}) } } })),
  conversation: (id: string) => unwrap(api().GET('/api/v1/messaging/conversations/{id}', path(id))).then((r) => r.data),
  start: (to?: string, about?: string) =>
    unwrap(api().POST('/api/v1/messaging/conversations', { body: { ...(to ? { to } : {}), ...(about ? { about } : {}) } })).then((r) => r.data),
  /** Newest first; `cursor` pages to older ones. */
  messages: (id: string, cursor?: string) =>
    unwrap(api().GET('/api/v1/messaging/conversations/{id}/messages', { params: { path: { id }, query: { limit: 30, ...(cursor ? { cursor } : {}) } } })),
  /** The messages after `after`, oldest first (resume). */
  after: (id: string, after: string) =>
    unwrap(api().GET('/api/v1/messaging/conversations/{id}/messages', { params: { path: { id }, query: { limit: 100, after } } })),
  send: (id: string, body: string) =>
    unwrap(api().POST('/api/v1/messaging/conversations/{id}/messages', { params: { path: { id } }, body: { body } })).then((r) => r.data),
  attach: (id: string, file: File, caption: string) =>
    unwrap(
      api().POST('/api/v1/messaging/conversations/{id}/attachments', {
        params: { path: { id } },
        body: { file: file as unknown as string, body: caption },
        bodySerializer: () => {
          const fd = new FormData();
          fd.append('file', file);
          if (caption) fd.append('body', caption);
          return fd;
        },
      }),
    ).then((r) => r.data),
  edit: (id: string, msgId: string, body: string) =>
    unwrap(api().PATCH('/api/v1/messaging/conversations/{id}/messages/{msgId}', { params: { path: { id, msgId } }, body: { body } })).then((r) => r.data),
  remove: (id: string, msgId: string) =>
    unwrap(api().DELETE('/api/v1/messaging/conversations/{id}/messages/{msgId}', { params: { path: { id, msgId } } })).then((r) => r.data),
  react: (id: string, msgId: string, emoji: string, remove: boolean) =>
    unwrap(api().POST('/api/v1/messaging/conversations/{id}/messages/{msgId}/reactions', { params: { path: { id, msgId } }, body: { emoji, remove } })).then((r) => r.data),
  read: (id: string, upTo?: string) =>
    unwrap(api().POST('/api/v1/messaging/conversations/{id}/read', { params: { path: { id } }, body: upTo ? { up_to: upTo } : {} })).then((r) => r.data),
  unread: () => unwrap(api().GET('/api/v1/messaging/unread')).then((r) => r.data),
  search: (q: string, cursor?: string) =>
    unwrap(api().GET('/api/v1/messaging/search', { params: { query: { q, limit: 30, ...(cursor ? { cursor } : {}) } } })),
  settings: () => unwrap(api().GET('/api/v1/messaging/settings')).then((r) => r.data),
  putSettings: (sendReceipts: boolean) => unwrap(api().PUT('/api/v1/messaging/settings', { body: { send_receipts: sendReceipts } })).then((r) => r.data),
  report: (messageId: string, reason: string) => unwrap(api().POST('/api/v1/messaging/reports', { body: { message_id: messageId, reason } })).then((r) => r.data),
  /** Social's block (messaging's Block button calls it). */
  block: (userId: string) => unwrap(api().POST('/api/v1/social/blocks', { body: { user_id: userId } })),
  adminReports: (status: 'open' | 'dismissed' | 'removed', page: number) =>
    unwrap(api().GET('/api/v1/admin/messaging/reports', { params: { query: { status, page, per_page: 20 } } })),
  decide: (id: string, action: 'dismiss' | 'remove') =>
    unwrap(api().POST('/api/v1/admin/messaging/reports/{id}/decision', { params: { path: { id } }, body: { action } })).then((r) => r.data),
  /** An attachment's bytes (members only; always a download, its type in the message). */
  file: async (id: string, attId: string): Promise<Blob> => {
    const res = await authedFetch(new Request(apiUrl(`/api/v1/messaging/conversations/${encodeURIComponent(id)}/attachments/${encodeURIComponent(attId)}`)));
    if (!res.ok) throw errorFromBody(res, await res.json().catch(() => undefined));
    return res.blob();
  },
};

export const messagingKeys = {
  all: ['messaging'] as const,
  list: ['messaging', 'conversations'] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  unread: ['messaging', 'unread'] as const,
  search: (q: string) => ['messaging', 'search', q] as const,
  settings: ['messaging', 'settings'] as const,
  reports: (status: string, page: number) => ['messaging', 'reports', status, page] as const,
};
