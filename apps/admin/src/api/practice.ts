import { apiUrl, authedFetch, errorFromBody, typedClient, unwrap, type components, type paths } from '@sojourn/api-client';

/**
 * The admin's practice and review calls (api/contract/practice.yaml and reviews.yaml): the provider table and one
 * provider's detail, the licence decision, suspension, and the reported-review queue. Only the admin portal uses
 * them, so they live beside its pages; the provider and user portals have their own practice wrappers.
 */
const api = () => typedClient(true);

type ListQuery = NonNullable<paths['/api/v1/admin/providers']['get']['parameters']['query']>;
export type ProviderKind = NonNullable<ListQuery['kind']>;
export type ProviderStatus = NonNullable<ListQuery['status']>;
export type Verification = NonNullable<ListQuery['verification']>;
export type AdminProviderRow = components['schemas']['AdminProviderRow'];
export type AdminProviderDetail = components['schemas']['AdminProviderDetail'];
export type PracticeOffering = components['schemas']['PracticeOffering'];
export type LicenceDocument = components['schemas']['PracticeLicenceDocument'];
export type AdminReview = components['schemas']['AdminReview'];
export type Review = components['schemas']['Review'];
export type ReviewStatus = NonNullable<NonNullable<paths['/api/v1/admin/reviews']['get']['parameters']['query']>['status']>;

/** The provider kinds the practice API serves, in the order the tabs show them. */
export const PROVIDER_KINDS = ['therapist', 'coach', 'tour_guide', 'car_rental', 'car_dealer'] as const satisfies readonly ProviderKind[];
export const KIND_PLURAL: Record<ProviderKind, string> = {
  therapist: 'Therapists',
  coach: 'Life coaches',
  tour_guide: 'Tour guides',
  car_rental: 'Car-rental companies',
  car_dealer: 'Car dealers',
};
export const KIND_LABEL: Record<ProviderKind, string> = {
  therapist: 'Therapist',
  coach: 'Life coach',
  tour_guide: 'Tour guide',
  car_rental: 'Car-rental company',
  car_dealer: 'Car dealer',
};
export const KIND_SINGULAR: Record<ProviderKind, string> = {
  therapist: 'therapist',
  coach: 'life coach',
  tour_guide: 'tour guide',
  car_rental: 'car-rental company',
  car_dealer: 'car dealer',
};
export const PROVIDER_STATUSES = ['draft', 'published', 'suspended'] as const satisfies readonly ProviderStatus[];
export const VERIFICATIONS = ['pending', 'verified', 'rejected', 'none'] as const satisfies readonly Verification[];

export const STATUS_LABELS: Record<ProviderStatus, string> = { draft: 'Draft', published: 'Published', suspended: 'Suspended' };
export const VERIFICATION_LABELS: Record<Verification, string> = {
  none: 'No licence',
  pending: 'Licence waiting',
  verified: 'Licence verified',
  rejected: 'Licence rejected',
};

export function isKind(v: string | null): v is ProviderKind {
  return (PROVIDER_KINDS as readonly string[]).includes(v ?? '');
}

/** Where one provider's detail page lives: the therapist address for therapists, the coach address for coaches. */
export function providerDetailPath(p: { id: string; kind: string }): string {
  const base = p.kind === 'coach' ? '/admin-dashboard/lifeCoach/coach-details' : '/admin-dashboard/therapist/therapist-details';
  return `${base}?id=${encodeURIComponent(p.id)}`;
}

export const adminPracticeApi = {
  providers: (query: ListQuery) => unwrap(api().GET('/api/v1/admin/providers', { params: { query } })),
  provider: (id: string) => unwrap(api().GET('/api/v1/admin/providers/{id}', { params: { path: { id } } })).then((r) => r.data),
  decide: (id: string, decision: 'verified' | 'rejected', note: string) =>
    unwrap(api().POST('/api/v1/admin/providers/{id}/verification', { params: { path: { id } }, body: { decision, note } })).then((r) => r.data),
  suspend: (id: string, reason: string) =>
    unwrap(api().POST('/api/v1/admin/providers/{id}/suspend', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
  /** A licence document's image (the preview or full size): private, fetched with the token; every read is audited. */
  licenceFile: async (providerId: string, doc: LicenceDocument, size: 'preview' | 'full'): Promise<Blob> => {
    const path = `/api/v1/admin/providers/${encodeURIComponent(providerId)}/licence/documents/${encodeURIComponent(doc.id)}/file?size=${size}`;
    const res = await authedFetch(new Request(apiUrl(path)));
    if (!res.ok) throw errorFromBody(res, await res.json().catch(() => undefined));
    return new Blob([await res.arrayBuffer()], { type: res.headers.get('X-Document-Type') ?? doc.content_type });
  },
  reinstate: (id: string) => unwrap(api().POST('/api/v1/admin/providers/{id}/reinstate', { params: { path: { id } } })).then((r) => r.data),
};

export const adminReviewsApi = {
  queue: (query: { status?: ReviewStatus; page?: number; per_page?: number }) => unwrap(api().GET('/api/v1/admin/reviews', { params: { query } })),
  decide: (id: string, action: 'restore' | 'remove') =>
    unwrap(api().POST('/api/v1/admin/reviews/{id}/decision', { params: { path: { id } }, body: { action } })).then((r) => r.data),
  /** A provider's visible reviews (the public list; a suspended or unpublished provider's answers 404). */
  ofProvider: (id: string, cursor?: string) => unwrap(api().GET('/api/v1/providers/{id}/reviews', { params: { path: { id }, query: { cursor, limit: 10 } } })),
};

/** react-query keys of the admin's practice screens. */
export const adminPracticeKeys = {
  all: ['admin', 'providers'] as const,
  list: (q: Record<string, string | number>) => ['admin', 'providers', 'list', q] as const,
  detail: (id: string) => ['admin', 'providers', 'detail', id] as const,
  licenceFile: (id: string, size: 'preview' | 'full') => ['admin', 'licence-file', id, size] as const,
  pendingCount: (kind: string) => ['admin', 'providers', 'list', { verification: 'pending', kind, count: true }] as const,
  reviewsAll: ['admin', 'reviews'] as const,
  reviews: (status: string, page: number) => ['admin', 'reviews', status, page] as const,
  reported: ['admin', 'reviews', 'reported', 'all'] as const,
  visible: (id: string) => ['admin', 'reviews', 'visible', id] as const,
};
