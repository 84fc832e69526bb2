import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface NotificationStamp {
  id: string;
  /** RFC 3339 creation time. */
  createdAt: string;
}

export interface NotificationsState {
  notifications: NotificationStamp[];
  /** RFC 3339 time up to which notifications count as seen, or null when never set. */
  lastSeenAt: string | null;
  /**
   * Replace the known notifications. With no last-seen time and at least one notification, last-seen becomes the
   * newest notification's time, so a first load shows nothing as unseen.
   */
  setNotifications: (list: NotificationStamp[]) => void;
  /** Login sets last-seen to now. */
  markLogin: (now?: Date) => void;
  markAllSeen: (now?: Date) => void;
  clear: () => void;
}

const time = (s: string) => new Date(s).getTime();

export function newestCreatedAt(list: NotificationStamp[]): string | null {
  let best: string | null = null;
  for (const n of list) if (best === null || time(n.createdAt) > time(best)) best = n.createdAt;
  return best;
}

/** A notification is unseen when it was created after the last-seen time. */
export function isUnseen(n: NotificationStamp, lastSeenAt: string | null): boolean {
  if (lastSeenAt === null) return true;
  return time(n.createdAt) > time(lastSeenAt);
}

export function selectUnseenCount(s: Pick<NotificationsState, 'notifications' | 'lastSeenAt'>): number {
  return s.notifications.filter((n) => isUnseen(n, s.lastSeenAt)).length;
}

export const useNotificationsStore = create<NotificationsState>()(
  persist(
    (set) => ({
      notifications: [],
      lastSeenAt: null,
      setNotifications: (list) =>
        set((s) => ({
          notifications: list,
          lastSeenAt: s.lastSeenAt === null && list.length > 0 ? newestCreatedAt(list) : s.lastSeenAt,
        })),
      markLogin: (now = new Date()) => set({ lastSeenAt: now.toISOString() }),
      markAllSeen: (now = new Date()) => set({ lastSeenAt: now.toISOString() }),
      clear: () => set({ notifications: [], lastSeenAt: null }),
    }),
    { name: 'sojourn-notifications', storage: createJSONStorage(() => localStorage) },
  ),
);
