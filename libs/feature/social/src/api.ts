import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type SocialPerson = S['SocialPerson'];
export type FriendRequest = S['FriendRequest'];
export type FriendRequestResult = S['FriendRequestResult'];
export type Friend = S['Friend'];
export type BlockedPerson = S['BlockedPerson'];
export type SocialFollow = S['SocialFollow'];
export type FriendSuggestion = S['FriendSuggestion'];
export type SocialRelation = S['SocialRelation'];
export type SocialPrivacy = S['SocialPrivacy'];
export type SocialPost = S['SocialPost'];
export type SocialComment = S['SocialComment'];
export type SocialReport = S['SocialReport'];
export type Audience = SocialPost['audience'];
export type ReportStatus = 'open' | 'dismissed' | 'removed' | 'all';

const api = () => typedClient(true);
const path = (id: string) => ({ params: { path: { id } } });

/** The friends and feed calls (api/contract/social.yaml). */
export const socialApi = {
  friends: (cursor?: string) => unwrap(api().GET('/api/v1/social/friends', { params: { query: { cursor, limit: 20 } } })),
  unfriend: (userId: string) => unwrap(api().DELETE('/api/v1/social/friends/{user_id}', { params: { path: { user_id: userId } } })),
  requests: (box: 'received' | 'sent', cursor?: string) =>
    unwrap(api().GET('/api/v1/social/requests', { params: { query: { box, cursor, limit: 20 } } })),
  sendRequest: (userId: string) => unwrap(api().POST('/api/v1/social/requests', { body: { user_id: userId } })).then((r) => r.data),
  accept: (id: string) => unwrap(api().POST('/api/v1/social/requests/{id}/accept', path(id))).then((r) => r.data),
  decline: (id: string) => unwrap(api().POST('/api/v1/social/requests/{id}/decline', path(id))),
  cancel: (id: string) => unwrap(api().DELETE('/api/v1/social/requests/{id}', path(id))),
  blocks: (cursor?: string) => unwrap(api().GET('/api/v1/social/blocks', { params: { query: { cursor, limit: 20 } } })),
  block: (userId: string) => unwrap(api().POST('/api/v1/social/blocks', { body: { user_id: userId } })).then((r) => r.data),
  unblock: (userId: string) => unwrap(api().DELETE('/api/v1/social/blocks/{user_id}', { params: { path: { user_id: userId } } })),
  privacy: () => unwrap(api().GET('/api/v1/social/privacy')).then((r) => r.data),
  setPrivacy: (body: SocialPrivacy) => unwrap(api().PUT('/api/v1/social/privacy', { body })).then((r) => r.data),
  suggestions: () => unwrap(api().GET('/api/v1/social/suggestions')).then((r) => r.data),
  people: (q: string) => unwrap(api().GET('/api/v1/social/people', { params: { query: { q } } })).then((r) => r.data),
  relation: (id: string) => unwrap(api().GET('/api/v1/social/people/{id}', path(id))).then((r) => r.data),
  postsOf: (id: string, cursor?: string) =>
    unwrap(api().GET('/api/v1/social/people/{id}/posts', { params: { path: { id }, query: { cursor, limit: 10 } } })),
  follows: (cursor?: string) => unwrap(api().GET('/api/v1/social/follows', { params: { query: { cursor, limit: 20 } } })),
  providersToFollow: () => unwrap(api().GET('/api/v1/social/follows/suggestions')).then((r) => r.data),
  follow: (providerId: string) => unwrap(api().POST('/api/v1/social/follows', { body: { provider_id: providerId } })).then((r) => r.data),
  unfollow: (providerId: string) =>
    unwrap(api().DELETE('/api/v1/social/follows/{provider_id}', { params: { path: { provider_id: providerId } } })),
  feed: (cursor?: string) => unwrap(api().GET('/api/v1/social/feed', { params: { query: { cursor, limit: 10 } } })),
  createPost: (body: string, audience: Audience | '') =>
    unwrap(api().POST('/api/v1/social/posts', { body: { body, audience } })).then((r) => r.data),
  post: (id: string) => unwrap(api().GET('/api/v1/social/posts/{id}', path(id))).then((r) => r.data),
  deletePost: (id: string) => unwrap(api().DELETE('/api/v1/social/posts/{id}', path(id))),
  addPhoto: (id: string, file: File) =>
    unwrap(
      api().POST('/api/v1/social/posts/{id}/photos', {
        params: { path: { id } },
        body: { file: file as unknown as string },
        bodySerializer: () => {
          const fd = new FormData();
          fd.append('file', file);
          return fd;
        },
      }),
    ).then((r) => r.data),
  like: (id: string) => unwrap(api().POST('/api/v1/social/posts/{id}/like', path(id))).then((r) => r.data),
  unlike: (id: string) => unwrap(api().DELETE('/api/v1/social/posts/{id}/like', path(id))).then((r) => r.data),
  comments: (id: string, cursor?: string) =>
    unwrap(api().GET('/api/v1/social/posts/{id}/comments', { params: { path: { id }, query: { cursor, limit: 5 } } })),
  addComment: (id: string, body: string) =>
    unwrap(api().POST('/api/v1/social/posts/{id}/comments', { params: { path: { id } }, body: { body } })).then((r) => r.data),
  deleteComment: (id: string) => unwrap(api().DELETE('/api/v1/social/comments/{id}', path(id))),
  report: (id: string, reason: string) => unwrap(api().POST('/api/v1/social/posts/{id}/report', { params: { path: { id } }, body: { reason } })),
  reports: (status: ReportStatus, page: number, perPage = 20) =>
    unwrap(api().GET('/api/v1/admin/social/reports', { params: { query: { status, page, per_page: perPage } } })),
  dismiss: (id: string) => unwrap(api().POST('/api/v1/admin/social/reports/{id}/dismiss', path(id))).then((r) => r.data),
  remove: (id: string) => unwrap(api().POST('/api/v1/admin/social/reports/{id}/remove', path(id))).then((r) => r.data),
};

