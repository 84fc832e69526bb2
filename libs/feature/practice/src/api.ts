import { apiUrl, authedFetch, errorFromBody, idempotencyHeader as idem, isApiError, typedClient, unwrap, type components } from '@sojourn/api-client';

export type Kind = 'therapist' | 'coach' | 'tour_guide' | 'car_dealer' | 'car_rental';

/** Every kind but coaches needs a verified licence to publish (practice.NeedsLicence). */
export const licensed = (kind: Kind | string) => kind !== 'coach';
export type PracticeProfile = components['schemas']['PracticeProfile'];
export type PracticeProfileInput = components['schemas']['PracticeProfileInput'];
export type PracticeFormat = components['schemas']['PracticeFormat'];
export type PracticeOffering = components['schemas']['PracticeOffering'];
export type PracticeOfferingPatch = components['schemas']['PracticeOfferingPatch'];
export type PracticeOfferingInput = components['schemas']['PracticeOfferingInput'];
export type IntakeQuestion = components['schemas']['PracticeIntakeQuestion'];
export type PracticeSchedule = components['schemas']['PracticeSchedule'];
export type PracticeWeekly = components['schemas']['PracticeWeekly'];
export type Interval = components['schemas']['PracticeInterval'];
export type PracticeOverride = components['schemas']['PracticeOverride'];
export type PracticeOverrideInput = components['schemas']['PracticeOverrideInput'];
export type PublicProfile = components['schemas']['ProviderPublicProfile'];
export type Booking = components['schemas']['Booking'];
export type BookingDetail = components['schemas']['BookingDetail'];
export type BookingStatus = components['schemas']['BookingStatus'];
export type Dashboard = components['schemas']['PracticeDashboard'];
export type PracticeClient = components['schemas']['PracticeClient'];
export type ClientDetail = components['schemas']['ClientDetail'];
export type ClientNote = components['schemas']['ClientNote'];
export type ClientNoteInput = components['schemas']['ClientNoteInput'];
export type ClientDocument = components['schemas']['ClientDocument'];
export type LicenceDocument = components['schemas']['PracticeLicenceDocument'];
export type Slot = components['schemas']['Slot'];
export type Package = components['schemas']['Package'];
export type PackageInput = components['schemas']['PackageInput'];
export type PackagePatch = components['schemas']['PackagePatch'];
export type Review = components['schemas']['Review'];
export type AppointmentTab = 'upcoming' | 'past' | 'cancelled' | 'requests';

const api = () => typedClient(true);
const pub = () => typedClient(false);
const q = (kind: Kind) => ({ params: { query: { kind } } });
type CursorMeta = components['schemas']['CursorMeta'];

/** A list of a practice not set up yet (the API answers 404 until the provider has a profile of the kind) is empty. */
async function orEmpty<T>(list: Promise<{ data: T[]; meta: CursorMeta }>, limit: number): Promise<{ data: T[]; meta: CursorMeta }> {
  try {
    return await list;
  } catch (e) {
    if (isApiError(e) && e.status === 404) return { data: [], meta: { next_cursor: null, limit } };
    throw e;
  }
}

/**
 * The provider's practice calls of api/openapi.yaml: profile, media, offerings, schedule (practice); appointments,
 * dashboard, clients (bookings); notes and documents (client notes); packages and reviews.
 */
