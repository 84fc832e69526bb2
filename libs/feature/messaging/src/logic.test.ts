import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from './api';
import { canChange, conversationName, fetchMissed, mergeMessages, presenceLabel, receiptLabel, startParams, typingThrottle } from './logic';

const msg = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`, conversation_id: 'c', seq, sender_id: 'a', body: `b${seq}`, attachment: null,
  sent_at: '2026-01-01T10:00:00Z', edited_at: null, deleted: false, reactions: [], seen_by: [], ...over,
});
const member = (id: string, read: number) => ({ id, display_name: id.toUpperCase(), avatar_url: '', online: false, last_seen: null, role: 'member' as const, read_up_to: read });

describe('mergeMessages', () => {
  it('keeps each message once, in order, the newer copy winning', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(2), msg(3, { body: 'edited' }), msg(1)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(merged[2]?.body).toBe('edited');
  });
});

describe('receiptLabel', () => {
  const conv: Pick<Conversation, 'members' | 'kind'> = { kind: 'direct', members: [member('a', 5), member('b', 2)] };
  it('shows Seen once the other member read it, Sent before, nothing for others', () => {
    expect(receiptLabel(msg(2), conv, 'a')).toBe('Seen');
    expect(receiptLabel(msg(3), conv, 'a')).toBe('Sent');
    expect(receiptLabel(msg(2, { sender_id: 'b' }), conv, 'a')).toBeNull();
  });
  it('counts readers in a group', () => {
    expect(receiptLabel(msg(2), { kind: 'group', members: [member('a', 0), member('b', 2), member('c', 9)] }, 'a')).toBe('Seen by 2');
  });
});

describe('canChange', () => {
  it('allows the sender within 15 minutes only', () => {
    const t = Date.parse('2026-01-01T10:00:00Z');
    expect(canChange(msg(1), 'a', t + 14 * 60_000)).toBe(true);
    expect(canChange(msg(1), 'a', t + 15 * 60_000)).toBe(false);
    expect(canChange(msg(1), 'b', t)).toBe(false);
    expect(canChange(msg(1, { deleted: true }), 'a', t)).toBe(false);
  });
});

describe('startParams and names', () => {
  it('reads to and a well-formed about', () => {
    expect(startParams(new URLSearchParams('to=u1&about=tour:t1'))).toEqual({ to: 'u1', about: 'tour:t1' });
    expect(startParams(new URLSearchParams('to=u1&about=bad'))).toEqual({ to: 'u1' });
    expect(startParams(new URLSearchParams('about=tour:t1'))).toEqual({ about: 'tour:t1' });
    expect(startParams(new URLSearchParams('about=bad'))).toBeNull();
  });
  it('names a direct conversation after the other person', () => {
    expect(conversationName({ kind: 'direct', title: '', members: [member('a', 0), member('b', 0)] }, 'a')).toBe('B');
    expect(conversationName({ kind: 'group', title: 'Trip', members: [] }, 'a')).toBe('Trip');
  });
  it('words presence', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(presenceLabel({ online: true, last_seen: null }, now)).toBe('Online');
    expect(presenceLabel({ online: false, last_seen: '2026-01-01T09:55:00Z' }, now)).toBe('Last seen 5 minutes ago');
    expect(presenceLabel({ online: false, last_seen: null }, now)).toBeNull();
  });
});

describe('typingThrottle', () => {
  it('lets one frame through per interval', () => {
    const ok = typingThrottle(3000);
    expect([ok(0), ok(1000), ok(3000), ok(3500), ok(6100)]).toEqual([true, false, true, false, true]);
  });
});

describe('fetchMissed', () => {
  it('pages after the last message until no more follow, each message once in order', async () => {
    const all = [msg(4), msg(5), msg(6), msg(7), msg(8)];
    const asked: string[] = [];
    const page = async (after: string) => {
      asked.push(after);
      const i = all.findIndex((m) => m.id === after);
      const rest = all.slice(i + 1);
      return { data: rest.slice(0, 2), meta: { next_cursor: rest.length > 2 ? 'more' : null } };
    };
    const got = await fetchMissed('m3', async (after) => (after === 'm3' ? { data: all.slice(0, 2), meta: { next_cursor: 'x' } } : page(after)));
    expect(got.map((m) => m.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(asked).toEqual(['m5', 'm7']);
  });
});
