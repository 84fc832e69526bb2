import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type ShopReview = S['ShopReview'];
export type AdminShopReview = S['AdminShopReview'];
export type ReviewableLine = S['ReviewableLine'];
export type ReviewQueue = 'pending' | 'published' | 'rejected' | 'reported';

const api = () => typedClient(true);
const pub = () => typedClient(false);

/** The product reviews' calls (api/contract/shopreviews.yaml). */
export const shopReviewsApi = {
  ofProduct: (id: string, cursor?: string, limit = 5) =>
    unwrap(pub().GET('/api/v1/shop/products/{id}/reviews', { params: { path: { id }, query: { cursor, limit } } })),
  mine: (cursor?: string) => unwrap(api().GET('/api/v1/shop/reviews/mine', { params: { query: { cursor, limit: 20 } } })),
  reviewable: () => unwrap(api().GET('/api/v1/shop/reviews/pending')).then((r) => r.data),
  create: (orderLineId: string, rating: number, text: string) =>
    unwrap(api().POST('/api/v1/shop/reviews', { body: { order_line_id: orderLineId, rating, text } })).then((r) => r.data),
  addPhoto: (id: string, file: File) =>
    unwrap(
      api().POST('/api/v1/shop/reviews/{id}/photos', {
        params: { path: { id } },
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const fd = new FormData();
          fd.append('file', file);
          return fd;
        },
      }),
    ).then((r) => r.data),
  report: (id: string, reason: string) => unwrap(api().POST('/api/v1/shop/reviews/{id}/report', { params: { path: { id } }, body: { reason } })),
  received: (unanswered: boolean, cursor?: string) =>
    unwrap(api().GET('/api/v1/vendor/reviews', { params: { query: { cursor, limit: 20, unanswered: unanswered ? 'true' : undefined } } })),
  reply: (id: string, text: string) => unwrap(api().POST('/api/v1/vendor/reviews/{id}/reply', { params: { path: { id } }, body: { text } })).then((r) => r.data),
  queue: (status: ReviewQueue, page: number, perPage = 20) =>
    unwrap(api().GET('/api/v1/admin/shop/reviews', { params: { query: { status, page, per_page: perPage } } })),
  approve: (id: string) => unwrap(api().POST('/api/v1/admin/shop/reviews/{id}/approve', { params: { path: { id } } })).then((r) => r.data),
  reject: (id: string, reason: string) => unwrap(api().POST('/api/v1/admin/shop/reviews/{id}/reject', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
};

export const shopReviewKeys = {
  all: ['shop-reviews'] as const,
  product: (id: string) => ['shop-reviews', 'product', id] as const,
  mine: ['shop-reviews', 'mine'] as const,
  reviewable: ['shop-reviews', 'reviewable'] as const,
  received: (unanswered: boolean) => ['shop-reviews', 'vendor', unanswered] as const,
  queue: (status: ReviewQueue, page: number) => ['shop-reviews', 'admin', status, page] as const,
};

/** At most this many photos per review (shopreviews.MaxPhotos). */
export const MAX_REVIEW_PHOTOS = 4;