export const practiceApi = {
  profile: (kind: Kind) => unwrap(api().GET('/api/v1/practice/profile', q(kind))).then((r) => r.data),
  saveProfile: (kind: Kind, body: PracticeProfileInput) => unwrap(api().PUT('/api/v1/practice/profile', { ...q(kind), body })).then((r) => r.data),
  publish: (kind: Kind) => unwrap(api().POST('/api/v1/practice/profile/publish', q(kind))).then((r) => r.data),
  unpublish: (kind: Kind) => unwrap(api().POST('/api/v1/practice/profile/unpublish', q(kind))).then((r) => r.data),
  addPhoto: (kind: Kind, file: File) =>
    unwrap(
      api().POST('/api/v1/practice/media', {
        ...q(kind),
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file);
          return form;
        },
      }),
    ).then((r) => r.data),
  removePhoto: (id: string) => unwrap(api().DELETE('/api/v1/practice/media/{id}', { params: { path: { id } } })),
  addLicenceDocument: (kind: Kind, file: File) =>
    unwrap(
      api().POST('/api/v1/practice/licence/documents', {
        ...q(kind),
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file);
          return form;
        },
      }),
    ).then((r) => r.data),
  removeLicenceDocument: (id: string) => unwrap(api().DELETE('/api/v1/practice/licence/documents/{id}', { params: { path: { id } } })),
  /** A licence document's image (the preview or full size): private, so fetched with the token and shown from memory. */
  licenceFile: async (doc: LicenceDocument, size: 'preview' | 'full'): Promise<Blob> => {
    const res = await authedFetch(new Request(apiUrl(`/api/v1/practice/licence/documents/${encodeURIComponent(doc.id)}/file?size=${size}`)));
    if (!res.ok) throw errorFromBody(res, await res.json().catch(() => undefined));
    return new Blob([await res.arrayBuffer()], { type: res.headers.get('X-Document-Type') ?? doc.content_type });
  },

  offerings: (kind: Kind) => unwrap(api().GET('/api/v1/practice/offerings', q(kind))).then((r) => r.data),
  createOffering: (kind: Kind, body: PracticeOfferingInput) => unwrap(api().POST('/api/v1/practice/offerings', { ...q(kind), body })).then((r) => r.data),
  updateOffering: (id: string, body: PracticeOfferingPatch) =>
    unwrap(api().PATCH('/api/v1/practice/offerings/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  archiveOffering: (id: string) => unwrap(api().DELETE('/api/v1/practice/offerings/{id}', { params: { path: { id } } })).then((r) => r.data),

  schedule: (kind: Kind) => unwrap(api().GET('/api/v1/practice/schedule', q(kind))).then((r) => r.data),
  saveSchedule: (kind: Kind, body: { weekly: PracticeWeekly; daily_limit: number; weekly_limit: number }) =>
    unwrap(api().PUT('/api/v1/practice/schedule', { ...q(kind), body })).then((r) => r.data),
  overrides: (kind: Kind, from: string, to: string) =>
    unwrap(api().GET('/api/v1/practice/schedule/overrides', { params: { query: { kind, from, to } } })).then((r) => r.data),
  addOverride: (kind: Kind, body: PracticeOverrideInput) =>
    unwrap(api().POST('/api/v1/practice/schedule/overrides', { ...q(kind), body })).then((r) => r.data),
  removeOverride: (id: string) => unwrap(api().DELETE('/api/v1/practice/schedule/overrides/{id}', { params: { path: { id } } })),

  publicProfile: (id: string) => unwrap(pub().GET('/api/v1/providers/{id}', { params: { path: { id } } })).then((r) => r.data),
  publicOfferings: (id: string) => unwrap(pub().GET('/api/v1/providers/{id}/offerings', { params: { path: { id } } })).then((r) => r.data),
  publicReviews: (id: string) => unwrap(pub().GET('/api/v1/providers/{id}/reviews', { params: { path: { id }, query: { limit: 5 } } })),

  // The dashboard, appointment lists and clients are per practice: a user who is both therapist and coach sees each
  // practice's work on its own portal, so every call names the portal's kind.
  dashboard: (kind: Kind) => unwrap(api().GET('/api/v1/practice/dashboard', q(kind))).then((r) => r.data),
  appointments: (kind: Kind, status: AppointmentTab | undefined, cursor: string | undefined, extra: { from?: string; to?: string; limit?: number } = {}) =>
    orEmpty(
      unwrap(
        api().GET('/api/v1/practice/appointments', {
          params: { query: { kind, ...(status ? { status } : {}), limit: extra.limit ?? 20, ...(cursor ? { cursor } : {}), ...(extra.from ? { from: extra.from } : {}), ...(extra.to ? { to: extra.to } : {}) } },
        }),
      ),
      extra.limit ?? 20,
    ),
  confirm: (id: string) => unwrap(api().POST('/api/v1/practice/appointments/{id}/confirm', { params: { path: { id } } })).then((r) => r.data),
  decline: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/practice/appointments/{id}/decline', { params: { path: { id }, ...idem(key) }, body: { reason } })).then((r) => r.data),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/practice/appointments/{id}/cancel', { params: { path: { id }, ...idem(key) }, body: { reason } })).then((r) => r.data),
  noShow: (id: string, key: string) => unwrap(api().POST('/api/v1/practice/appointments/{id}/no-show', { params: { path: { id }, ...idem(key) } })).then((r) => r.data),
  reschedule: (id: string, start: string) =>
    unwrap(api().POST('/api/v1/practice/appointments/{id}/reschedule', { params: { path: { id } }, body: { start } })).then((r) => r.data),
  /**
   * The upcoming (requests included) and past appointments starting between two dates, for a calendar's range: each
   * list read to the end of its cursor, at most 500 each.
   */
  appointmentsBetween: async (kind: Kind, from: string, to: string): Promise<Booking[]> => {
    const all: Booking[] = [];
    for (const status of ['past', 'upcoming'] as const) {
      let cursor: string | undefined;
      for (let i = 0; i < 5; i++) {
        const page = await practiceApi.appointments(kind, status, cursor, { from, to, limit: 100 });
        all.push(...page.data);
        cursor = page.meta.next_cursor ?? undefined;
        if (!cursor) break;
      }
    }
    return all;
  },
  slots: (offeringId: string, from: string, to: string, tz: string) =>
    unwrap(pub().GET('/api/v1/offerings/{id}/slots', { params: { path: { id: offeringId }, query: { from, to, tz } } })).then((r) => r.data),

  clients: (kind: Kind, search: string, cursor: string | undefined) =>
    orEmpty(unwrap(api().GET('/api/v1/practice/clients', { params: { query: { kind, limit: 20, ...(search ? { q: search } : {}), ...(cursor ? { cursor } : {}) } } })), 20),
  client: (kind: Kind, userId: string) => unwrap(api().GET('/api/v1/practice/clients/{userId}', { params: { path: { userId }, query: { kind } } })).then((r) => r.data),
  notes: (userId: string, cursor: string | undefined) =>
    unwrap(api().GET('/api/v1/practice/clients/{userId}/notes', { params: { path: { userId }, query: { limit: 20, ...(cursor ? { cursor } : {}) } } })),
  addNote: (userId: string, body: ClientNoteInput) =>
    unwrap(api().POST('/api/v1/practice/clients/{userId}/notes', { params: { path: { userId } }, body })).then((r) => r.data),
  updateNote: (userId: string, id: string, body: ClientNoteInput) =>
    unwrap(api().PATCH('/api/v1/practice/clients/{userId}/notes/{id}', { params: { path: { userId, id } }, body })).then((r) => r.data),
  documents: (userId: string, cursor: string | undefined) =>
    unwrap(api().GET('/api/v1/practice/clients/{userId}/documents', { params: { path: { userId }, query: { limit: 20, ...(cursor ? { cursor } : {}) } } })),
  /** The bytes of a shared document (always an attachment; the list has its type). */
  documentFile: async (userId: string, id: string): Promise<Blob> => {
    const res = await authedFetch(new Request(apiUrl(`/api/v1/practice/clients/${encodeURIComponent(userId)}/documents/${encodeURIComponent(id)}/file`)));
    if (!res.ok) throw errorFromBody(res, await res.json().catch(() => undefined));
    return res.blob();
  },

  packages: (kind: Kind) => unwrap(api().GET('/api/v1/practice/packages', q(kind))).then((r) => r.data),
  createPackage: (body: PackageInput) => unwrap(api().POST('/api/v1/practice/packages', { body })).then((r) => r.data),
  updatePackage: (id: string, body: PackagePatch) => unwrap(api().PATCH('/api/v1/practice/packages/{id}', { params: { path: { id } }, body })).then((r) => r.data),

  /** Whether a payout (bank) account is set; the earnings page sets it. */
  payoutAccounts: () => unwrap(api().GET('/api/v1/payout-accounts')).then((r) => r.data),

  reviews: (kind: Kind, cursor: string | undefined) => orEmpty(unwrap(api().GET('/api/v1/practice/reviews', { params: { query: { kind, limit: 10, ...(cursor ? { cursor } : {}) } } })), 10),
  reply: (id: string, text: string) => unwrap(api().POST('/api/v1/practice/reviews/{id}/reply', { params: { path: { id } }, body: { text } })).then((r) => r.data),
};