export const socialKeys = {
  all: ['social'] as const,
  friends: ['social', 'friends'] as const,
  requests: (box: 'received' | 'sent') => ['social', 'requests', box] as const,
  blocks: ['social', 'blocks'] as const,
  privacy: ['social', 'privacy'] as const,
  suggestions: ['social', 'suggestions'] as const,
  people: (q: string) => ['social', 'people', q] as const,
  feed: ['social', 'feed'] as const,
  postsOf: (id: string) => ['social', 'posts-of', id] as const,
  comments: (id: string) => ['social', 'comments', id] as const,
  follows: ['social', 'follows'] as const,
  providersToFollow: ['social', 'providers-to-follow'] as const,
  reports: (status: ReportStatus, page: number) => ['social', 'reports', status, page] as const,
};

export const FRIENDS_PATH = '/friendrequest';
export const FEED_PATH = '/feed';

/** The realtime event types social pushes (interfaces.md). */
export const FRIEND_REQUEST_EVENT = 'friend.request';
export const FRIEND_UPDATED_EVENT = 'friend.updated';
/** A new post entered the reader's feed (its id and author's id only). */
export const FEED_POST_EVENT = 'feed.post';

export const personName = (p: SocialPerson) => p.display_name || p.username;

const rtf = typeof Intl !== 'undefined' ? new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }) : null;

/** "5 minutes ago", "yesterday", or the date past a week. */
export function when(iso: string, now = Date.now()): string {
  const t = new Date(iso).getTime();
  const s = Math.round((t - now) / 1000);
  const a = Math.abs(s);
  if (!rtf) return new Date(iso).toLocaleString();
  if (a < 45) return 'just now';
  if (a < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (a < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  if (a < 7 * 86400) return rtf.format(Math.round(s / 86400), 'day');
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
