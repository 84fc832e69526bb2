/** The user portal's speed-dating page: the events, one event (?event=) with its live room, the caller's tickets. */
export const SPEED_DATING_PATH = '/speed-dating';
/** The admin portal's events table; an event's console at /:id, the form at /new and /:id/edit. */
export const ADMIN_SPEED_DATING_PATH = '/admin-dashboard/speed-dating';

export const eventHref = (id: string) => `${SPEED_DATING_PATH}?event=${encodeURIComponent(id)}`;
export const adminEventHref = (id: string) => `${ADMIN_SPEED_DATING_PATH}/${encodeURIComponent(id)}`;
/** The conversation a match opened (`?c=`), else the one with the person (`?to=`). */
export const conversationHref = (m: { conversation_id: string | null; person: { id: string } }) =>
  m.conversation_id ? `/messaging?c=${encodeURIComponent(m.conversation_id)}` : `/messaging?to=${encodeURIComponent(m.person.id)}`;
