import { idempotencyHeader, typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type Ticket = S['SupportTicket'];
export type TicketDetail = S['SupportTicketDetail'];
export type TicketMessage = S['SupportMessage'];
export type TicketInput = S['SupportTicketInput'];
export type TicketUpdate = S['SupportTicketUpdate'];
export type Faq = S['SupportFAQ'];
export type FaqInput = S['SupportFAQInput'];
export type LinkItem = S['SupportItem'];
export type CannedReply = S['SupportCannedReply'];

const api = () => typedClient(true);
const path = (id: string) => ({ params: { path: { id } } });

export interface QueueFilter {
  status?: 'active' | 'open' | 'pending' | 'solved' | 'closed';
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  category?: 'booking' | 'order' | 'payment' | 'account' | 'listing' | 'technical' | 'other';
  assignee?: string;
  breached?: boolean;
  q?: string;
}

/** The support calls (api/contract/support.yaml). */
export const supportApi = {
  faqs: (q?: string) => unwrap(api().GET('/api/v1/support/faqs', { params: { query: { q: q || undefined } } })).then((r) => r.data),
  linkables: () => unwrap(api().GET('/api/v1/support/linkables')).then((r) => r.data),
  tickets: (cursor?: string) => unwrap(api().GET('/api/v1/support/tickets', { params: { query: { cursor, limit: 20 } } })),
  ticket: (id: string) => unwrap(api().GET('/api/v1/support/tickets/{id}', path(id))).then((r) => r.data),
  create: (body: TicketInput) => unwrap(api().POST('/api/v1/support/tickets', { body })).then((r) => r.data),
  reply: (id: string, body: string) => unwrap(api().POST('/api/v1/support/tickets/{id}/messages', { params: { path: { id } }, body: { body } })).then((r) => r.data),
  rate: (id: string, rating: number, comment: string) =>
    unwrap(api().POST('/api/v1/support/tickets/{id}/rating', { params: { path: { id } }, body: { rating, comment } })).then((r) => r.data),

  queue: (f: QueueFilter, page: number) =>
    unwrap(api().GET('/api/v1/admin/support/tickets', { params: { query: { ...f, q: f.q || undefined, page, per_page: 20 } } })),
  adminTicket: (id: string) => unwrap(api().GET('/api/v1/admin/support/tickets/{id}', path(id))).then((r) => r.data),
  update: (id: string, body: TicketUpdate) => unwrap(api().PATCH('/api/v1/admin/support/tickets/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  adminReply: (id: string, body: string, internal: boolean) =>
    unwrap(api().POST('/api/v1/admin/support/tickets/{id}/messages', { params: { path: { id } }, body: { body, internal } })).then((r) => r.data),
  action: (id: string, action: string, key: string, reason?: string) =>
    unwrap(api().POST('/api/v1/admin/support/tickets/{id}/actions', { params: { path: { id }, ...idempotencyHeader(key) }, body: { action, reason } })).then((r) => r.data),
  canned: () => unwrap(api().GET('/api/v1/admin/support/canned-replies')).then((r) => r.data),
  createCanned: (title: string, body: string) => unwrap(api().POST('/api/v1/admin/support/canned-replies', { body: { title, body } })).then((r) => r.data),
  deleteCanned: (id: string) => unwrap(api().DELETE('/api/v1/admin/support/canned-replies/{id}', path(id))),
  createFaq: (body: FaqInput) => unwrap(api().POST('/api/v1/admin/support/faqs', { body })).then((r) => r.data),
  updateFaq: (id: string, body: FaqInput) => unwrap(api().PUT('/api/v1/admin/support/faqs/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  deleteFaq: (id: string) => unwrap(api().DELETE('/api/v1/admin/support/faqs/{id}', path(id))),
  admins: () => unwrap(api().GET('/api/v1/admin/users', { params: { query: { role: 'admin', per_page: 100 } } })).then((r) => r.data),
};

export const supportKeys = {
  all: ['support'] as const,
  faqs: (q: string) => ['support', 'faqs', q] as const,
  linkables: ['support', 'linkables'] as const,
  tickets: ['support', 'tickets'] as const,
  ticket: (id: string) => ['support', 'ticket', id] as const,
  admin: ['support', 'admin'] as const,
  queue: (f: QueueFilter, page: number) => ['support', 'admin', 'queue', f, page] as const,
  adminTicket: (id: string) => ['support', 'admin', 'ticket', id] as const,
  canned: ['support', 'admin', 'canned'] as const,
  admins: ['support', 'admin', 'admins'] as const,
};
