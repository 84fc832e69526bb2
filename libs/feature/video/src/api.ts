import { typedClient, unwrap, type components } from '@sojourn/api-client';

type S = components['schemas'];
export type VideoRoom = S['VideoRoom'];
export type VideoToken = S['VideoToken'];
export type ProviderKind = 'therapist' | 'coach';

const api = () => typedClient(true);
const room = (id: string) => ({ params: { path: { id } } });

/** The video rooms' calls (api/contract/video.yaml). */
export const videoApi = {
  rooms: (kind?: ProviderKind) => unwrap(api().GET('/api/v1/video/rooms', { params: { query: kind ? { kind } : {} } })).then((r) => r.data),
  room: (id: string) => unwrap(api().GET('/api/v1/video/rooms/{id}', room(id))).then((r) => r.data),
  callFriend: (friendId: string) => unwrap(api().POST('/api/v1/video/rooms', { body: { friend_id: friendId } })).then((r) => r.data),
  join: (id: string) => unwrap(api().POST('/api/v1/video/rooms/{id}/join', room(id))).then((r) => r.data),
  admit: (id: string) => unwrap(api().POST('/api/v1/video/rooms/{id}/admit', room(id))).then((r) => r.data),
  leave: (id: string) => unwrap(api().POST('/api/v1/video/rooms/{id}/leave', room(id))).then((r) => r.data),
  token: (id: string) => unwrap(api().POST('/api/v1/video/rooms/{id}/token', room(id))).then((r) => r.data),
};

export const videoKeys = {
  all: ['video'] as const,
  rooms: (kind?: ProviderKind) => ['video', 'rooms', kind ?? 'client'] as const,
  room: (id: string) => ['video', 'room', id] as const,
};

/** Realtime event types of the video domain. */
export const VIDEO_LOBBY = 'video.lobby';
export const VIDEO_ROOM = 'video.room';
export const VIDEO_SIGNAL = 'video.signal';

/** A room pushed by the server (video.lobby, video.room): checked enough to trust its shape. */
export function asRoom(data: unknown): VideoRoom | null {
  if (!data || typeof data !== 'object') return null;
  const r = data as Partial<VideoRoom>;
  return typeof r.id === 'string' && typeof r.role === 'string' && r.lobby && typeof r.lobby === 'object' ? (r as VideoRoom) : null;
}

/** Whether the other participant is in the call (for the host: the admitted client in the room; for the guest: the host in the room). */
export function peerInCall(r: VideoRoom): boolean {
  return r.role === 'host' ? r.lobby.guest_in && r.lobby.guest_admitted : r.lobby.host_in;
}

/** Whether the caller is in the call (not waiting in the lobby). */
export function selfInCall(r: VideoRoom): boolean {
  return r.role === 'host' ? r.lobby.host_in : r.lobby.guest_in && r.lobby.guest_admitted;
}

/** The user portal's page and the providers' pages. */
export const USER_VIDEO_PATH = '/video-chat';
export const videoRoomHref = (base: string, id: string) => `${base}?room=${encodeURIComponent(id)}`;
