import type { ChatMessage, Conversation } from './api';

/** How long a sender may edit or delete a message (the API's EditWindow). */
export const EDIT_WINDOW_MS = 15 * 60 * 1000;

/** Merges messages into a list kept oldest first by number, each message once (a newer copy replaces an older). */
export function mergeMessages(list: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Whether `me` may still edit or delete message `m` at `now`. */
export function canChange(m: ChatMessage, me: string | null, now: number): boolean {
  return !!me && m.sender_id === me && !m.deleted && now - Date.parse(m.sent_at) < EDIT_WINDOW_MS;
}

/**
 * The receipt under one's own message: "Seen" once another member's receipt reaches it (in a group, "Seen by N"),
 * "Sent" before; nothing under others' messages.
 */
export function receiptLabel(m: ChatMessage, conv: Pick<Conversation, 'members' | 'kind'>, me: string | null): string | null {
  if (!me || m.sender_id !== me || m.deleted) return null;
  const seen = conv.members.filter((p) => p.id !== me && p.read_up_to >= m.seq).length;
  if (seen === 0) return 'Sent';
  return conv.kind === 'group' ? `Seen by ${seen}` : 'Seen';
}

/** A conversation's name for its list: a group's title, otherwise the other person's name. */
export function conversationName(c: Pick<Conversation, 'kind' | 'title' | 'members'>, me: string | null): string {
  if (c.kind === 'group') return c.title;
  const other = c.members.find((p) => p.id !== me);
  return other?.display_name ?? 'Conversation';
}

/** "Online", "Last seen 5 minutes ago", or null when unknown. */
export function presenceLabel(p: { online: boolean; last_seen: string | null }, now: number): string | null {
  if (p.online) return 'Online';
  if (!p.last_seen) return null;
  const mins = Math.max(0, Math.round((now - Date.parse(p.last_seen)) / 60000));
  if (mins < 1) return 'Last seen just now';
  if (mins < 60) return `Last seen ${mins} minute${mins === 1 ? '' : 's'} ago`;
  const hours = Math.round(mins / 60);
  if (hours < 24) return `Last seen ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `Last seen ${days} day${days === 1 ? '' : 's'} ago`;
}

/**
 * Reads `?to=<user>&about=<type>:<id>` (the start of a conversation), or null. `about` alone is enough when the subject
 * names the one person to talk to (a tour's guide, a product's seller).
 */
export function startParams(search: URLSearchParams): { to?: string; about?: string } | null {
  const to = search.get('to')?.trim() || undefined;
  const raw = search.get('about')?.trim();
  const about = raw && /^[a-z_]{1,30}:[^:\s]{1,64}$/.test(raw) ? raw : undefined;
  if (!to && !about) return null;
  return { ...(to ? { to } : {}), ...(about ? { about } : {}) };
}

/** The link that starts (or opens) a conversation with a person about something: other features link to it. */
export function messageHref(base: string, to: string | null, about?: string): string {
  const q = new URLSearchParams();
  if (to) q.set('to', to);
  if (about) q.set('about', about);
  return `${base}?${q.toString()}`;
}

/** A throttle for typing frames: true when a frame may be sent now (at most one per `everyMs`). */
export function typingThrottle(everyMs = 3000): (now: number) => boolean {
  let last = -Infinity;
  return (now) => {
    if (now - last < everyMs) return false;
    last = now;
    return true;
  };
}

/**
 * Fetches everything after `lastId` page by page (resume after a reconnect): each page is asked after the last
 * message of the one before, until the API says no more follow.
 */
export async function fetchMissed(
  lastId: string,
  page: (after: string) => Promise<{ data: ChatMessage[]; meta: { next_cursor?: string | null } }>,
  maxPages = 20,
): Promise<ChatMessage[]> {
  const out: ChatMessage[] = [];
  let after = lastId;
  for (let i = 0; i < maxPages; i++) {
    const r = await page(after);
    out.push(...r.data);
    const last = r.data[r.data.length - 1];
    if (!r.meta.next_cursor || !last) break;
    after = last.id;
  }
  return out;
}

/** Formats a byte size for an attachment. */
export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
