import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type BlogPost = S['BlogPost'];
export type BlogPostInput = S['BlogPostInput'];
export type BlogPostSummary = S['BlogPostSummary'];
export type BlogRevision = S['BlogRevision'];
export type BlogRevisionSummary = S['BlogRevisionSummary'];
export type BlogCategory = S['BlogCategory'];
export type BlogOverview = S['BlogOverview'];
export type BlogPublicPost = S['BlogPublicPost'];
export type BlogPublicSummary = S['BlogPublicSummary'];
export type BlogStatus = BlogPost['status'];
export type StatusFilter = BlogStatus | 'all';

const api = () => typedClient(true);
const path = (id: string) => ({ params: { path: { id } } });
const status = (s: StatusFilter) => (s === 'all' ? undefined : s);

/** The blog's calls (api/contract/blog.yaml). */
export const blogApi = {
  published: (cursor: string | undefined, q: { category?: string; q?: string }) =>
    unwrap(api().GET('/api/v1/blog/posts', { params: { query: { cursor, limit: 12, category: q.category || undefined, q: q.q || undefined } } })),
  publicPost: (idOrSlug: string) => unwrap(api().GET('/api/v1/blog/posts/{id}', path(idOrSlug))).then((r) => r.data),
  categories: () => unwrap(api().GET('/api/v1/blog/categories')).then((r) => r.data),
  addCategory: (name: string) => unwrap(api().POST('/api/v1/blog/categories', { body: { name } })).then((r) => r.data),
  renameCategory: (id: string, name: string) => unwrap(api().PUT('/api/v1/blog/categories/{id}', { params: { path: { id } }, body: { name } })).then((r) => r.data),

  overview: () => unwrap(api().GET('/api/v1/blog/my/overview')).then((r) => r.data),
  mine: (cursor: string | undefined, s: StatusFilter, q: string) =>
    unwrap(api().GET('/api/v1/blog/my/posts', { params: { query: { cursor, limit: 20, status: status(s), q: q || undefined } } })),
  post: (id: string) => unwrap(api().GET('/api/v1/blog/my/posts/{id}', path(id))).then((r) => r.data),
  create: (body: BlogPostInput) => unwrap(api().POST('/api/v1/blog/my/posts', { body })).then((r) => r.data),
  save: (id: string, body: BlogPostInput) => unwrap(api().PUT('/api/v1/blog/my/posts/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  submit: (id: string) => unwrap(api().POST('/api/v1/blog/my/posts/{id}/submit', path(id))).then((r) => r.data),
  revisions: (id: string) => unwrap(api().GET('/api/v1/blog/my/posts/{id}/revisions', path(id))).then((r) => r.data),
  revision: (id: string, n: number) =>
    unwrap(api().GET('/api/v1/blog/my/posts/{id}/revisions/{number}', { params: { path: { id, number: String(n) } } })).then((r) => r.data),
  restore: (id: string, n: number, version: number) =>
    unwrap(api().POST('/api/v1/blog/my/posts/{id}/revisions/{number}/restore', { params: { path: { id, number: String(n) } }, body: { version } })).then((r) => r.data),

  queue: (cursor: string | undefined, s: StatusFilter) => unwrap(api().GET('/api/v1/admin/blog/posts', { params: { query: { cursor, limit: 20, status: status(s) } } })),
  adminPost: (id: string) => unwrap(api().GET('/api/v1/admin/blog/posts/{id}', path(id))).then((r) => r.data),
  comment: (id: string, body: string) => unwrap(api().POST('/api/v1/admin/blog/posts/{id}/comments', { params: { path: { id } }, body: { body } })).then((r) => r.data),
  requestChanges: (id: string, body: string) =>
    unwrap(api().POST('/api/v1/admin/blog/posts/{id}/request-changes', { params: { path: { id } }, body: { body } })).then((r) => r.data),
  approve: (id: string, version: number, publishAt: string | null) =>
    unwrap(api().POST('/api/v1/admin/blog/posts/{id}/approve', { params: { path: { id } }, body: { version, publish_at: publishAt } })).then((r) => r.data),
  unpublish: (id: string, body: string) => unwrap(api().POST('/api/v1/admin/blog/posts/{id}/unpublish', { params: { path: { id } }, body: { body } })).then((r) => r.data),
};

export const blogKeys = {
  all: ['blog'] as const,
  published: (category: string, q: string) => ['blog', 'published', category, q] as const,
  publicPost: (id: string) => ['blog', 'public', id] as const,
  categories: ['blog', 'categories'] as const,
  overview: ['blog', 'overview'] as const,
  mine: (s: StatusFilter, q: string) => ['blog', 'mine', s, q] as const,
  post: (id: string) => ['blog', 'post', id] as const,
  revisions: (id: string) => ['blog', 'revisions', id] as const,
  revision: (id: string, n: number) => ['blog', 'revision', id, n] as const,
  queue: (s: StatusFilter) => ['blog', 'queue', s] as const,
  adminPost: (id: string) => ['blog', 'admin', id] as const,
};
