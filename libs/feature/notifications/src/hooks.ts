import { useRealtimeEvent, useOnResume } from '@sojourn/realtime';
import { useNotificationsStore } from '@sojourn/session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys, notificationsApi, type Notification } from './api';

/**
 * The bell's counts, kept live: a pushed notification.new (or a reconnect) refetches them and the latest. Signing in
 * set the session's last-seen time to now (the spec's rule, @sojourn/session); when the server's is older, it is
 * moved to now too, so every device counts the same.
 */
export function useNotificationSummary() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeEvent('notification.new', refresh);
  useOnResume(refresh);
  const q = useQuery({ queryKey: notificationKeys.summary, queryFn: notificationsApi.summary, refetchInterval: 5 * 60_000 });
  const localSeen = useNotificationsStore((s) => s.lastSeenAt);
  const serverSeen = q.data?.last_seen_at ?? null;
  const behind = localSeen !== null && q.data !== undefined && (serverSeen === null || Date.parse(serverSeen) < Date.parse(localSeen));
  useEffect(() => {
    if (!behind) return;
    void notificationsApi.seen().then((s) => qc.setQueryData(notificationKeys.summary, s), () => undefined);
  }, [behind, qc]);
  return q;
}

/** The newest few, for the dropdown; also the session store's list (the spec's client-side unseen rules). */
export function useLatestNotifications(enabled: boolean) {
  const q = useQuery({ queryKey: notificationKeys.latest, queryFn: () => notificationsApi.list(undefined, 6), enabled });
  const setNotifications = useNotificationsStore((s) => s.setNotifications);
  useEffect(() => {
    if (q.data) setNotifications(q.data.data.map((n) => ({ id: n.id, createdAt: n.created_at })));
  }, [q.data, setNotifications]);
  return q;
}

/** Mark seen (now), one read, all read; each refreshes what shows counts. */
export function useNotificationActions() {
  const qc = useQueryClient();
  const markAllSeen = useNotificationsStore((s) => s.markAllSeen);
  const refresh = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });
  const seen = useMutation({
    mutationFn: notificationsApi.seen,
    onMutate: () => markAllSeen(),
    onSuccess: (s) => qc.setQueryData(notificationKeys.summary, s),
  });
  const read = useMutation({ mutationFn: (n: Notification) => notificationsApi.read(n.id), onSettled: refresh });
  const readAll = useMutation({ mutationFn: notificationsApi.readAll, onSettled: refresh });
  return { seen, read, readAll };
}