export const practiceKeys = {
  all: ['practice'] as const,
  profile: (kind: Kind) => ['practice', 'profile', kind] as const,
  offerings: (kind: Kind) => ['practice', 'offerings', kind] as const,
  schedule: (kind: Kind) => ['practice', 'schedule', kind] as const,
  overrides: (kind: Kind, from: string, to: string) => ['practice', 'overrides', kind, from, to] as const,
  overridesAll: (kind: Kind) => ['practice', 'overrides', kind] as const,
  publicProfile: (id: string) => ['practice', 'public', id] as const,
  /** Every practice's dashboard (prefix, for invalidation); `dashboardOf` is one practice's. */
  dashboard: ['practice', 'dashboard'] as const,
  dashboardOf: (kind: Kind) => ['practice', 'dashboard', kind] as const,
  appointments: ['practice', 'appointments'] as const,
  appointmentList: (kind: Kind, status: string, extra: string) => ['practice', 'appointments', kind, status, extra] as const,
  slots: (offeringId: string, from: string, to: string) => ['practice', 'slots', offeringId, from, to] as const,
  clients: (kind: Kind, search: string) => ['practice', 'clients', kind, search] as const,
  client: (kind: Kind, id: string) => ['practice', 'client', kind, id] as const,
  notes: (id: string) => ['practice', 'client', id, 'notes'] as const,
  documents: (id: string) => ['practice', 'client', id, 'documents'] as const,
  licenceFile: (id: string, size: 'preview' | 'full') => ['practice', 'licence-file', id, size] as const,
  /** Every practice's packages and reviews (prefixes, for invalidation); the `Of` keys are one practice's. */
  packages: ['practice', 'packages'] as const,
  packagesOf: (kind: Kind) => ['practice', 'packages', kind] as const,
  reviews: ['practice', 'reviews'] as const,
  reviewsOf: (kind: Kind) => ['practice', 'reviews', kind] as const,
  payoutAccounts: ['practice', 'payout-accounts'] as const,
};
